/**
 * HTTP helpers: every test makes its own users, events and settings through the real API
 * (docs/api.md), so tests are independent and run in parallel.
 */
import { randomUUID } from 'node:crypto';
import { ADMIN, baseURL } from './env';
import { verificationLink } from './outbox';

export type User = {
  id: string; firstName: string; lastName: string; email: string; phoneNumber: string | null;
  gotramId: number | null; isAdmin: boolean; emailVerified: boolean;
};
export type Session = { token: string; user: User; email: string; password: string };
export type EventData = {
  id: string; name: string; description: string | null; location: string; eventDate: string;
  imageUrl: string | null; attendeeCount: number; spotsLeft: number | null; capacity: number | null;
};

export class ApiError extends Error {
  constructor(readonly status: number, readonly body: string, what: string) {
    super(`${what}: ${status} ${body}`);
  }
}

export async function api<T = unknown>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text, `${method} ${path}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A unique, readable e-mail address for one test's user. */
export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@e2e.mandir.test`;
}

/** A unique suffix for names (events, donation types, payment methods). */
export function uid(): string {
  return randomUUID().slice(0, 8);
}

export type NewUser = { firstName?: string; lastName?: string; email?: string; password?: string; phoneNumber?: string };

export async function signUp(input: NewUser = {}): Promise<{ email: string; password: string; user: User; firstName: string; lastName: string }> {
  const body = {
    firstName: input.firstName ?? 'Lakshmi',
    lastName: input.lastName ?? 'Narayanan',
    email: input.email ?? uniqueEmail(),
    password: input.password ?? 'member-pass-123',
    phoneNumber: input.phoneNumber ?? '9165550100',
  };
  const res = await api<{ user: User }>('POST', '/api/auth/signup', { body });
  return { email: body.email, password: body.password, user: res.user, firstName: body.firstName, lastName: body.lastName };
}

export async function signIn(email: string, password: string): Promise<Session> {
  const res = await api<{ token: string; user: User }>('POST', '/api/auth/signin', { body: { email, password } });
  return { token: res.token, user: res.user, email, password };
}

/**
 * Opens the newest verification link e-mailed to `email` (from the outbox), as the member would.
 * Registering, volunteering and event donations need a verified e-mail (docs/api.md).
 */
export async function verifyEmail(email: string): Promise<void> {
  const link = new URL(await verificationLink(email));
  const res = await fetch(`${baseURL()}${link.pathname}${link.search}`, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  if (res.status !== 303 || !location.endsWith('verified=1')) {
    throw new ApiError(res.status, location, `verifying ${email}`);
  }
}

/** Signs up a fresh member, verifies their e-mail through the outbox link, and signs in. */
export async function newMember(input: NewUser = {}): Promise<Session & { firstName: string; lastName: string }> {
  const created = await signUp(input);
  await verifyEmail(created.email);
  const session = await signIn(created.email, created.password);
  return { ...session, firstName: created.firstName, lastName: created.lastName };
}

/** The admin made by global setup with `mandir create-admin`. */
export async function adminSession(): Promise<Session> {
  return signIn(ADMIN.email, ADMIN.password);
}

/** A fresh admin of its own (so tests granting/removing rights never touch the shared admin). */
export async function newAdmin(input: NewUser = {}): Promise<Session & { firstName: string; lastName: string }> {
  const member = await newMember({ firstName: 'Srinivasa', lastName: 'Rao', ...input });
  const admin = await adminSession();
  await api('POST', '/api/admin/set-admin', { token: admin.token, body: { email: member.email } });
  const again = await signIn(member.email, member.password);
  return { ...again, firstName: member.firstName, lastName: member.lastName };
}

/** A fresh verified member given exactly `roles` (Admin → User Management → Staff) by the shared admin. */
export async function newStaff(roles: string[], input: NewUser = {}): Promise<Session & { firstName: string; lastName: string }> {
  const member = await newMember(input);
  const admin = await adminSession();
  await api('PUT', '/api/admin/staff/roles', { token: admin.token, body: { email: member.email, roles } });
  return member;
}

/** An ISO date `days` days from now, at the given local hour in UTC terms (18:30Z by default). */
export function daysFromNow(days: number, hourUtc = 18, minuteUtc = 30): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hourUtc, minuteUtc, 0, 0);
  return d.toISOString();
}

export type NewEvent = { name?: string; description?: string; location?: string; eventDate?: string; imageUrl?: string | null; capacity?: number | null };

export async function createEvent(input: NewEvent = {}, token?: string): Promise<EventData> {
  const t = token ?? (await adminSession()).token;
  const body: Record<string, unknown> = {
    name: input.name ?? `E2E Satyanarayana Puja ${uid()}`,
    description: input.description ?? 'A community puja followed by prasadam for every family.',
    location: input.location ?? 'Main Hall, Folsom',
    eventDate: input.eventDate ?? daysFromNow(10),
  };
  if (input.imageUrl !== undefined) body.imageUrl = input.imageUrl;
  if (input.capacity !== undefined) body.capacity = input.capacity;
  return api<EventData>('POST', '/api/events', { token: t, body });
}

export async function getEvent(id: string): Promise<EventData> {
  return api<EventData>('GET', `/api/events/${id}`);
}

