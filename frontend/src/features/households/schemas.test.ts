import { describe, expect, it } from 'vitest';
import type { Household } from '@/types/api';
import { ADDRESS_TOO_LONG, INVALID_EMAIL, NAME_REQUIRED, NAME_TOO_LONG, householdSchema, householdValues, inviteSchema, toHouseholdBody } from './schemas';

async function errorsOf(schema: typeof householdSchema | typeof inviteSchema, value: unknown): Promise<string[]> {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (err) {
    return (err as { errors: string[] }).errors;
  }
}

describe('household schemas', () => {
  it('asks for a name of at most 100 characters and an address of at most 300', async () => {
    expect(await errorsOf(householdSchema, { name: '  ', address: '', statement: 'joint' })).toEqual([NAME_REQUIRED]);
    expect(await errorsOf(householdSchema, { name: 'x'.repeat(101), address: 'y'.repeat(301), statement: 'joint' })).toEqual([
      NAME_TOO_LONG,
      ADDRESS_TOO_LONG,
    ]);
    expect(await errorsOf(householdSchema, householdValues())).toEqual([NAME_REQUIRED]);
    expect(await errorsOf(householdSchema, { name: 'The Rao family', address: '', statement: 'separate' })).toEqual([]);
  });

  it('starts a new household with a joint statement and sends an empty address as none', () => {
    expect(householdValues()).toEqual({ name: '', address: '', statement: 'joint' });
    const existing = { name: 'The Raos', address: '1 Temple Way', statement: 'separate' } as Household;
    expect(householdValues(existing)).toEqual({ name: 'The Raos', address: '1 Temple Way', statement: 'separate' });
    expect(toHouseholdBody({ name: ' The Raos ', address: '  ', statement: 'joint' })).toEqual({ name: 'The Raos', address: null, statement: 'joint' });
  });

  it('asks for a valid e-mail address to invite', async () => {
    expect(await errorsOf(inviteSchema, { email: '' })).toEqual([INVALID_EMAIL]);
    expect(await errorsOf(inviteSchema, { email: 'not an address' })).toEqual([INVALID_EMAIL]);
    expect(await errorsOf(inviteSchema, { email: ' ravi@example.org ' })).toEqual([]);
  });
});
