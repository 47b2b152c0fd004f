import type { CounterPerson } from '@/types/api';

/** A person found, as a list and a chosen donor show them: name, e-mail and phone; a walk-in says so. */
export function personLabel(p: CounterPerson): string {
  if (p.walkIn) return [p.walkIn.name, p.walkIn.email, p.walkIn.phone, 'walk-in'].filter(Boolean).join(' · ');
  const m = p.member;
  return m ? [`${m.firstName} ${m.lastName}`.trim(), m.email, m.phoneNumber].filter(Boolean).join(' · ') : '';
}

/** A found person's identity: their account's id or their donor record's. */
export const personKey = (p: CounterPerson) => p.walkIn?.id ?? p.member?.id ?? '';
