import { uuidv4 } from '@/lib/uuid';
import { keptOnDevice } from './kept';
import type { CounterSaleRequest } from '@/types/api';

/** One line of a sale as the counter edits it: a donation type (or 'custom' with its own name) and an amount. */
export type DraftLine = { donationTypeId: string; name: string; amount: string };

/** One part of the payment as the counter edits it. */
export type DraftTender = {
  method: 'cash' | 'check' | 'card';
  amount: string;
  /** Cash: what was handed over (blank: exactly the amount). */
  tendered: string;
  checkNumber: string;
  bank: string;
  checkDate: string;
  /** Card: the key of this card attempt (the same key answers the same charge). */
  cardKey?: string;
  /** Card: the charge paid on the tablet; its amount can no longer change. */
  intentId?: string;
};

/** Who gives: a member, a walk-in who gave before (their donor record), or a new walk-in. */
export type DraftDonor =
  | { kind: 'member'; userId: string; label: string }
  | { kind: 'returning'; donorId: string; label: string }
  | { kind: 'walk-in'; name: string; email: string; phone: string; address: string };

/** A seva to book in the sale: its price is the catalogue's. */
export type DraftSeva = { sevaId: string; name: string; date: string; slot: string; priceCents: number };

/** An event to register the member for, with the family members coming. */
export type DraftRegistration = { eventId: string; family: string };

export type DraftSale = {
  donor: DraftDonor | null;
  sevas: DraftSeva[];
  /** Event registrations, for a member only. */
  registrations?: DraftRegistration[];
  lines: DraftLine[];
  tenders: DraftTender[];
  /** The sale's key, fixed once a card is charged for it: only this sale may use that charge. */
  key?: string;
};

