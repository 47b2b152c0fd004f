import * as yup from 'yup';
import { CUSTOM_TYPE_ID, MAX_AMOUNT, MIN_AMOUNT } from './lib/amounts';

/** /donate step 1 (docs/product.md#validation-rules). */
export const donateSchema = yup.object({
  amount: yup
    .number()
    .typeError('Amount must be at least 1')
    .required('Amount must be at least 1')
    .min(MIN_AMOUNT, 'Amount must be at least 1')
    .max(MAX_AMOUNT, 'Amount must be less than 1,000,000'),
  donationTypeId: yup.string().trim().required('Please select a donation purpose'),
  notes: yup.string().max(500, 'Notes must be at most 500 characters').optional(),
});

const donorLine = {
  inHonorOf: yup.string().trim().max(200, 'In honor / in memory of must be at most 200 characters').optional(),
};

/** /donate step 1 for a guest: name and e-mail are required (docs/product.md#donor-identity). */
export const guestDonateSchema = donateSchema.shape({
  donorName: yup.string().trim().required('Please enter your name').max(200, 'Name must be at most 200 characters'),
  donorEmail: yup.string().trim().required('Please enter your email address').email('Invalid email address'),
  donorAddress: yup.string().trim().max(500, 'Mailing address must be at most 500 characters').optional(),
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
    .test('type', 'Select a donation type', (v) => v === CUSTOM_TYPE_ID || (typeof v === 'string' && uuidRe.test(v))),
  amount: yup.number().required().positive(),
});
