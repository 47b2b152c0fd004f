import { describe, expect, it } from 'vitest';
import { ADDRESS_REQUIRED, bookingSchema, PARTICIPANTS_REQUIRED, emptyPerson, NAME_REQUIRED } from './schemas';

async function errorsOf(requiresAddress: boolean, values: Record<string, unknown>) {
  try {
    await bookingSchema(requiresAddress, false).validate(values, { abortEarly: false });
    return [];
  } catch (err) {
    return (err as { errors: string[] }).errors;
  }
}

describe('booking form rules', () => {
  const base = { familyIds: [], people: [], address: '', note: '', amount: '' };

  it('needs at least one person, each with a name', async () => {
    expect(await errorsOf(false, base)).toContain(PARTICIPANTS_REQUIRED());
    expect(await errorsOf(false, { ...base, people: [emptyPerson] })).toContain(NAME_REQUIRED());
    expect(await errorsOf(false, { ...base, familyIds: ['f1'] })).toEqual([]);
  });

  it('needs an address for home services', async () => {
    expect(await errorsOf(true, { ...base, familyIds: ['f1'] })).toContain(ADDRESS_REQUIRED());
    expect(await errorsOf(true, { ...base, familyIds: ['f1'], address: '12 Temple Rd, Folsom' })).toEqual([]);
  });
});