/** Cents of a dollar amount typed at the counter ('62', '62.5', '62.50'); null when it is not one. */
export function cents(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** '$38.00' */
export function dollars(amountCents: number): string {
  return `$${(amountCents / 100).toFixed(2)}`;
}

/** The sale's total: its sevas' prices and its lines' amounts. */
export function totalCents(sale: Pick<DraftSale, 'sevas' | 'lines'>): number {
  return sale.sevas.reduce((sum, s) => sum + s.priceCents, 0) + sale.lines.reduce((sum, l) => sum + (cents(l.amount) ?? 0), 0);
}

/**
 * The tenders with a blank amount filled in: one part left blank pays the rest of the total (the
 * usual single cash or check part needs no amount typed).
 */
export function resolved(sale: Pick<DraftSale, 'sevas' | 'lines' | 'tenders'>): DraftTender[] {
  const blanks = sale.tenders.filter((t) => !t.amount.trim()).length;
  if (blanks !== 1) return sale.tenders;
  const rest = totalCents(sale) - paidCents(sale.tenders);
  return sale.tenders.map((t) => (t.amount.trim() ? t : { ...t, amount: rest > 0 ? (rest / 100).toFixed(2) : '' }));
}

export function paidCents(tenders: readonly DraftTender[]): number {
  return tenders.reduce((sum, t) => sum + (cents(t.amount) ?? 0), 0);
}

/** The change to give back: cash handed over beyond the cash part. */
export function changeCents(tenders: readonly DraftTender[]): number {
  return tenders
    .filter((t) => t.method === 'cash')
    .reduce((sum, t) => {
      const amount = cents(t.amount) ?? 0;
      const tendered = t.tendered.trim() ? (cents(t.tendered) ?? amount) : amount;
      return sum + Math.max(0, tendered - amount);
    }, 0);
}

export const emptyTender = (method: DraftTender['method'], amount = ''): DraftTender => ({
  method,
  amount,
  tendered: '',
  checkNumber: '',
  bank: '',
  checkDate: '',
});

/** A donation line left as it came, with neither a name nor an amount: not part of the sale. */
const untouched = (line: DraftLine) => !line.name.trim() && !line.amount.trim();

/** The sale without its untouched donation lines (an archana alone leaves the blank line as it is). */
function filled(sale: DraftSale): DraftSale {
  return { ...sale, lines: sale.lines.filter((l) => !untouched(l)) };
}

/** What stops the sale from being finished, in the order the counter fixes it; empty when ready. */
export function problems(draft: DraftSale): string[] {
  const sale = filled(draft);
  const out: string[] = [];
  if (!sale.donor) out.push('Choose a member or take a walk-in');
  else if (sale.donor.kind === 'walk-in' && !sale.donor.name.trim()) out.push("Enter the walk-in's name");
  if (sale.sevas.some((s) => !s.sevaId || !s.date)) out.push('Choose each seva and its day');
  const registrations = sale.registrations ?? [];
  if (registrations.length > 0 && sale.donor?.kind !== 'member') out.push('Event registrations are for members: find the member');
  if (registrations.some((r) => !r.eventId)) out.push('Choose each event to register for');
  if (registrations.some((r) => !/^\d{1,2}$/.test(r.family.trim() || '0'))) out.push('Family members coming is a whole number');
  if (sale.lines.length === 0 && sale.sevas.length === 0) out.push('Add a seva or a donation line');
  if (sale.lines.some((l) => !cents(l.amount))) out.push('Each line needs an amount');
  if (sale.lines.some((l) => !l.name.trim())) out.push('Each line needs a name');
  const total = totalCents(sale);
  const tenders = resolved(sale);
  if (tenders.length === 0) out.push('Add how the sale is paid');
  else if (paidCents(tenders) !== total) out.push(`The payment parts add up to ${dollars(paidCents(tenders))}, not ${dollars(total)}`);
  for (const t of tenders.filter((t) => t.method === 'cash' && t.tendered.trim())) {
    const tendered = cents(t.tendered);
    if (tendered === null || tendered < (cents(t.amount) ?? 0)) out.push('The cash received must be at least the cash part');
  }
  if (tenders.some((t) => t.method === 'check' && (!t.checkNumber.trim() || !t.bank.trim() || !t.checkDate))) {
    out.push("Enter each check's number, bank and date");
  }
  if (tenders.filter((t) => t.method === 'card').length > 1) out.push('Take the card as one payment part');
  return out;
}

/** The request the server takes for a finished sale. */
export function toRequest(draft: DraftSale): CounterSaleRequest {
  const sale = filled(draft);
  const donor = sale.donor;
  return {
    donor:
      donor === null
        ? {}
        : donor.kind === 'member'
          ? { userId: donor.userId }
          : donor.kind === 'returning'
            ? { donorId: donor.donorId }
            : { name: donor.name.trim(), email: donor.email.trim() || null, phone: donor.phone.trim() || null, address: donor.address.trim() || null },
    ...(sale.sevas.length > 0 ? { sevas: sale.sevas.map((s) => ({ sevaId: s.sevaId, date: s.date, ...(s.slot ? { slot: s.slot } : {}) })) } : {}),
    ...((sale.registrations ?? []).length > 0
      ? { registrations: (sale.registrations ?? []).map((r) => ({ eventId: r.eventId, numberOfFamilyMembers: Number(r.family.trim() || '0') })) }
      : {}),
    lines: sale.lines.map((l) => ({ donationTypeId: l.donationTypeId, amount: l.amount.trim(), name: l.name.trim() })),
    tenders: resolved(sale).map((t) =>
      t.method === 'cash'
        ? { method: 'cash', amount: t.amount.trim(), ...(t.tendered.trim() ? { tendered: t.tendered.trim() } : {}) }
        : t.method === 'card'
          ? { method: 'card', amount: t.amount.trim(), paymentIntentId: t.intentId ?? '' }
          : { method: 'check', amount: t.amount.trim(), checkNumber: t.checkNumber.trim(), bank: t.bank.trim(), checkDate: t.checkDate },
    ),
  };
}

/** A sale sent but not yet confirmed, kept on this device until the server answers. */
export type PendingSale = { key: string; request: CounterSaleRequest; draft: DraftSale };

const pendingSale = keptOnDevice<PendingSale>(
  'mandir.counter.pending',
  (p) => typeof p.key === 'string' && typeof p.request === 'object' && typeof p.draft === 'object',
);

export const loadPending = (): PendingSale | null => pendingSale.load();
export const savePending = (pending: PendingSale): void => pendingSale.save(pending);
export const clearPending = (): void => pendingSale.clear();

/**
 * A sale whose card was paid on the tablet but which is not recorded yet (it was refused, say):
 * kept on this device so a reload does not forget the paid card.
 */
export const draftWithCard = keptOnDevice<DraftSale>('mandir.counter.card-draft', (d) => Array.isArray(d.tenders));

/** A new key per sale: what makes a resubmission answer the sale already recorded. */
export function newSaleKey(): string {
  return `sale-${uuidv4()}`;
}

/** A new key per card attempt. */
export function newCardKey(): string {
  return `card-${uuidv4()}`;
}

/** The card part still to be charged on the tablet before the sale can be sent (its index), or -1. */
export function cardToCharge(draft: DraftSale): number {
  return draft.tenders.findIndex((t) => t.method === 'card' && !t.intentId);
}

/** The card part paid on the tablet that no recorded sale used yet (what Clear must give back). */
export function paidCard(draft: DraftSale): DraftTender | undefined {
  return draft.tenders.find((t) => t.method === 'card' && t.intentId);
}
