import { describe, expect, it } from 'vitest';
import { emptyPieces } from './denominations';
import { BOX_REQUIRED, COUNT_INVALID, COUNT_TOO_LARGE, COUNTED_ON_INVALID, countSchema, newCountValues, NOTHING_COUNTED, toCollectionRequest } from './count-form';

const today = '2026-11-25';

async function errorsOf(values: unknown): Promise<Record<string, string>> {
  try {
    await countSchema(today).validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    const inner = (err as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

describe('the count form', () => {
  it('starts with the main hundi, today and the general fund', () => {
    const v = newCountValues(today);
    expect(v).toMatchObject({ boxName: 'Main hundi', countedOn: today, donationTypeId: '', note: '' });
  });

  it('says what the server would refuse, in its words', async () => {
    expect(await errorsOf({ ...newCountValues(today), boxName: ' ', countedOn: '2026-11-26' })).toEqual({
      boxName: BOX_REQUIRED,
      countedOn: COUNTED_ON_INVALID,
      pieces: NOTHING_COUNTED,
    });
    expect(await errorsOf({ ...newCountValues(today), pieces: { ...emptyPieces(), bill_5: '1.5' } })).toEqual({ pieces: COUNT_INVALID });
    expect(await errorsOf({ ...newCountValues(today), pieces: { ...emptyPieces(), bill_100: '10000' } })).toEqual({ pieces: COUNT_TOO_LARGE });
    expect(await errorsOf({ ...newCountValues(today), countedOn: '2026-11-24', pieces: { ...emptyPieces(), coin_1: '1' } })).toEqual({});
  });

  it('builds the request: trimmed texts, the lines counted, no fund for the general fund', () => {
    const values = { ...newCountValues(today), boxName: ' Annadanam box ', note: '  ', pieces: { ...emptyPieces(), bill_20: '3' } };
    expect(toCollectionRequest(values)).toEqual({
      boxName: 'Annadanam box',
      countedOn: today,
      counts: [{ denomination: 'bill_20', pieces: 3 }],
      donationTypeId: null,
      note: null,
    });
    expect(toCollectionRequest({ ...values, donationTypeId: 'fund-1', note: 'Torn $5 set aside' })).toMatchObject({ donationTypeId: 'fund-1', note: 'Torn $5 set aside' });
  });
});
