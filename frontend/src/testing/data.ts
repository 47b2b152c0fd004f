import type { AppConfig, Attendee, Event, Gotram, User } from '@/types/api';

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export const testConfig: AppConfig = {
  templeName: 'Sri Venkateswara Temple of Folsom',
  paymentProvider: 'sandbox',
  stripePublishableKey: null,
  zelle: { recipient: 'donations@example.org', memo: 'Temple donation' },
};

export const testGotrams: Gotram[] = [
  { id: 1, gotranamalu: 'Bharadwaja', nakshtram: 'Ashwini', rasi: 'Mesha' },
  { id: 2, gotranamalu: 'Kashyapa', nakshtram: 'Rohini', rasi: 'Vrishabha' },
];

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: uuid(),
    username: null,
    firstName: 'Lakshmi',
    lastName: 'Rao',
    email: 'lakshmi@example.org',
    phoneNumber: '9165550100',
    gotramId: null,
    customGotram: null,
    gotram: null,
    emailVerified: true,
    isAdmin: false,
    createdAt: '2025-03-10T17:00:00Z',
    updatedAt: '2025-03-10T17:00:00Z',
    ...overrides,
  };
}

export function makeEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: uuid(),
    name: 'Diwali Celebration',
    description: 'Festival of lights with puja and cultural programs.',
    location: 'Main Hall',
    eventDate: '2030-11-01T01:30:00Z',
    imageUrl: null,
    donationOptions: null,
    capacity: null,
    attendeeCount: 0,
    spotsLeft: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makeAttendee(overrides: Partial<Attendee> = {}): Attendee {
  return {
    id: uuid(),
    eventId: uuid(),
    userId: uuid(),
    numberOfFamilyMembers: 0,
    additionalNotes: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}
