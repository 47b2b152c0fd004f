import type { Collection } from '../types';

/** Where a count stands, in the words the treasurer reads in the list and on its page. */
export function countState(c: Pick<Collection, 'locked' | 'deposit' | 'firstConfirmation'>): string {
  if (c.deposit) return `In deposit ${c.deposit.number}`;
  if (c.locked) return 'Locked';
  if (c.firstConfirmation) return `Confirmed by ${c.firstConfirmation.byName} — waiting for a second person`;
  return 'Waiting for 2 confirmations';
}

/** Whether the signed-in person may confirm the count, and why not when they may not. */
export function confirmability(
  c: Pick<Collection, 'locked' | 'firstConfirmation'>,
  userId: string | undefined,
): { canConfirm: true } | { canConfirm: false; reason: string } {
  if (c.locked) return { canConfirm: false, reason: 'This count is confirmed by two people and locked.' };
  if (c.firstConfirmation && c.firstConfirmation.byId === userId) {
    return { canConfirm: false, reason: 'You made the first confirmation: the second must come from another person.' };
  }
  return { canConfirm: true };
}
