import * as yup from 'yup';

/** Seva (docs/product.md#sevas): slots are "HH:MM" and a capacity, one per line in the form's list. */
export const sevaSchema = yup.object({
  name: yup.string().trim().required('Seva name must be at least 3 characters').min(3, 'Seva name must be at least 3 characters').max(100, 'Seva name must be at most 100 characters'),
  description: yup.string().max(2000, 'Description must be at most 2000 characters'),
  category: yup.string().oneOf(['temple', 'home', 'proxy'], 'Choose where the seva is performed').required('Choose where the seva is performed'),
  priceKind: yup.string().oneOf(['fixed', 'suggestedDonation'], 'Choose a set price or a suggested donation').required('Choose a set price or a suggested donation'),
  price: yup.number().typeError('Price must be between 0 and 100,000.00').min(0, 'Price must be between 0 and 100,000.00').max(100000, 'Price must be between 0 and 100,000.00').required('Price must be between 0 and 100,000.00'),
  durationMinutes: yup.number().typeError('Duration must be between 5 and 1440 minutes').integer('Duration must be between 5 and 1440 minutes').min(5, 'Duration must be between 5 and 1440 minutes').max(1440, 'Duration must be between 5 and 1440 minutes').required('Duration must be between 5 and 1440 minutes'),
  weekdays: yup.array(yup.string().required()).min(1, 'Choose at least one day of the week').required('Choose at least one day of the week'),
  capacityMode: yup.string().oneOf(['slots', 'daily']).required('Choose time slots or a daily count'),
  slots: yup.array(
    yup.object({
      time: yup.string().matches(/^\d{1,2}:\d{2}$/, 'Each slot needs a valid time (HH:MM)').required('Each slot needs a valid time (HH:MM)'),
      capacity: yup.number().typeError("Each slot's capacity must be between 1 and 500").integer("Each slot's capacity must be between 1 and 500").min(1, "Each slot's capacity must be between 1 and 500").max(500, "Each slot's capacity must be between 1 and 500").required("Each slot's capacity must be between 1 and 500"),
    }),
  ).when('capacityMode', { is: 'slots', then: (s) => s.min(1, 'Add at least one time slot').max(24, 'At most 24 time slots') }),
  dailyCapacity: yup.number().when('capacityMode', {
    is: 'daily',
    then: (s) => s.typeError('Daily count must be between 1 and 500').integer('Daily count must be between 1 and 500').min(1, 'Daily count must be between 1 and 500').max(500, 'Daily count must be between 1 and 500').required('Daily count must be between 1 and 500'),
    otherwise: (s) => s.notRequired().nullable().transform(() => null),
  }),
  blackoutDates: yup.string().test('dates', 'Blackout dates must be valid dates (YYYY-MM-DD)', (v) =>
    (v ?? '').split(/[\s,]+/).filter(Boolean).every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d))),
  ),
  horizonDays: yup.number().typeError('Booking window must be between 1 and 366 days').integer('Booking window must be between 1 and 366 days').min(1, 'Booking window must be between 1 and 366 days').max(366, 'Booking window must be between 1 and 366 days').required('Booking window must be between 1 and 366 days'),
  cutoffHours: yup.number().typeError('Cut-off must be between 0 and 720 hours').integer('Cut-off must be between 0 and 720 hours').min(0, 'Cut-off must be between 0 and 720 hours').max(720, 'Cut-off must be between 0 and 720 hours').required('Cut-off must be between 0 and 720 hours'),
});

export type SevaValues = {
  name: string;
  description: string;
  category: string;
  priceKind: string;
  price: string;
  durationMinutes: string;
  weekdays: string[];
  capacityMode: string;
  slots: { time: string; capacity: string }[];
  dailyCapacity: string;
  blackoutDates: string;
  horizonDays: string;
  cutoffHours: string;
  requiresAddress: boolean;
  isActive: boolean;
  sortOrder: string;
  image: string | null;
};
