import { describe, expect, it } from 'vitest';
import type { AnyObjectSchema } from 'yup';
import { forgotPasswordSchema, invitedAccountSchema, resetPasswordSchema, signInSchema, signUpSchema } from './schemas';

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

describe('auth schemas', () => {
  it('sign in: valid e-mail and a password', async () => {
    expect(await errorsOf(signInSchema, { email: 'nope', password: '' })).toEqual({
      email: 'Invalid email address',
      password: 'Password is required',
    });
    expect(await errorsOf(signInSchema, { email: 'a@b.org', password: 'x' })).toEqual({});
  });

  it('sign up: the messages of docs/product.md#validation-rules', async () => {
    expect(
      await errorsOf(signUpSchema, { firstName: 'A', lastName: 'B', email: 'x', password: '12345', phoneNumber: '' }),
    ).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
      phoneNumber: 'Phone number is required',
    });
    expect(
      await errorsOf(signUpSchema, { firstName: 'Ra', lastName: 'Iy', email: 'r@x.org', password: '123456', phoneNumber: '9165550100' }),
    ).toEqual({});
  });

  it("invited account: the server's lengths (names 2 to 100, phone up to 32, password 6 to 256)", async () => {
    expect(await errorsOf(invitedAccountSchema, { firstName: ' A ', lastName: '', phoneNumber: ' ', password: '12345' })).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      phoneNumber: 'Phone number is required',
      password: 'Password must be at least 6 characters',
    });
    expect(
      await errorsOf(invitedAccountSchema, { firstName: 'a'.repeat(101), lastName: 'b'.repeat(101), phoneNumber: '9'.repeat(33), password: 'p'.repeat(257) }),
    ).toEqual({
      firstName: 'First name must be at most 100 characters',
      lastName: 'Last name must be at most 100 characters',
      phoneNumber: 'Phone number must be at most 32 characters',
      password: 'Password must be at most 256 characters',
    });
    expect(await errorsOf(invitedAccountSchema, { firstName: 'Padma', lastName: 'Rao', phoneNumber: '9165550100', password: '123456' })).toEqual({});
  });

  it('forgot password: valid e-mail', async () => {
    expect(await errorsOf(forgotPasswordSchema, { email: 'bad' })).toEqual({ email: 'Invalid email address' });
  });

  it("reset password: min 6 and matching, \"Passwords don't match\"", async () => {
    expect(await errorsOf(resetPasswordSchema, { token: 't', password: '123456', confirmPassword: '654321' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(await errorsOf(resetPasswordSchema, { token: 't', password: '123', confirmPassword: '123' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Password must be at least 6 characters',
    });
    expect(await errorsOf(resetPasswordSchema, { token: '', password: '123456', confirmPassword: '123456' })).toEqual({
      token: 'Required',
    });
  });
});
