import { describe, expect, it } from 'vitest';
import type { AnyObjectSchema } from 'yup';
import { profileSchema } from './schemas';

async function errorsOf(schema: AnyObjectSchema, values: object): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    const out: Record<string, string> = {};
    for (const e of (err as { inner: { path: string; message: string }[] }).inner) out[e.path] ??= e.message;
    return out;
  }
}

describe('profile schema', () => {
  it('profile: first and last name required (min 2), the rest optional', async () => {
    expect(await errorsOf(profileSchema, { firstName: 'R', lastName: '', phoneNumber: '', gotramId: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(await errorsOf(profileSchema, { firstName: 'Ravi', lastName: 'Iyer' })).toEqual({});
  });
});
