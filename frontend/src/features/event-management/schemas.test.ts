import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateImageFile } from '@/lib/image-file';
import { fromTempleInput, toTempleInput } from '@/lib/temple-time';
import { createEventSchema, editEventSchema, isImageSource } from './schemas';

async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, values: Record<string, unknown>) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((i) => [i.path, i.message]));
  }
}

const validCreate = {
  name: 'Diwali',
  description: 'Festival of lights with puja',
  location: 'Main Hall',
  eventDate: '2099-11-01T18:30',
  imageUrl: '',
  capacity: '',
};

afterEach(() => vi.useRealTimers());

describe('createEventSchema', () => {
  it('accepts a valid event', async () => {
    expect(await errorsOf(createEventSchema, validCreate)).toEqual({});
  });

  it('uses the messages of docs/product.md#validation-rules', async () => {
    expect(await errorsOf(createEventSchema, { name: 'Di', description: 'short', location: 'H', eventDate: '', imageUrl: '', capacity: '' })).toEqual({
      name: 'Event name must be at least 3 characters',
      description: 'Description must be at least 10 characters',
      location: 'Location is required',
      eventDate: 'Event date is required',
    });
  });

  it('rejects dates in the past', async () => {
    expect((await errorsOf(createEventSchema, { ...validCreate, eventDate: '2001-01-01T10:00' })).eventDate).toBe(
      'Event date must be in the future',
    );
  });

  it('accepts URLs and inline base64 images, and checks capacity', async () => {
    expect(await errorsOf(createEventSchema, { ...validCreate, imageUrl: 'https://example.org/a.jpg', capacity: '50' })).toEqual({});
    expect(await errorsOf(createEventSchema, { ...validCreate, imageUrl: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({});
    expect((await errorsOf(createEventSchema, { ...validCreate, imageUrl: 'not a url' })).imageUrl).toBe('Please provide a valid image URL');
    expect((await errorsOf(createEventSchema, { ...validCreate, capacity: '0' })).capacity).toBe('Capacity must be at least 1');
    expect((await errorsOf(createEventSchema, { ...validCreate, capacity: '2.5' })).capacity).toBe('Capacity must be a whole number');
  });
});

describe('editEventSchema', () => {
  const prefilled = { name: 'Ugadi', location: 'Main Hall', eventDate: '2099-03-31T18:30', description: 'New year', imageUrl: 'https://a.org/u.jpg', capacity: '' };

  it('uses the edit messages', async () => {
    expect(await errorsOf(editEventSchema(true), { ...prefilled, name: 'ab', location: 'x', imageUrl: ' ', description: '' })).toEqual({
      name: 'Event name must be at least 3 characters',
      location: 'Event location must be at least 3 characters',
      imageUrl: 'Please provide an image URL',
    });
  });

  it('treats a cleared field (undefined from the form) as blank', async () => {
    expect(await errorsOf(editEventSchema(true), { ...prefilled, name: undefined, imageUrl: undefined })).toEqual({
      name: 'Event name must be at least 3 characters',
      imageUrl: 'Please provide an image URL',
    });
  });

  it('lets the description be empty and an event without image stay without one', async () => {
    expect(await errorsOf(editEventSchema(false), { ...prefilled, description: undefined, imageUrl: undefined })).toEqual({});
    expect(await errorsOf(editEventSchema(true), { ...prefilled, description: null })).toEqual({});
  });
});

describe('helpers', () => {
  it('recognises image sources', () => {
    expect(isImageSource('https://a.org/x.png')).toBe(true);
    expect(isImageSource('/api/events/1/image?v=abc')).toBe(true);
    expect(isImageSource('//evil.org/x.png')).toBe(false);
    expect(isImageSource('javascript:alert(1)')).toBe(false);
    expect(isImageSource('data:text/html;base64,PGgxPg==')).toBe(false);
  });

  it('converts temple wall-clock time to UTC and back', () => {
    // 6:30 PM Pacific Daylight Time is 01:30 UTC the next day
    expect(fromTempleInput('2030-10-31T18:30')).toBe('2030-11-01T01:30:00.000Z');
    expect(toTempleInput('2030-11-01T01:30:00Z')).toBe('2030-10-31T18:30');
    // winter: PST (UTC-8)
    expect(fromTempleInput('2030-12-24T19:00')).toBe('2030-12-25T03:00:00.000Z');
    expect(fromTempleInput('tomorrow')).toBeNull();
  });

  it('validates image files', () => {
    expect(validateImageFile({ name: 'a.png', type: 'image/png', size: 100 })).toBeNull();
    expect(validateImageFile({ name: 'a.webp', type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(validateImageFile({ name: 'a.pdf', type: 'application/pdf', size: 100 })).toBe(
      'Please select a valid image file (JPEG, PNG, GIF, or WebP)',
    );
    expect(validateImageFile({ name: 'a.svg', type: 'image/svg+xml', size: 100 })).toBe(
      'Please select a valid image file (JPEG, PNG, GIF, or WebP)',
    );
    expect(validateImageFile({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('File size exceeds 5MB limit');
  });
});
