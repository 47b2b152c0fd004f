import * as yup from 'yup';
import type { PaymentMethodIcon } from '@/types/api';

/** Donation type (docs/product.md#validation-rules). defaultAmount is the input text; empty means none (sent as null). */
export const donationTypeSchema = yup.object({
  name: yup.string().trim().required('Name is required').min(2, 'Name is required'),
  description: yup.string().optional(),
  defaultAmount: yup
    .string()
    .optional()
    .test('number', 'Amount must be a valid number', (v) => !v || !v.trim() || /^\s*\d+(\.\d{1,2})?\s*$/.test(v)),
  isActive: yup.boolean().default(true),
  fundId: yup.string(),
});

/** `fundId` '' is the General fund (sent as null). */
export type DonationTypeValues = { name: string; description: string; defaultAmount: string; isActive: boolean; fundId: string };

export const paymentMethodIcons: PaymentMethodIcon[] = ['credit-card', 'dollar', 'cash', 'bank', 'building'];

/** Payment method (docs/product.md#validation-rules). The name hint (lowercase, no spaces) is not enforced. */
export const paymentMethodSchema = yup.object({
  name: yup.string().trim().required('Name must be at least 2 characters').min(2, 'Name must be at least 2 characters'),
  displayName: yup
    .string()
    .trim()
    .required('Display name must be at least 2 characters')
    .min(2, 'Display name must be at least 2 characters'),
  description: yup.string().optional(),
  icon: yup
    .string()
    .optional()
    .test('icon', 'Choose one of the listed icons', (v) => !v || (paymentMethodIcons as string[]).includes(v)),
  isActive: yup.boolean().default(true),
  sortOrder: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === undefined ? 0 : value))
    .typeError('Sort order must be a whole number of 0 or more')
    .integer('Sort order must be a whole number of 0 or more')
    .min(0, 'Sort order must be a whole number of 0 or more')
    .default(0),
});

export type PaymentMethodValues = {
  name: string;
  displayName: string;
  description: string;
  icon: PaymentMethodIcon | '';
  isActive: boolean;
  sortOrder: string;
};

/** The payment method fields in form order: the first failing one is shown as the toast. */
export const paymentMethodFieldOrder: (keyof PaymentMethodValues)[] = [
  'name',
  'displayName',
  'description',
  'icon',
  'isActive',
  'sortOrder',
];
