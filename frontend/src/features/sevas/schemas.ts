import * as yup from 'yup';

// The server's messages (crates/domain/src/family_member.rs, seva_booking.rs).
export const NAME_REQUIRED = 'Name is required';
export const PARTICIPANTS_REQUIRED = 'Add at least one person for the sankalpam';
export const TOO_MANY_PARTICIPANTS = 'At most 12 people per booking';
export const ADDRESS_REQUIRED = 'Address is required for a home service';

export const personSchema = yup.object({
  name: yup.string().trim().required(NAME_REQUIRED).max(100, 'Name must be at most 100 characters'),
  gotram: yup.string().max(100, 'Gotram must be at most 100 characters'),
  nakshatram: yup.string().max(50, 'Nakshatram must be at most 50 characters'),
  rasi: yup.string().max(50, 'Rasi must be at most 50 characters'),
});

export type PersonValues = { name: string; gotram: string; nakshatram: string; rasi: string };

export const emptyPerson: PersonValues = { name: '', gotram: '', nakshatram: '', rasi: '' };

export const familyMemberSchema = personSchema.shape({
  relation: yup.string().max(50, 'Relation must be at most 50 characters'),
  birthDate: yup
    .string()
    .test('past', 'Birth date must be a valid past date (YYYY-MM-DD)', (v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v <= new Date().toISOString().slice(0, 10))),
});

export type FamilyMemberValues = PersonValues & { relation: string; birthDate: string };

/** The booking form: saved family members picked by id, and people typed in. */
export function bookingSchema(requiresAddress: boolean, suggested: boolean) {
  return yup
    .object({
      familyIds: yup.array(yup.string().required()).required(),
      people: yup.array(personSchema).required().max(12, TOO_MANY_PARTICIPANTS),
      address: requiresAddress
        ? yup.string().trim().required(ADDRESS_REQUIRED).max(500, 'Address must be at most 500 characters')
        : yup.string().max(500, 'Address must be at most 500 characters'),
      note: yup.string().max(1000, 'Note must be at most 1000 characters'),
      amount: suggested
        ? yup
            .number()
            .typeError('Amount must be between 1.00 and 100,000.00')
            .min(1, 'Amount must be between 1.00 and 100,000.00')
            .max(100000, 'Amount must be between 1.00 and 100,000.00')
        : yup.mixed(),
    })
    .test('participants', PARTICIPANTS_REQUIRED, function (v) {
      const count = (v.familyIds?.length ?? 0) + (v.people?.length ?? 0);
      if (count === 0) return this.createError({ path: 'participants', message: PARTICIPANTS_REQUIRED });
      if (count > 12) return this.createError({ path: 'participants', message: TOO_MANY_PARTICIPANTS });
      return true;
    });
}

export type BookingValues = {
  familyIds: string[];
  people: PersonValues[];
  address: string;
  note: string;
  amount: string;
};
