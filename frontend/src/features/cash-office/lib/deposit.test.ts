import { describe, expect, it } from 'vitest';
import type { Undeposited } from '../types';
import { emptySelection, keepWaiting, selectedCount, selectionTotals, toDepositRequest, toggle, toggleAll } from './deposit';

// Only the fields the totals read; the rest of each item does not matter here.
const waiting = {
  drawers: [{ id: 'dr-1', counted: '120.00' }],
  collections: [
    { id: 'c-1', total: '73.75' },
    { id: 'c-2', total: '10.10' },
  ],
  checks: [
    { id: 'k-1', amount: '25.00' },
    { id: 'k-2', amount: '101.00' },
  ],
} as unknown as Undeposited;

describe('a deposit selection', () => {
  it('keeps running cash, checks and total in cents', () => {
    let s = emptySelection();
    expect(selectionTotals(s, waiting)).toEqual({ cash: 0, checks: 0, checkCount: 0, total: 0 });
    s = toggle(s, 'collections', 'c-1', true);
    s = toggle(s, 'checks', 'k-1', true);
    expect(selectionTotals(s, waiting)).toEqual({ cash: 7_375, checks: 2_500, checkCount: 1, total: 9_875 });
    s = toggle(s, 'drawers', 'dr-1', true);
    s = toggleAll(s, 'checks', ['k-1', 'k-2'], true);
    expect(selectionTotals(s, waiting)).toEqual({ cash: 19_375, checks: 12_600, checkCount: 2, total: 31_975 });
    s = toggle(s, 'collections', 'c-1', false);
    expect(selectionTotals(s, waiting).cash).toBe(12_000);
    expect(selectedCount(toggleAll(s, 'checks', [], false))).toBe(1);
  });

  it('drops what no longer waits (deposited meanwhile)', () => {
    const s = toggle(toggle(emptySelection(), 'checks', 'k-9', true), 'checks', 'k-2', true);
    expect([...keepWaiting(s, waiting).checks]).toEqual(['k-2']);
  });

  it('builds the request with the ids per group and the note', () => {
    const s = toggle(toggle(emptySelection(), 'collections', 'c-2', true), 'checks', 'k-1', true);
    expect(toDepositRequest(s, '  Bag 12 ')).toEqual({ drawerCloseIds: [], collectionIds: ['c-2'], checkIds: ['k-1'], note: 'Bag 12' });
    expect(toDepositRequest(s, ' ').note).toBeNull();
  });
});
