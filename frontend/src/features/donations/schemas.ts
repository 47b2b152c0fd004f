import * as yup from 'yup';
import { t } from './i18n';
import { CUSTOM_TYPE_ID, MAX_AMOUNT, MIN_AMOUNT } from './lib/amounts';

// The messages are functions: read when a value is checked, in the page's language.

/** /donate step 1 (docs/product.md#validation-rules). */
export const donateSchema = yup.object({
  amount: yup
    .number()
    .typeError(() => t('donations.error.amountTooSmall'))
    .required(() => t('donations.error.amountTooSmall'))
    .min(MIN_AMOUNT, () => t('donations.error.amountTooSmall'))
    .max(MAX_AMOUNT, () => t('donations.error.amountTooLarge')),
  donationTypeId: yup.string().trim().required(() => t('donations.error.purposeRequired')),
  notes: yup.string().max(500, () => t('donations.error.notesTooLong')).optional(),
});

const donorLine = {
  inHonorOf: yup.string().trim().max(200, () => t('donations.error.inHonorTooLong')).optional(),
};

/** /donate step 1 for a guest: name and e-mail are required (docs/product.md#donor-identity). */
export const guestDonateSchema = donateSchema.shape({
  donorName: yup
    .string()
    .trim()
    .required(() => t('donations.error.nameRequired'))
    .max(200, () => t('donations.error.nameTooLong')),
  donorEmail: yup
    .string()
    .trim()
    .required(() => t('donations.error.emailRequired'))
    .email(() => t('donations.error.emailInvalid')),
  donorAddress: yup.string().trim().max(500, () => t('donations.error.addressTooLong')).optional(),
  ...donorLine,
});

/** /donate step 1 for a member: name, e-mail and address come from the profile. */
export const memberDonateSchema = donateSchema.shape(donorLine);

export type DonateValues = {
  amount: string;
  donationTypeId: string;
  notes: string;
  donorName: string;
  donorEmail: string;
  donorAddress: string;
  inHonorOf: string;
};

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The donation chosen inside the event dialog: a type's uuid (or 'custom') and a positive amount. */
export const selectedDonationSchema = yup.object({
  donationTypeId: yup
    .string()
    .required()
    .test('type', () => t('donations.error.typeRequired'), (v) => v === CUSTOM_TYPE_ID || (typeof v === 'string' && uuidRe.test(v))),
  amount: yup.number().required().positive(),
});
