import { describe, expect, it } from 'vitest';
import { makeFestivalRule } from '@/testing/data';
import {
  CAPACITY_INVALID,
  EVENT_DESCRIPTION_TOO_SHORT,
  FROM_YEAR_INVALID,
  festivalRuleSchema,
  festivalRuleValues,
  LOCATION_REQUIRED,
  LUNAR_MONTH_INVALID,
  makeEventsSchema,
  MONTH_REQUIRED,
  MOMENT_INVALID,
  NAME_INVALID,
  previewYears,
  SOLAR_MONTH_INVALID,
  SOURCE_TOO_LONG,
  TIME_INVALID,
  TITHI_INVALID,
  toFestivalRuleBody,
  toMakeEventsBody,
  YEARS_INVALID,
} from './schemas';

async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, values: Record<string, unknown>) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((i) => [i.path, i.message]));
  }
}

describe('festival rule schema', () => {
  it("says what is wrong with the server's messages", async () => {
    const blank = festivalRuleValues(null);
    expect(await errorsOf(festivalRuleSchema, blank)).toEqual({ name: NAME_INVALID, lunarMonth: MONTH_REQUIRED, tithi: TITHI_INVALID });
    expect(await errorsOf(festivalRuleSchema, { ...blank, monthKind: 'solar' })).toMatchObject({ solarMonth: MONTH_REQUIRED });
    expect(
      await errorsOf(festivalRuleSchema, {
        ...blank,
        name: 'x'.repeat(101),
        lunarMonth: '13',
        tithi: '31',
        moment: 'dawn',
        source: 's'.repeat(201),
      }),
    ).toEqual({ name: NAME_INVALID, lunarMonth: LUNAR_MONTH_INVALID, tithi: TITHI_INVALID, moment: MOMENT_INVALID, source: SOURCE_TOO_LONG });
    expect(await errorsOf(festivalRuleSchema, { ...blank, monthKind: 'solar', solarMonth: '12' })).toMatchObject({ solarMonth: SOLAR_MONTH_INVALID });
    // Mesha is solar month 0.
    expect(await errorsOf(festivalRuleSchema, { ...blank, name: 'Vishu', monthKind: 'solar', solarMonth: '0', tithi: '1' })).toEqual({});
  });

  it('starts from the rule and sends only the chosen kind of month', () => {
    const diwali = festivalRuleValues(makeFestivalRule());
    expect(diwali).toMatchObject({ monthKind: 'lunar', lunarMonth: '7', solarMonth: '', tithi: '30', moment: 'pradosha', twoDays: 'first' });
    expect(toFestivalRuleBody({ ...diwali, solarMonth: '3', inAdhika: true, source: ' ' })).toEqual({
      name: 'Diwali (Lakshmi Puja)',
      description: 'Lakshmi puja on the evening of Ashwin Amavasya.',
      lunarMonth: 7,
      solarMonth: null,
      tithi: 30,
      moment: 'pradosha',
      twoDays: 'first',
      inAdhika: true,
      source: null,
    });
    const vaikuntha = festivalRuleValues(makeFestivalRule({ lunarMonth: null, solarMonth: 8, tithi: 11, moment: 'sunrise' }));
    expect(vaikuntha.monthKind).toBe('solar');
    expect(toFestivalRuleBody({ ...vaikuntha, lunarMonth: '9', inAdhika: true })).toMatchObject({ lunarMonth: null, solarMonth: 8, inAdhika: false });
  });
});

describe('make events schema', () => {
  const schema = makeEventsSchema(2026);
  const good = { fromYear: '2026', years: '3', time: '18:00', location: 'Main hall', description: 'Lakshmi puja and lamps.', capacity: '' };

  it("checks the years and the events' fields with the server's messages", async () => {
    expect(await errorsOf(schema, good)).toEqual({});
    expect(
      await errorsOf(schema, { fromYear: '2025', years: '11', time: '25:00', location: 'ab', description: 'short', capacity: '0' }),
    ).toEqual({
      fromYear: FROM_YEAR_INVALID,
      years: YEARS_INVALID,
      time: TIME_INVALID,
      location: LOCATION_REQUIRED,
      description: EVENT_DESCRIPTION_TOO_SHORT,
      capacity: CAPACITY_INVALID,
    });
    expect(await errorsOf(schema, { ...good, fromYear: '2101' })).toEqual({ fromYear: FROM_YEAR_INVALID });
  });

  it('builds the body and asks for dates only for valid years', () => {
    expect(toMakeEventsBody({ ...good, location: ' Main hall ', capacity: '200' })).toEqual({
      fromYear: 2026,
      years: 3,
      time: '18:00',
      location: 'Main hall',
      description: 'Lakshmi puja and lamps.',
      capacity: 200,
    });
    expect(toMakeEventsBody(good).capacity).toBeNull();
    expect(previewYears(good, 2026)).toEqual({ fromYear: 2026, years: 3 });
    expect(previewYears({ fromYear: '202', years: '1' }, 2026)).toBeNull();
    expect(previewYears({ fromYear: '2026', years: '0' }, 2026)).toBeNull();
  });
});
