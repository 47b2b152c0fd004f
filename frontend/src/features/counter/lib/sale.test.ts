import { describe, expect, it } from 'vitest';
import { cents, changeCents, emptyTender, problems, resolved, toRequest, type DraftSale } from './sale';

const sale = (over: Partial<DraftSale> = {}): DraftSale => ({
  donor: { kind: 'member', userId: 'u1', label: 'Lakshmi Rao' },
  sevas: [],
  lines: [
    { donationTypeId: 'custom', name: 'Archana', amount: '11' },
    { donationTypeId: 'custom', name: 'General donation', amount: '51' },
  ],
  tenders: [{ ...emptyTender('cash', '62'), tendered: '100' }],
  ...over,
});

describe('a counter sale', () => {
  it('reads amounts exactly in cents', () => {
    expect([cents('62'), cents('62.5'), cents('0.07'), cents('1.005'), cents('abc'), cents('')]).toEqual([6200, 6250, 7, null, null, null]);
  });

  it('gives change for cash handed over beyond the cash part', () => {
    expect(changeCents(sale().tenders)).toBe(3800);
    expect(changeCents([emptyTender('cash', '62')])).toBe(0);
  });

  it('is ready when the parts add up, and says what is missing otherwise', () => {
    expect(problems(sale())).toEqual([]);
    expect(problems(sale({ donor: null, tenders: [emptyTender('cash', '60')] }))).toEqual([
      'Choose a member or take a walk-in',
      'The payment parts add up to $60.00, not $62.00',
    ]);
    expect(problems(sale({ tenders: [emptyTender('cash', '12'), emptyTender('check', '50')] }))).toEqual(["Enter each check's number, bank and date"]);
    expect(problems(sale({ tenders: [{ ...emptyTender('cash', '62'), tendered: '50' }] }))).toEqual(['The cash received must be at least the cash part']);
  });

  it('adds sevas at their price, for a member or a walk-in', () => {
    const archana = { sevaId: 's1', name: 'Archana', date: '2026-11-25', slot: '', priceCents: 1100 };
    const withSeva = sale({ sevas: [archana], lines: [{ donationTypeId: 'custom', name: 'General donation', amount: '51' }] });
    expect(problems(withSeva)).toEqual([]);
    expect(toRequest(withSeva)).toMatchObject({ sevas: [{ sevaId: 's1', date: '2026-11-25' }], tenders: [{ amount: '62' }] });
    const walkIn = { ...withSeva, donor: { kind: 'walk-in' as const, name: 'Gopal', email: '', phone: '', address: '' } };
    expect(problems(walkIn)).toEqual([]);
    // The blank donation line the counter starts with is left out of an archana alone.
    const archanaAlone = { ...walkIn, lines: [{ donationTypeId: 'custom', name: '', amount: '' }], tenders: [emptyTender('cash')] };
    expect(problems(archanaAlone)).toEqual([]);
    expect(toRequest(archanaAlone)).toMatchObject({ lines: [], tenders: [{ method: 'cash', amount: '11.00' }] });
    // A line with a name but no amount is still the counter's to finish.
    expect(problems({ ...archanaAlone, lines: [{ donationTypeId: 'custom', name: 'Flowers', amount: '' }] })).toEqual(['Each line needs an amount']);
    expect(toRequest(walkIn)).toMatchObject({ donor: { name: 'Gopal' }, sevas: [{ sevaId: 's1', date: '2026-11-25' }] });
  });

  it('lets one part left blank pay the rest', () => {
    const blank = sale({ tenders: [{ ...emptyTender('cash'), tendered: '100' }] });
    expect(problems(blank)).toEqual([]);
    expect(toRequest(blank).tenders).toEqual([{ method: 'cash', amount: '62.00', tendered: '100' }]);
    expect(changeCents(resolved(blank))).toBe(3800);
  });

  it('is sent as the server takes it', () => {
    const split = sale({
      donor: { kind: 'walk-in', name: ' Gopal Iyer ', email: '', phone: '916 555 0100', address: '' },
      tenders: [{ ...emptyTender('cash', '12'), tendered: '20' }, { ...emptyTender('check', '50'), checkNumber: '1042', bank: 'Golden 1', checkDate: '2026-11-24' }],
    });
    expect(toRequest(split)).toEqual({
      donor: { name: 'Gopal Iyer', email: null, phone: '916 555 0100', address: null },
      lines: [
        { donationTypeId: 'custom', amount: '11', name: 'Archana' },
        { donationTypeId: 'custom', amount: '51', name: 'General donation' },
      ],
      tenders: [
        { method: 'cash', amount: '12', tendered: '20' },
        { method: 'check', amount: '50', checkNumber: '1042', bank: 'Golden 1', checkDate: '2026-11-24' },
      ],
    });
  });
});
