import * as yup from 'yup';
import { t } from './i18n';

// The server's messages (crates/domain/src/family_member.rs, seva_booking.rs), in the page's
// language: functions, so each is read when a form is checked, not when the module loads.
export const NAME_REQUIRED = () => t('sevas.person.nameRequired');
export const PARTICIPANTS_REQUIRED = () => t('sevas.booking.participantsRequired');
export const TOO_MANY_PARTICIPANTS = () => t('sevas.booking.tooManyParticipants');
export const ADDRESS_REQUIRED = () => t('sevas.booking.addressRequired');

export const personSchema = yup.object({
  name: yup.string().trim().required(NAME_REQUIRED).max(100, () => t('sevas.person.nameTooLong')),
  gotram: yup.string().max(100, () => t('sevas.person.gotramTooLong')),
  nakshatram: yup.string().max(50, () => t('sevas.person.nakshatramTooLong')),
  rasi: yup.string().max(50, () => t('sevas.person.rasiTooLong')),
});

export type PersonValues = { name: string; gotram: string; nakshatram: string; rasi: string };

export const emptyPerson: PersonValues = { name: '', gotram: '', nakshatram: '', rasi: '' };

export const familyMemberSchema = personSchema.shape({
  relation: yup.string().max(50, () => t('sevas.family.relationTooLong')),
  birthDate: yup
    .string()
    .test('past', () => t('sevas.family.birthDateInvalid'), (v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v <= new Date().toISOString().slice(0, 10))),
});

export type FamilyMemberValues = PersonValues & { relation: string; birthDate: string };

/** The booking form: saved family members picked by id, and people typed in. */
export function bookingSchema(requiresAddress: boolean, suggested: boolean) {
  return yup
    .object({
      familyIds: yup.array(yup.string().required()).required(),
      people: yup.array(personSchema).required().max(12, TOO_MANY_PARTICIPANTS),
      address: requiresAddress
        ? yup.string().trim().required(ADDRESS_REQUIRED).max(500, () => t('sevas.booking.addressTooLong'))
        : yup.string().max(500, () => t('sevas.booking.addressTooLong')),
      note: yup.string().max(1000, () => t('sevas.booking.noteTooLong')),
      amount: suggested
        ? yup
            .number()
            .typeError(() => t('sevas.booking.amountRange'))
            .min(1, () => t('sevas.booking.amountRange'))
            .max(100000, () => t('sevas.booking.amountRange'))
        : yup.mixed(),
    })
    .test('participants', PARTICIPANTS_REQUIRED, function (v) {
      const count = (v.familyIds?.length ?? 0) + (v.people?.length ?? 0);
      if (count === 0) return this.createError({ path: 'participants', message: PARTICIPANTS_REQUIRED() });
      if (count > 12) return this.createError({ path: 'participants', message: TOO_MANY_PARTICIPANTS() });
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
