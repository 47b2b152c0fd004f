import type { DepositRequest, Undeposited } from '../types';
import { centsOf } from './money';

/** The items chosen for a deposit, by id, per group. */
export type Selection = { drawers: ReadonlySet<string>; collections: ReadonlySet<string>; checks: ReadonlySet<string> };
export type Group = keyof Selection;

export const emptySelection = (): Selection => ({ drawers: new Set(), collections: new Set(), checks: new Set() });

/** The selection with `id` of `group` chosen or not. */
export function toggle(selection: Selection, group: Group, id: string, on: boolean): Selection {
  const next = new Set(selection[group]);
  if (on) next.add(id);
  else next.delete(id);
  return { ...selection, [group]: next };
}

/** The selection with every id of `group` chosen (`on`) or none. */
export function toggleAll(selection: Selection, group: Group, ids: readonly string[], on: boolean): Selection {
  return { ...selection, [group]: new Set(on ? ids : []) };
}

/** Drops the chosen ids that are no longer waiting (deposited meanwhile, or taken apart into the list again). */
export function keepWaiting(selection: Selection, waiting: Undeposited): Selection {
  const keep = (ids: ReadonlySet<string>, items: readonly { id: string }[]) => new Set(items.map((i) => i.id).filter((id) => ids.has(id)));
  return {
    drawers: keep(selection.drawers, waiting.drawers),
    collections: keep(selection.collections, waiting.collections),
    checks: keep(selection.checks, waiting.checks),
  };
}

/** The running totals of a selection, in cents: the cash (drawers counted, hundi counts), the checks, and all. */
export function selectionTotals(selection: Selection, waiting: Undeposited) {
  const sum = <T extends { id: string }>(items: readonly T[], ids: ReadonlySet<string>, amount: (item: T) => string) =>
    items.filter((i) => ids.has(i.id)).reduce((total, i) => total + centsOf(amount(i)), 0);
  const cash = sum(waiting.drawers, selection.drawers, (d) => d.counted) + sum(waiting.collections, selection.collections, (c) => c.total);
  const checks = sum(waiting.checks, selection.checks, (c) => c.amount);
  const checkCount = waiting.checks.filter((c) => selection.checks.has(c.id)).length;
  return { cash, checks, checkCount, total: cash + checks };
}

export function selectedCount(selection: Selection): number {
  return selection.drawers.size + selection.collections.size + selection.checks.size;
}

/** The request the server takes for the chosen items and the note. */
export function toDepositRequest(selection: Selection, note: string): DepositRequest {
  return {
    drawerCloseIds: [...selection.drawers],
    collectionIds: [...selection.collections],
    checkIds: [...selection.checks],
    note: note.trim() || null,
  };
}
