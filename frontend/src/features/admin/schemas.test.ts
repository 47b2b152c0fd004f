import { describe, expect, it } from 'vitest';
import { adminEmailSchema, donationTypeSchema, noticeSchema, paymentMethodSchema, serviceSchema, SERVICE_NAKSHATRA_INVALID, SERVICE_TITHIS_REQUIRED } from './schemas';
import { toDefaultAmount } from './components/donation-type-dialog';

async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, values: Record<string, unknown>) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((i) => [i.path, i.message]));
  }
}

describe('admin schemas', () => {
  it('accepts a notice link only to an https address or a page of this site, as the server does', () => {
    const link = (value: string) => noticeSchema.pick(['link']).isValidSync({ link: value });
    for (const ok of ['', '/', '/events', '/events/e1?from=notice#top', 'https://example.org', 'https://temple.example:8443/a?b=c#d']) {
      expect(link(ok), ok).toBe(true);
    }
    for (const bad of ['/\\evil.example', '//evil.example', '/a\\b', 'events', 'javascript:alert(1)', 'http://example.org', 'https://temple.example@evil.example', '/ev"ents']) {
      expect(link(bad), bad).toBe(false);
    }
  });

  it('checks the admin e-mail', () => {
    expect(adminEmailSchema.isValidSync('priest@example.org')).toBe(true);
    expect(() => adminEmailSchema.validateSync('nope')).toThrow('Please enter a valid email address');
    expect(() => adminEmailSchema.validateSync('')).toThrow('Please enter a valid email address');
  });

  it('checks donation types', async () => {
    expect(await errorsOf(donationTypeSchema, { name: 'A', defaultAmount: 'abc' })).toEqual({
      name: 'Name is required',
      defaultAmount: 'Amount must be a valid number',
    });
    expect(await errorsOf(donationTypeSchema, { name: 'Annadanam', defaultAmount: '' })).toEqual({});
    expect(await errorsOf(donationTypeSchema, { name: 'Annadanam', defaultAmount: '25.5' })).toEqual({});
    expect((await errorsOf(donationTypeSchema, { name: 'Annadanam', defaultAmount: '-3' })).defaultAmount).toBe(
      'Amount must be a valid number',
    );
    expect(donationTypeSchema.cast({ name: 'x' }).isActive).toBe(true);
  });

  it('sends an empty default amount as null and formats the rest', () => {
    expect(toDefaultAmount('')).toBeNull();
    expect(toDefaultAmount('  ')).toBeNull();
    expect(toDefaultAmount('25')).toBe('25.00');
    expect(toDefaultAmount(25.5)).toBe('25.50');
  });

  it('checks payment methods', async () => {
    expect(await errorsOf(paymentMethodSchema, { name: 'z', displayName: 'Z', sortOrder: '-1' })).toEqual({
      name: 'Name must be at least 2 characters',
      displayName: 'Display name must be at least 2 characters',
      sortOrder: 'Sort order must be a whole number of 0 or more',
    });
    // the lowercase/no-spaces hint is not enforced
    expect(await errorsOf(paymentMethodSchema, { name: 'Pay Pal', displayName: 'PayPal', sortOrder: '' })).toEqual({});
    expect((await errorsOf(paymentMethodSchema, { name: 'cash', displayName: 'Cash', sortOrder: '1.5' })).sortOrder).toBe(
      'Sort order must be a whole number of 0 or more',
    );
    expect((await errorsOf(paymentMethodSchema, { name: 'cash', displayName: 'Cash', icon: 'rocket' })).icon).toBeDefined();
    expect(paymentMethodSchema.cast({ name: 'ab', displayName: 'Ab', sortOrder: '' }).sortOrder).toBe(0);
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
