// Fixtures for the admin, donation, payment, registration and volunteer tests.
import type { DonationType, Payment, PaymentMethod, Volunteer } from '@/types/api';

let seq = 0;
const uuid = () => `10000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export function makeDonationType(overrides: Partial<DonationType> = {}): DonationType {
  return {
    id: uuid(),
    name: 'General Donation',
    description: 'Supports the temple',
    defaultAmount: '25.00',
    isActive: true,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    createdBy: null,
    updatedBy: null,
    ...overrides,
  };
}

export function makePaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: uuid(),
    name: 'stripe',
    displayName: 'Credit Card',
    description: 'Pay securely by card',
    isActive: true,
    sortOrder: 0,
    icon: 'credit-card',
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: uuid(),
    eventId: null,
    eventName: null,
    userId: null,
    paymentDate: '2025-06-01T18:00:00Z',
    paymentMethod: 'zelle',
    amount: '51.00',
    status: 'pending',
    provider: 'zelle',
    transactionId: null,
    donationDetails: [{ donationTypeId: 'custom', amount: 51, name: 'Other' }],
    receiptUrl: null,
    receiptNumber: 'AUTO-1700000000000-42',
    donorName: 'Lakshmi Rao',
    donorEmail: 'lakshmi@example.org',
    createdAt: '2025-06-01T18:00:00Z',
    updatedAt: '2025-06-01T18:00:00Z',
    ...overrides,
  };
}

export function makeVolunteer(overrides: Partial<Volunteer> = {}): Volunteer {
  return {
    id: uuid(),
    eventId: uuid(),
    userId: uuid(),
    name: 'Ravi Kumar',
    contactNumber: '9165550111',
    contactEmail: 'ravi@example.org',
    contactPreference: 'text',
    volunteerPreference: 'logistics',
    availability: 'evening',
    needsCertificate: false,
    additionalNotes: null,
    createdAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}
