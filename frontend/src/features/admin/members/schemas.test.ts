import { describe, expect, it } from 'vitest';
import { adminEmailSchema } from './schemas';

describe('members schemas', () => {
  it('checks the admin e-mail', () => {
    expect(adminEmailSchema.isValidSync('priest@example.org')).toBe(true);
    expect(() => adminEmailSchema.validateSync('nope')).toThrow('Please enter a valid email address');
    expect(() => adminEmailSchema.validateSync('')).toThrow('Please enter a valid email address');
  });
});
