import { keptOnDevice } from './kept';
import { cents } from './sale';
import { uuidv4 } from '@/lib/uuid';
import type { CheckBatchRequest } from '@/types/api';

/** Where a batch's checks came from: collected at the temple, or received by mail. */
export type BatchChannel = 'counter' | 'mail';

/** Who wrote a check: someone the search found (a member, or a walk-in who gave before), or a new walk-in by name. */
export type DraftGiver = { kind: 'member'; userId: string; label: string } | { kind: 'returning'; donorId: string; label: string } | { kind: 'new'; name: string };

/** One check as the treasurer types it; `donationTypeId` 'custom' is a general donation. */
export type DraftCheck = {
  giver: DraftGiver;
  donationTypeId: string;
  amount: string;
  checkNumber: string;
  bank: string;
  checkDate: string;
};

export type DraftBatch = { key: string; channel: BatchChannel; checks: DraftCheck[] };

export const GENERAL = 'custom';
export const GENERAL_NAME = 'General donation';
export const MAX_CHECKS = 100;

export const blankCheck = (checkDate: string): DraftCheck => ({
  giver: { kind: 'new', name: '' },
  donationTypeId: GENERAL,
  amount: '',
  checkNumber: '',
  bank: '',
  checkDate,
});

/** A new batch with one blank check, under a fresh key (one per batch, kept until the server confirms it). */
export const newBatch = (checkDate: string): DraftBatch => ({ key: `batch-${uuidv4()}`, channel: 'mail', checks: [blankCheck(checkDate)] });

/** A check left as it came: not part of the batch. */
const untouched = (c: DraftCheck) => c.giver.kind === 'new' && !c.giver.name.trim() && !c.amount.trim() && !c.checkNumber.trim() && !c.bank.trim();

/** The checks that are part of the batch (blank rows left out). */
export function filledChecks(batch: DraftBatch): DraftCheck[] {
  return batch.checks.filter((c) => !untouched(c));
}

export function batchTotalCents(batch: DraftBatch): number {
  return filledChecks(batch).reduce((sum, c) => sum + (cents(c.amount) ?? 0), 0);
}

/** What each check still needs, by its number (1-based), in the order of the form; empty when the batch is ready. */
export function problems(batch: DraftBatch): string[] {
  const out: string[] = [];
  const checks = filledChecks(batch);
  if (checks.length === 0) out.push('Add at least one check');
  if (checks.length > MAX_CHECKS) out.push(`A batch holds at most ${MAX_CHECKS} checks`);
  batch.checks.forEach((c, i) => {
    if (untouched(c)) return;
    const missing: string[] = [];
    if (c.giver.kind === 'new' && !c.giver.name.trim()) missing.push('who wrote it');
    if (!cents(c.amount)) missing.push('an amount');
    if (!/^\d{1,20}$/.test(c.checkNumber.trim())) missing.push('a check number (digits)');
    if (!c.bank.trim()) missing.push('a bank');
    if (!c.checkDate) missing.push('a date');
    if (missing.length) out.push(`Check ${i + 1} needs ${missing.join(', ')}`);
  });
  return out;
}

/** The request the server takes for the batch's filled checks. */
export function toRequest(batch: DraftBatch, names: ReadonlyMap<string, string>): CheckBatchRequest {
  return {
    channel: batch.channel,
    checks: filledChecks(batch).map((c) => ({
      donor: c.giver.kind === 'member' ? { userId: c.giver.userId } : c.giver.kind === 'returning' ? { donorId: c.giver.donorId } : { name: c.giver.name.trim() },
      lines: [{ donationTypeId: c.donationTypeId, amount: c.amount.trim(), name: names.get(c.donationTypeId) ?? GENERAL_NAME }],
      check: { amount: c.amount.trim(), checkNumber: c.checkNumber.trim(), bank: c.bank.trim(), checkDate: c.checkDate },
    })),
  };
}

/**
 * The server's field errors (`checks[i].…`, counted over the checks sent) as messages under each
 * check of the form, by its index in the form.
 */
export function errorsByCheck(batch: DraftBatch, fields: Record<string, string>): Map<number, string[]> {
  const sentIndex = batch.checks.map((c, i) => (untouched(c) ? -1 : i)).filter((i) => i >= 0);
  const out = new Map<number, string[]>();
  for (const [field, message] of Object.entries(fields)) {
    const match = /^checks\[(\d+)\]/.exec(field);
    const formIndex = match ? sentIndex[Number(match[1])] : undefined;
    if (formIndex === undefined) continue;
    out.set(formIndex, [...(out.get(formIndex) ?? []), message]);
  }
  return out;
}

/** The batch being typed, kept on this device so a reload or a dropped network loses nothing. */
const draft = keptOnDevice<DraftBatch>('mandir.checks.draft', (b) => typeof b.key === 'string' && Array.isArray(b.checks));
export const loadDraft = draft.load;
export const saveDraft = draft.save;
export const clearDraft = draft.clear;
