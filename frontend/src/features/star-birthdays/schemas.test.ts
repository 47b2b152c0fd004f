import { describe, expect, it } from 'vitest';
import {
  BIRTH_DATE_INVALID,
  BIRTH_INCOMPLETE,
  BIRTH_TIME_INVALID,
  birthErrors,
  DAYS_BEFORE_INVALID,
  NAKSHATRA_INVALID,
  NAKSHATRA_REQUIRED,
  starSchema,
  starValues,
  toStarBody,
  validBirthDate,
} from './schemas';

const TODAY = '2026-11-26';

async function errorsOf(values: Record<string, unknown>) {
  try {
    await starSchema(TODAY).validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    const entries = (err as { inner: { path: string; message: string }[] }).inner.map((i) => [i.path, i.message] as const);
    // The form shows a field's first message.
    return Object.fromEntries([...entries].reverse());
  }
}

describe('star birthday schema', () => {
  const blank = starValues(null);

  it('starts with no star, India as the birthplace zone and reminders off, 2 days before', () => {
    expect(blank).toEqual({ nakshatra: '', birthDate: '', birthTime: '', birthZone: 'Asia/Kolkata', remind: false, daysBefore: '2' });
  });

  it("asks for a star or a whole birth, with the server's messages", async () => {
    expect(await errorsOf(blank)).toEqual({ nakshatra: NAKSHATRA_REQUIRED });
    expect(await errorsOf({ ...blank, nakshatra: '4' })).toEqual({});
    expect(await errorsOf({ ...blank, nakshatra: '28' })).toEqual({ nakshatra: NAKSHATRA_INVALID });
    // A date alone cannot be worked out; date, time and zone can.
    expect(await errorsOf({ ...blank, birthDate: '1990-08-15' })).toEqual({ nakshatra: BIRTH_INCOMPLETE });
    expect(await errorsOf({ ...blank, birthDate: '1990-08-15', birthTime: '05:30' })).toEqual({});
    expect(await errorsOf({ ...blank, birthDate: '1990-08-15', birthTime: '05:30', birthZone: '' })).toEqual({ nakshatra: BIRTH_INCOMPLETE });
    // A time without a date is of no use.
    expect(await errorsOf({ ...blank, nakshatra: '4', birthTime: '05:30' })).toEqual({ birthDate: BIRTH_INCOMPLETE });
  });

  it('checks the birth date, the time and the days before', async () => {
    expect(await errorsOf({ ...blank, nakshatra: '1', birthDate: '2030-01-01', birthTime: '25:00', daysBefore: '8' })).toEqual({
      birthDate: BIRTH_DATE_INVALID,
      birthTime: BIRTH_TIME_INVALID,
      daysBefore: DAYS_BEFORE_INVALID,
    });
    expect(validBirthDate('1899-12-31', TODAY)).toBe(false);
    expect(validBirthDate('1900-01-01', TODAY)).toBe(true);
    expect(validBirthDate('2026-02-30', TODAY)).toBe(false);
    expect(validBirthDate(TODAY, TODAY)).toBe(true);
  });

  it('sends the zone only with a birth, and a blank star as none', () => {
    expect(toStarBody({ ...blank, nakshatra: '22', remind: true, daysBefore: '3' })).toEqual({
      nakshatra: 22,
      birthDate: null,
      birthTime: null,
      birthZone: null,
      remind: true,
      daysBefore: 3,
    });
    expect(toStarBody({ ...blank, birthDate: '1990-08-15', birthTime: '05:30' })).toEqual({
      nakshatra: null,
      birthDate: '1990-08-15',
      birthTime: '05:30',
      birthZone: 'Asia/Kolkata',
      remind: false,
      daysBefore: 2,
    });
  });

  it('says what working out the star needs', () => {
    expect(birthErrors({ birthDate: '', birthTime: '', birthZone: '' }, TODAY)).toEqual({
      birthDate: BIRTH_INCOMPLETE,
      birthTime: BIRTH_INCOMPLETE,
      birthZone: BIRTH_INCOMPLETE,
    });
    expect(birthErrors({ birthDate: '2030-01-01', birthTime: '5:30', birthZone: 'Asia/Kolkata' }, TODAY)).toEqual({
      birthDate: BIRTH_DATE_INVALID,
      birthTime: BIRTH_TIME_INVALID,
    });
    expect(birthErrors({ birthDate: '1990-08-15', birthTime: '05:30', birthZone: 'Asia/Kolkata' }, TODAY)).toBeNull();
  });
});
