import { describe, expect, it } from 'vitest';
import { confirmability, countState } from './count-state';

const first = { byId: 'u-1', byName: 'Radha Iyer', at: '2026-11-25T18:00:00Z' };

describe('where a count stands', () => {
  it('names each state', () => {
    expect(countState({ locked: false, deposit: null, firstConfirmation: null })).toBe('Waiting for 2 confirmations');
    expect(countState({ locked: false, deposit: null, firstConfirmation: first })).toBe('Confirmed by Radha Iyer — waiting for a second person');
    expect(countState({ locked: true, deposit: null, firstConfirmation: first })).toBe('Locked');
    expect(countState({ locked: true, deposit: { id: 'd', number: 'D-20261125-1', cleared: false }, firstConfirmation: first })).toBe('In deposit D-20261125-1');
  });

  it('lets anyone confirm first, and only another person second', () => {
    expect(confirmability({ locked: false, firstConfirmation: null }, 'u-1')).toEqual({ canConfirm: true });
    expect(confirmability({ locked: false, firstConfirmation: first }, 'u-2')).toEqual({ canConfirm: true });
    expect(confirmability({ locked: false, firstConfirmation: first }, 'u-1')).toEqual({
      canConfirm: false,
      reason: 'You made the first confirmation: the second must come from another person.',
    });
    expect(confirmability({ locked: true, firstConfirmation: first }, 'u-2').canConfirm).toBe(false);
  });
});
