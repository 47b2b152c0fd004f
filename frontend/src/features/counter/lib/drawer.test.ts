import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPendingClose,
  COUNTED_INVALID,
  countedCents,
  countErrors,
  differenceCents,
  differenceWords,
  loadPendingClose,
  newCloseKey,
  NOTE_REQUIRED,
  NOTE_TOO_LONG,
  savePendingClose,
  serverCents,
  signedUSD,
  toCloseRequest,
} from './drawer';

describe("the drawer's count", () => {
  afterEach(() => window.localStorage.clear());

  it('reads the cash counted in cents, with or without a dollar sign and commas', () => {
    expect([countedCents('60'), countedCents('60.5'), countedCents(' $1,234.56 '), countedCents('0'), countedCents('0.07')]).toEqual([6000, 6050, 123456, 0, 7]);
    expect([countedCents(''), countedCents('-1'), countedCents('1.005'), countedCents('abc'), countedCents('1000000')]).toEqual([null, null, null, null, null]);
    expect(countedCents('999999.99')).toBe(99_999_999);
  });

  it('reads the amounts the server writes', () => {
    expect([serverCents('62.00'), serverCents('-2.00'), serverCents('0.10'), serverCents('x')]).toEqual([6200, -200, 10, 0]);
  });

  it('shows the difference live, with its sign and in words', () => {
    expect(differenceCents('62.00', '60')).toBe(-200);
    expect(differenceCents('62.00', '63.50')).toBe(150);
    expect(differenceCents('62.00', '')).toBeNull();
    expect([signedUSD(-200), signedUSD(150), signedUSD(0), signedUSD(-123456)]).toEqual(['\u2212$2.00', '+$1.50', '$0.00', '\u2212$1,234.56']);
    expect([differenceWords(-200), differenceWords(150), differenceWords(0)]).toEqual(['Short by $2.00', 'Over by $1.50', 'Matches the expected cash']);
  });

  it('needs a valid count, and a note when it differs, as the server does', () => {
    expect(countErrors('62.00', { counted: '62', note: '' })).toEqual({});
    expect(countErrors('62.00', { counted: '', note: '' })).toEqual({ counted: COUNTED_INVALID });
    expect(countErrors('62.00', { counted: '60', note: '  ' })).toEqual({ note: NOTE_REQUIRED });
    expect(countErrors('62.00', { counted: '60', note: 'Gave $2 too much change' })).toEqual({});
    expect(countErrors('62.00', { counted: '62', note: 'x'.repeat(501) })).toEqual({ note: NOTE_TOO_LONG });
    expect(countErrors('0.00', { counted: '0', note: '' })).toEqual({});
  });

  it('sends the expected cash it was shown, the count and the note', () => {
    expect(toCloseRequest('62.00', { counted: '$60.00', note: ' Change given twice ' })).toEqual({ expected: '62.00', counted: '60.00', note: 'Change given twice' });
    expect(toCloseRequest('62.00', { counted: '62', note: ' ' })).toEqual({ expected: '62.00', counted: '62', note: null });
  });

  it('keeps a close on the device until the server answers, under a new key per close', () => {
    const key = newCloseKey();
    expect(key).toMatch(/^drawer-[0-9a-f-]{36}$/);
    expect(newCloseKey()).not.toBe(key);
    expect(loadPendingClose()).toBeNull();
    savePendingClose({ key, request: { expected: '62.00', counted: '60', note: 'Short' } });
    expect(loadPendingClose()).toEqual({ key, request: { expected: '62.00', counted: '60', note: 'Short' } });
    clearPendingClose();
    expect(loadPendingClose()).toBeNull();
    window.localStorage.setItem('mandir.counter.drawer-close', '{not json');
    expect(loadPendingClose()).toBeNull();
  });
});
