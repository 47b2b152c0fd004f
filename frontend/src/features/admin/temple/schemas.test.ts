import { describe, expect, it } from 'vitest';
import { noticeSchema, serviceSchema, SERVICE_NAKSHATRA_INVALID, SERVICE_TITHIS_REQUIRED } from './schemas';

async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, values: Record<string, unknown>) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((i) => [i.path, i.message]));
  }
}

describe('temple schemas', () => {
  it('accepts a notice link only to an https address or a page of this site, as the server does', () => {
    const link = (value: string) => noticeSchema.pick(['link']).isValidSync({ link: value });
    for (const ok of ['', '/', '/events', '/events/e1?from=notice#top', 'https://example.org', 'https://temple.example:8443/a?b=c#d']) {
      expect(link(ok), ok).toBe(true);
    }
    for (const bad of ['/\\evil.example', '//evil.example', '/a\\b', 'events', 'javascript:alert(1)', 'http://example.org', 'https://temple.example@evil.example', '/ev"ents']) {
      expect(link(bad), bad).toBe(false);
    }
  });

  it('checks services by tithi and by nakshatra with the server\'s messages', async () => {
    const base = { name: 'Ekadashi Puja', description: '', weekdays: [], week: '', weekday: '', day: '', month: '', tithis: [], nakshatra: '', time: '18:30', endDate: '' };
    expect(await errorsOf(serviceSchema, { ...base, frequency: 'tithi' })).toEqual({ tithis: SERVICE_TITHIS_REQUIRED });
    expect(await errorsOf(serviceSchema, { ...base, frequency: 'tithi', tithis: [11, 31] })).toEqual({ tithis: SERVICE_TITHIS_REQUIRED });
    expect(await errorsOf(serviceSchema, { ...base, frequency: 'tithi', tithis: [11, 26] })).toEqual({});
    expect(await errorsOf(serviceSchema, { ...base, frequency: 'nakshatra' })).toEqual({ nakshatra: SERVICE_NAKSHATRA_INVALID });
    expect(await errorsOf(serviceSchema, { ...base, frequency: 'nakshatra', nakshatra: '28' })).toEqual({ nakshatra: SERVICE_NAKSHATRA_INVALID });
    expect(await errorsOf(serviceSchema, { ...base, frequency: 'nakshatra', nakshatra: '27' })).toEqual({});
    // Other rules ignore the lunar fields.
    expect(await errorsOf(serviceSchema, { ...base, frequency: 'daily' })).toEqual({});
    expect(SERVICE_TITHIS_REQUIRED).toBe('Choose at least one tithi (1–30: 1–15 shukla, 16–30 krishna)');
    expect(SERVICE_NAKSHATRA_INVALID).toBe('Choose a nakshatra (1 = Ashwini … 27 = Revati)');
  });
});
