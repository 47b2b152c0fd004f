import { describe, expect, it } from 'vitest';
import { changeEmailSchema, changePasswordSchema, deleteAccountSchema } from './schemas';

describe('account schemas', () => {
  it('needs the current password and a matching new one of 6 characters', async () => {
    await expect(changePasswordSchema.validate({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).rejects.toThrow(
      'Required',
    );
    await expect(changePasswordSchema.validate({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' })).rejects.toThrow(
      'Password must be at least 6 characters',
    );
    await expect(changePasswordSchema.validate({ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).rejects.toThrow(
      "Passwords don't match",
    );
    await expect(changePasswordSchema.isValid({ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' })).resolves.toBe(true);
  });

  it('checks the new address and the password', async () => {
    await expect(changeEmailSchema.validate({ newEmail: 'nope', currentPassword: 'x' })).rejects.toThrow('Invalid email address');
    await expect(changeEmailSchema.isValid({ newEmail: ' a@b.org ', currentPassword: 'x' })).resolves.toBe(true);
    await expect(deleteAccountSchema.validate({ currentPassword: '' })).rejects.toThrow('Required');
  });
});