export async function registerForEvent(token: string, eventId: string, numberOfFamilyMembers = 0, additionalNotes = '') {
  return api<{ id: string; numberOfFamilyMembers: number }>('POST', `/api/events/${eventId}/register`, {
    token, body: { numberOfFamilyMembers, additionalNotes },
  });
}

export async function volunteerForEvent(session: Session, eventId: string, extra: Record<string, unknown> = {}) {
  return api<{ id: string }>('POST', `/api/events/${eventId}/volunteers`, {
    token: session.token,
    body: {
      eventId,
      name: `${session.user.firstName} ${session.user.lastName}`,
      contactNumber: '9165550111',
      contactEmail: session.email,
      contactPreference: 'email',
      volunteerPreference: 'logistics',
      availability: 'either',
      needsCertificate: false,
      additionalNotes: '',
      ...extra,
    },
  });
}

export type PaymentMethod = { id: string; name: string; displayName: string; isActive: boolean; sortOrder: number };
export type DonationType = { id: string; name: string; defaultAmount: string | null; isActive: boolean };
export type Payment = { id: string; status: string; paymentMethod: string; amount: string; receiptNumber: string | null; eventId: string | null; donorEmail: string | null; paymentDate: string };

export async function createDonationType(token: string, input: { name?: string; description?: string | null; defaultAmount?: string | null; isActive?: boolean } = {}) {
  return api<DonationType>('POST', '/api/donation-types', {
    token,
    body: {
      name: input.name ?? `E2E Seva ${uid()}`,
      description: input.description ?? null,
      defaultAmount: input.defaultAmount ?? null,
      isActive: input.isActive ?? true,
    },
  });
}

export async function createPaymentMethod(token: string, input: { name?: string; displayName?: string; isActive?: boolean; sortOrder?: number; icon?: string | null } = {}) {
  const id = uid();
  return api<PaymentMethod>('POST', '/api/payment-methods', {
    token,
    body: {
      name: input.name ?? `e2echeck${id}`,
      displayName: input.displayName ?? `E2E Check ${id}`,
      description: 'Created by the browser tests',
      isActive: input.isActive ?? true,
      sortOrder: input.sortOrder ?? 50,
      icon: input.icon ?? 'bank',
    },
  });
}

/** Zelle donation recorded through the API (as the donor's browser does). */
export async function zelleConfirm(token: string | undefined, amount: number, eventId?: string) {
  const body: Record<string, unknown> = {
    amount,
    donationDetails: [{ donationTypeId: 'custom', amount, name: 'Custom Donation' }],
    receiptNumber: `AUTO-${Date.now()}-${Math.floor(Math.random() * 10000)}`,
    status: 'success',
  };
  if (eventId) body.eventId = eventId;
  // A guest names themselves for the receipt; a member's name and e-mail come from the profile.
  if (!token) Object.assign(body, { donorName: 'A Devotee', donorEmail: 'devotee@example.org' });
  return api<{ receiptNumber: string; payment: Payment }>('POST', '/api/payments/zelle-confirm', { token, body });
}

/** The spec's hours and the temple's contact details, as an admin would enter them in Admin → Temple. */
export const SPEC_SITE = {
  address: '1000 Temple Way\nFolsom, CA 95630',
  mapQuery: 'Folsom, CA 95630',
  phone: '(916) 555-0100',
  email: 'info@temple.example.org',
  weekdayMorning: '9:30 AM - 11:30 AM',
  weekdayEvening: '6:00 PM - 8:30 PM',
  weekendMorning: '9:00 AM - 1:00 PM',
  weekendEvening: '5:30 PM - 8:30 PM',
  sayanostavam: '8:15 PM',
  videoId: 'M7lc1UVf-VE',
  videoStart: 27,
};

/**
 * The site settings, recurring services and a priest of the spec's home page, added through the admin API when the
 * database has none (a new install starts empty and the home page hides those sections).
 */
export async function ensureTempleContent(): Promise<void> {
  const admin = await adminSession();
  const site = await api<{ settings: Record<string, unknown> }>('GET', '/api/site');
  if (!site.settings.weekdayMorning) {
    await api('PUT', '/api/admin/site', { token: admin.token, body: { ...site.settings, ...SPEC_SITE } });
  }
  const services = await api<unknown[]>('GET', '/api/services');
  if (services.length === 0) {
    const weekly = (name: string, weekday: string, time: string) => ({ name, frequency: 'weekly', weekdays: [weekday], time });
    const monthly = (name: string, week: number, time: string) => ({ name, frequency: 'monthlyWeekday', week, weekday: 'saturday', time });
    for (const body of [
      { name: 'Vishnu Sahasranamam Parayanam', frequency: 'daily', time: '19:00' },
      weekly('Venkateshwara Suprabhatam', 'saturday', '09:00'),
      weekly('Anjaneya Abhishekham', 'tuesday', '18:30'),
      monthly('Venkateshwara Abhishekam', 2, '10:00'),
      monthly('Venkateshwara Sahasranama Archana', 1, '19:30'),
      monthly('Unjal Seva', 4, '20:00'),
    ]) {
      await api('POST', '/api/services', { token: admin.token, body });
    }
  }
  const priests = await api<unknown[]>('GET', '/api/priests');
  if (priests.length === 0) {
    await api('POST', '/api/priests', {
      token: admin.token,
      body: { name: 'Sri Test Acharya', title: 'Head Priest', bio: 'Leads the daily worship.', specialties: ['Homams'] },
    });
  }
}
