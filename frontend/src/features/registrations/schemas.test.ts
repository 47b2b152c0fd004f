import { describe, expect, it } from 'vitest';
import { registrationSchema } from './schemas';

const msg = 'Number of family members must be 0 or more';

describe('registrationSchema', () => {
  it('accepts 0 or more whole family members', () => {
    expect(registrationSchema.isValidSync({ numberOfFamilyMembers: '0', additionalNotes: '' })).toBe(true);
    expect(registrationSchema.isValidSync({ numberOfFamilyMembers: '4' })).toBe(true);
  });

  it.each(['-1', '1.5', '', 'abc'])('rejects %j with the message of docs/product.md#validation-rules', async (value) => {
    await expect(registrationSchema.validate({ numberOfFamilyMembers: value })).rejects.toThrow(msg);
  });
});
