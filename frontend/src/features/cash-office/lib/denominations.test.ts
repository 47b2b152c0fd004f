import { describe, expect, it } from 'vitest';
import {
  countTotalCents,
  DENOMINATIONS,
  denominationLabel,
  emptyPieces,
  lineCents,
  parsePieces,
  piecesFromLines,
  sortedLines,
  toCountLines,
} from './denominations';

describe('denominations', () => {
  it('lists every bill and coin the server knows, bills first, largest first', () => {
    expect(DENOMINATIONS.map((d) => d.key)).toEqual([
      'bill_100', 'bill_50', 'bill_20', 'bill_10', 'bill_5', 'bill_2', 'bill_1',
      'coin_100', 'coin_50', 'coin_25', 'coin_10', 'coin_5', 'coin_1',
    ]);
    expect(denominationLabel('bill_20')).toBe('$20 bills');
    expect(denominationLabel('coin_100')).toBe('Dollar coins');
    expect(denominationLabel('coin_25')).toBe('Quarters');
    expect(denominationLabel('coin_1')).toBe('Pennies');
  });

  it('reads whole numbers of pieces from 0 to 1,000,000; blank is none', () => {
    expect(parsePieces('')).toBe(0);
    expect(parsePieces(' 12 ')).toBe(12);
    expect(parsePieces('1000000')).toBe(1_000_000);
    for (const bad of ['-1', '1.5', '1000001', 'three', '1e3']) expect(parsePieces(bad)).toBeNull();
  });

  it('adds up a count by denomination in cents: 3 × $20 + 12 × $1 + 7 quarters = $73.75', () => {
    const draft = { ...emptyPieces(), bill_20: '3', bill_1: '12', coin_25: '7' };
    expect(lineCents('bill_20', '3')).toBe(6_000);
    expect(lineCents('coin_25', 7)).toBe(175);
    expect(lineCents('coin_5', 'x')).toBe(0);
    expect(countTotalCents(draft)).toBe(7_375);
    expect(countTotalCents([{ denomination: 'bill_100', pieces: 2 }, { denomination: 'coin_1', pieces: 4 }])).toBe(20_004);
  });

  it('sends only the bills and coins counted, and reads a stored count back into the form', () => {
    const lines = toCountLines({ ...emptyPieces(), coin_25: '7', bill_20: '3', bill_5: '0' });
    expect(lines).toEqual([
      { denomination: 'bill_20', pieces: 3 },
      { denomination: 'coin_25', pieces: 7 },
    ]);
    const draft = piecesFromLines(lines);
    expect(draft.bill_20).toBe('3');
    expect(draft.coin_25).toBe('7');
    expect(draft.bill_100).toBe('');
    expect(sortedLines([{ denomination: 'coin_1', pieces: 1 }, { denomination: 'bill_50', pieces: 1 }]).map((l) => l.denomination)).toEqual(['bill_50', 'coin_1']);
  });
});
