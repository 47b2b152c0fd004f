import { describe, expect, it } from 'vitest';
import { volunteerSchema } from './schemas';

const valid = {
  eventId: 'ev-1',
  name: 'Ravi Kumar',
  contactNumber: '9165550111',
  contactEmail: 'ravi@example.org',
  contactPreference: 'text',
  volunteerPreference: 'logistics',
  availability: 'evening',
  needsCertificate: false,
  additionalNotes: '',
};

async function errorsOf(values: Record<string, unknown>) {
  try {
    await volunteerSchema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((i) => [i.path, i.message]));
  }
}

describe('volunteerSchema', () => {
  it('accepts a complete form', async () => {
    expect(await errorsOf(valid)).toEqual({});
  });

  it('checks name, phone and e-mail with the messages of docs/product.md#validation-rules', async () => {
    const e = await errorsOf({ ...valid, name: 'R', contactNumber: '555-0111', contactEmail: 'ravi' });
    expect(e).toEqual({
      name: 'Name must be at least 2 characters',
      contactNumber: 'Please enter a valid phone number',
      contactEmail: 'Please enter a valid email address',
    });
  });

  it('requires the event and the preferences, and only known values', async () => {
    const e = await errorsOf({ ...valid, eventId: '', contactPreference: '', volunteerPreference: 'cooking', availability: '' });
    expect(Object.keys(e).sort()).toEqual(['availability', 'contactPreference', 'eventId', 'volunteerPreference']);
  });

  it('defaults needsCertificate to false', () => {
    const { needsCertificate: _omit, ...rest } = valid;
    expect(volunteerSchema.cast(rest).needsCertificate).toBe(false);
  });
});
