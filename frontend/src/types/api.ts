// Shapes of the Mandir HTTP API (docs/api.md). Shared by every feature.

export type Gotram = { id: number; gotranamalu: string; nakshtram: string; rasi: string };

export type User = {
  id: string;
  username: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  gotramId: number | null;
  customGotram: string | null;
  gotram: Gotram | null;
  emailVerified: boolean;
  isAdmin: boolean;
  createdAt: string;
  updatedAt: string;
};

export type Event = {
  id: string;
  name: string;
  description: string | null;
  location: string;
  /** ISO 8601 UTC */
  eventDate: string;
  imageUrl: string | null;
  donationOptions: unknown | null;
  capacity: number | null;
  attendeeCount: number;
  spotsLeft: number | null;
  createdAt: string;
  updatedAt: string;
};

export type Attendee = {
  id: string;
  eventId: string;
  userId: string;
  numberOfFamilyMembers: number;
  additionalNotes: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AttendeeWithContact = Attendee & {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
};

export type ContactPreference = 'email' | 'text' | 'call' | 'whatsapp';
export type VolunteerPreference = 'daily_services' | 'outreach' | 'logistics' | 'ritvik' | 'any';
export type Availability = 'morning' | 'evening' | 'either';

export type Volunteer = {
  id: string;
  eventId: string;
  userId: string;
  name: string;
  contactNumber: string;
  contactEmail: string;
  contactPreference: ContactPreference;
  volunteerPreference: VolunteerPreference;
  availability: Availability;
  needsCertificate: boolean;
  additionalNotes: string | null;
  createdAt: string;
};

export type DonationType = {
  id: string;
  name: string;
  description: string | null;
  /** "25.00" or null */
  defaultAmount: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
};

export type PaymentMethodIcon = 'credit-card' | 'dollar' | 'cash' | 'bank' | 'building';

export type PaymentMethod = {
  id: string;
  name: string;
  displayName: string;
  description: string | null;
  isActive: boolean;
  sortOrder: number;
  icon: PaymentMethodIcon | null;
  createdAt: string;
  updatedAt: string;
};

export type DonationDetail = { donationTypeId: string; amount: number; name: string };

export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'refunded';

export type Payment = {
  id: string;
  eventId: string | null;
  eventName: string | null;
  userId: string | null;
  paymentDate: string;
  paymentMethod: 'credit_card' | 'paypal' | 'zelle' | 'cash' | 'check';
  amount: string;
  status: PaymentStatus;
  provider: 'sandbox' | 'stripe' | 'zelle';
  transactionId: string | null;
  donationDetails: DonationDetail[];
  receiptUrl: string | null;
  receiptNumber: string | null;
  donorName: string | null;
  donorEmail: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AppConfig = {
  templeName: string;
  paymentProvider: 'sandbox' | 'stripe';
  stripePublishableKey: string | null;
  zelle: { recipient: string; memo: string };
};

export type UserEvent = { event: Event; attendee: Attendee };

export type SignInResponse = { token: string; user: User };

/** Error body of every non-ok answer. */
export type ApiErrorBody = { message: string; errors?: Record<string, string> };
