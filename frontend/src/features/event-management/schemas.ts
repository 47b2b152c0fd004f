import * as yup from 'yup';
import { fromTempleInput } from '@/lib/temple-time';

/** A URL (http, https or a same-site path) or an inline base64 image (data:image/...;base64,...). */
export function isImageSource(value: string): boolean {
  const v = value.trim();
  if (/^data:image\/(jpeg|jpg|png|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i.test(v)) return true;
  if (v.startsWith('/')) return !v.startsWith('//');
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const capacity = yup
  .string()
  .optional()
  .test('integer', 'Capacity must be a whole number', (v) => !v || /^\s*\d+\s*$/.test(v))
  .test('min', 'Capacity must be at least 1', (v) => !v || !/^\s*\d+\s*$/.test(v) || Number(v) >= 1);

/** Create event (docs/product.md#validation-rules). eventDate is the datetime-local value in temple time. */
export const createEventSchema = yup.object({
  name: yup.string().trim().required('Event name must be at least 3 characters').min(3, 'Event name must be at least 3 characters'),
  description: yup
    .string()
    .trim()
    .required('Description must be at least 10 characters')
    .min(10, 'Description must be at least 10 characters'),
  location: yup.string().trim().required('Location is required').min(3, 'Location is required'),
  eventDate: yup
    .string()
    .required('Event date is required')
    .test('valid', 'Event date is required', (v) => !v || fromTempleInput(v) !== null)
    .test('future', 'Event date must be in the future', (v) => {
      const iso = v ? fromTempleInput(v) : null;
      return !iso || new Date(iso).getTime() > Date.now();
    }),
  imageUrl: yup
    .string()
    .optional()
    .test('image', 'Please provide a valid image URL', (v) => !v || !v.trim() || isImageSource(v)),
  capacity,
});

export type EventFormValues = {
  name: string;
  description: string;
  location: string;
  eventDate: string;
  imageUrl: string;
  capacity: string;
};

/**
 * Edit event (docs/product.md#validation-rules). The PATCH body may leave any field out, but the form always holds
 * every field (prefilled from the event); a cleared field reaches the schema as undefined (Formik
 * turns '' into undefined), so blank counts as invalid here: name and location at least 3
 * characters, description may be empty, an image URL may not be blanked out once the event has one.
 */
export function editEventSchema(hadImage: boolean) {
  const filled = (v: string | undefined): v is string => typeof v === 'string' && v.trim().length > 0;
  return yup.object({
    name: yup
      .string()
      .optional()
      .test('min', 'Event name must be at least 3 characters', (v) => filled(v) && v.trim().length >= 3),
    description: yup.string().nullable().optional(),
    location: yup
      .string()
      .optional()
      .test('min', 'Event location must be at least 3 characters', (v) => filled(v) && v.trim().length >= 3),
    eventDate: yup
      .string()
      .optional()
      .test('valid', 'Event date is required', (v) => filled(v) && fromTempleInput(v) !== null),
    imageUrl: yup
      .string()
      .optional()
      .test('blank', 'Please provide an image URL', (v) => !hadImage || filled(v))
      .test('image', 'Please provide a valid image URL', (v) => !filled(v) || isImageSource(v)),
    capacity,
  });
}
