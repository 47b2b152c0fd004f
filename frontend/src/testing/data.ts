// Test data: one factory per API entity, all numbering their ids from one counter.
import type {
  AppConfig,
  Attendee,
  DonationType,
  Event,
  Festival,
  FestivalRule,
  Fund,
  FundMonths,
  Gotram,
  PanchangamDay,
  PersonStar,
  Payment,
  Pledge,
  PledgeWithMember,
  PaymentMethod,
  Priest,
  RecurringService,
  Seva,
  Site,
  SiteSettings,
  Texting,
  User,
  Volunteer,
} from '@/types/api';
import type { DoorCount, DoorEntry } from '@/types/door';
import type { RecurringCharge, RecurringGift } from '@/types/recurring-gifts';

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export const testConfig: AppConfig = {
  templeName: 'Sri Venkateswara Temple of Folsom',
  environment: 'development',
  staging: false,
  paymentProvider: 'sandbox',
  stripePublishableKey: null,
  zelle: { recipient: 'donations@example.org', memo: 'Temple donation' },
};

export const testSettings: SiteSettings = {
  templeName: 'Sri Venkateswara Temple of Folsom',
  shortName: 'SV Temple',
  tagline: 'A test tagline',
  welcomeText: '',
  legalName: '',
  ein: '',
  address: '12 Test Street\nFolsom, CA 95630',
  mapQuery: '',
  phone: '(916) 555-0100',
  email: 'office@temple.test',
  facebookUrl: 'https://facebook.com/test-temple',
  instagramUrl: '',
  youtubeUrl: '',
  xUrl: '',
  timeZone: 'America/Los_Angeles',
  weekdayMorning: '9:30 AM - 11:30 AM',
  weekdayEvening: '6:00 PM - 8:30 PM',
  weekendMorning: '9:00 AM - 1:00 PM',
  weekendEvening: '5:30 PM - 8:30 PM',
  sayanostavam: '8:15 PM',
  hoursNote: '',
  videoId: 'M7lc1UVf-VE',
  videoStart: 27,
  videoTitle: 'Recent event celebrations at the temple',
  zelleRecipient: 'donations@example.org',
  zelleMemo: 'Temple donation',
  contactText: 'Write to us any time.',
  latitude: 38.678,
  longitude: -121.1761,
  receiptPaper: 'page',
};

export const testSite: Site = {
  settings: testSettings,
  notices: [{ id: 'n1', title: 'Parking moves to the community center', body: 'This month only.', link: '/events', startsOn: '2026-01-01', endsOn: '2099-12-31' }],
};

export const testGotrams: Gotram[] = [
  { id: 1, gotranamalu: 'Bharadwaja', nakshtram: 'Ashwini', rasi: 'Mesha' },
  { id: 2, gotranamalu: 'Kashyapa', nakshtram: 'Rohini', rasi: 'Vrishabha' },
];

/** Every permission, as the server lists an admin's (`mandir_domain::staff::Permission`). */
export const allPermissions: User['permissions'] = [
  'manage_staff',
  'read_audit',
  'run_jobs',
  'edit_content',
  'manage_sevas',
  'seva_desk',
  'complete_sevas',
  'own_sevas',
  'find_members',
  'export_members',
  'read_attendees',
  'door_duty',
  'manage_volunteers',
  'read_ledger',
  'reconcile_payments',
  'refund',
  'export_finances',
  'send_statements',
  'manage_funds',
  'counter',
  'void_sales',
  'count_collections',
  'make_deposits',
  'read_daily_report',
  'import_data',
  'manage_texting',
];

/** The permissions each role holds besides an admin's (`mandir_domain::staff::Permission::roles`). */
export const rolePermissions: Record<Exclude<User['roles'][number], 'admin'>, User['permissions']> = {
  treasurer: ['find_members', 'read_ledger', 'reconcile_payments', 'refund', 'export_finances', 'send_statements', 'manage_funds', 'void_sales', 'count_collections', 'make_deposits', 'read_daily_report'],
  front_desk: ['seva_desk', 'complete_sevas', 'find_members', 'read_attendees', 'door_duty', 'counter', 'read_daily_report'],
  priest: ['complete_sevas', 'own_sevas'],
  editor: ['edit_content'],
  volunteer_coordinator: ['door_duty', 'manage_volunteers'],
};

/** An account holding these staff roles, with their permissions as the server lists them. */
export function makeStaff(roles: User['roles'], overrides: Partial<User> = {}): User {
  if (roles.includes('admin')) return makeUser({ isAdmin: true, roles, permissions: allPermissions, ...overrides });
  const held = new Set(roles.flatMap((r) => (r === 'admin' ? [] : rolePermissions[r])));
  return makeUser({ roles, permissions: allPermissions.filter((p) => held.has(p)), ...overrides });
}

/** A member; `isAdmin: true` gives the admin role and every permission, as the server would. */
export function makeUser(overrides: Partial<User> = {}): User {
  const admin = overrides.isAdmin === true;
  return {
    id: uuid(),
    username: null,
    firstName: 'Lakshmi',
    lastName: 'Rao',
    email: 'lakshmi@example.org',
    phoneNumber: '9165550100',
    language: 'en',
    gotramId: null,
    customGotram: null,
    gotram: null,
    mailingAddress: null,
    emailVerified: true,
    isAdmin: false,
    roles: admin ? ['admin'] : [],
    permissions: admin ? allPermissions : [],
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
    checkedInAt: null,
    confirmationCode: null,
    ...overrides,
  };
}

export function makeDonationType(overrides: Partial<DonationType> = {}): DonationType {
  return {
    id: uuid(),
    name: 'General Donation',
    description: 'Supports the temple',
    defaultAmount: '25.00',
    fundId: null,
    isActive: true,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

/** The General fund's id on the server (`mandir_domain::fund::GENERAL_FUND_ID`). */
export const GENERAL_FUND_ID = '00000000-0000-4000-8000-00000000f00d';

/** An active fund for any purpose, with a goal: $182,400.00 of $500,000.00 raised (36%) from 214 donors. */
export function makeFund(overrides: Partial<Fund> = {}): Fund {
  return {
    id: uuid(),
    name: 'Building Fund',
    description: 'A new hall for festivals and classes.',
    goal: '500000.00',
    startsOn: null,
    endsOn: null,
    restricted: false,
    isActive: true,
    isGeneral: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    progress: { raised: '182400.00', gifts: 300, donors: 214, percent: 36 },
    ...overrides,
  };
}

/** The General fund: no goal, always active. */
export function makeGeneralFund(overrides: Partial<Fund> = {}): Fund {
  return makeFund({
    id: GENERAL_FUND_ID,
    name: 'General',
    description: 'Daily worship and the upkeep of the temple.',
    goal: null,
    isGeneral: true,
    progress: { raised: '1234.00', gifts: 15, donors: 12, percent: null },
    ...overrides,
  });
}

/**
 * A member's active pledge of $5,001.00 to the Building Fund over 2027: $1,200.00 given, $3,801.00
 * to go (23%).
 */
export function makePledge(overrides: Partial<Pledge> = {}): Pledge {
  return {
    id: uuid(),
    fundId: 'f-building',
    fundName: 'Building Fund',
    amount: '5001.00',
    startsOn: '2027-01-01',
    endsOn: '2027-12-31',
    note: null,
    status: 'active',
    fulfilled: '1200.00',
    remaining: '3801.00',
    percent: 23,
    createdAt: '2027-01-05T18:00:00Z',
    lastRemindedAt: null,
    ...overrides,
  };
}

/** A pledge as treasurers list it, with its member (Ravi Kumar). */
export function makeMemberPledge(overrides: Partial<PledgeWithMember> = {}): PledgeWithMember {
  return { ...makePledge(), memberName: 'Ravi Kumar', memberEmail: 'ravi@example.org', assignedGifts: [], ...overrides };
}

/**
 * A member's active recurring gift: $25.00 monthly to Annadanam from March 10, 2027 on a Visa
 * ending 4242 (expires 12/28), next on April 10, with a receipt for each gift and no charge yet.
 */
export function makeRecurringGift(overrides: Partial<RecurringGift> = {}): RecurringGift {
  return {
    id: uuid(),
    status: 'active',
    pausedBy: null,
    amount: '25.00',
    frequency: 'monthly',
    fundId: 'f-anna',
    fundName: 'Annadanam',
    startOn: '2027-03-10',
    nextChargeOn: '2027-04-10',
    retryOn: null,
    failures: 0,
    maxFailures: 3,
    lastError: null,
    receipts: 'each',
    donorName: 'Lakshmi Rao',
    donorEmail: 'lakshmi@example.org',
    member: true,
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2028 },
    createdAt: '2027-03-10T18:00:00Z',
    pausedAt: null,
    canceledAt: null,
    charges: [],
    ...overrides,
  };
}

/** A completed charge of a recurring gift, with its receipt. */
export function makeRecurringCharge(overrides: Partial<RecurringCharge> = {}): RecurringCharge {
  return {
    paymentId: uuid(),
    receiptNumber: 'R-2027-000123',
    amount: '25.00',
    status: 'completed',
    chargedAt: '2027-03-10T18:00:05Z',
    periodOn: '2027-03-10',
    ...overrides,
    receiptUrl: overrides.receiptUrl ?? `/receipts/${overrides.receiptNumber ?? 'R-2027-000123'}?sig=test-sig`,
  };
}

/**
 * A fund's months (`GET /api/funds/{id}/months`), one per `[raised, gifts]` pair from the month
 * `from` ("2026-03") on, as the server sends them: oldest first, without gaps.
 */
export function makeFundMonths(fundId: string, from: string, amounts: [string, number][]): FundMonths {
  const [year, month] = from.split('-').map(Number) as [number, number];
  return {
    fundId,
    months: amounts.map(([raised, gifts], i) => {
      const index = year * 12 + (month - 1) + i;
      return { month: `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`, raised, gifts };
    }),
  };
}

/** A bookable seva: every day, one 9 AM slot, $11. */
export function makeSeva(overrides: Partial<Seva> = {}): Seva {
  return {
    id: uuid(),
    name: 'Archana',
    description: null,
    category: 'temple',
    priceCents: 1100,
    priceKind: 'fixed',
    durationMinutes: 15,
    weekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
    capacityMode: 'slots',
    slots: [{ time: '09:00', capacity: 5, timeLabel: '9:00 AM' }],
    dailyCapacity: null,
    blackoutDates: [],
    horizonDays: 60,
    cutoffHours: 12,
    requiresAddress: false,
    imageUrl: null,
    isActive: true,
    sortOrder: 0,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
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

/** A payment as lists show it; `isTest` follows the provider (sandbox payments are simulated) unless given. */
export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    isTest: (overrides.provider ?? 'zelle') === 'sandbox',
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
    donorAddress: null,
    inHonorOf: null,
    notes: null,
    refundedAmount: '0.00',
    channel: 'online',
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

export function makeService(overrides: Partial<RecurringService> = {}): RecurringService {
  return {
    id: uuid(),
    name: 'Venkateshwara Suprabhatam',
    description: null,
    frequency: 'weekly',
    weekdays: ['saturday'],
    week: null,
    weekday: null,
    day: null,
    month: null,
    time: '09:00',
    endDate: null,
    tithis: [],
    nakshatra: null,
    schedule: 'Every Saturday, 9:00 AM',
    nextOccurrence: { date: '2026-03-14', time: '09:00', timeLabel: '9:00 AM', startsAt: '2026-03-14T16:00:00Z' },
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makePriest(overrides: Partial<Priest> = {}): Priest {
  return {
    id: uuid(),
    name: 'Sri Example Sharma',
    title: 'Priest',
    bio: 'Performs the daily rituals.',
    specialties: ['Homams'],
    photoUrl: null,
    position: 0,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const TITHI_NAMES = [
  'Pratipada', 'Dvitiya', 'Tritiya', 'Chaturthi', 'Panchami', 'Shashthi', 'Saptami', 'Ashtami',
  'Navami', 'Dashami', 'Ekadashi', 'Dvadashi', 'Trayodashi', 'Chaturdashi', 'Pournami',
];
const NAKSHATRA_NAMES = ['Ashwini', 'Bharani', 'Krittika', 'Rohini', 'Mrigashira', 'Ardra', 'Punarvasu', 'Pushya', 'Ashlesha'];

/** A tithi as the API writes it: 1–15 shukla (15 Pournami), 16–30 krishna (30 Amavasya). */
export function tithiOf(number: number, endsAt: string): PanchangamDay['tithi'] {
  const name = number === 30 ? 'Amavasya' : TITHI_NAMES[(number - 1) % 15];
  return { number, name, paksha: number <= 15 ? 'shukla' : 'krishna', endsAt, vriddhi: false, kshaya: null };
}

/**
 * One local day's panchangam at a temple at UTC-08:00: by default Wednesday, November 25, 2026,
 * Kartika Krishna Dvitiya until 11:45 PM, Rohini, sunrise 6:57 AM.
 */
export function makePanchangamDay(overrides: Partial<PanchangamDay> = {}): PanchangamDay {
  const date = overrides.date ?? '2026-11-25';
  const next = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + 1)).toISOString().slice(0, 10);
  const at = (day: string, time: string) => `${day}T${time}-08:00`;
  const span = (start: string, end: string) => ({ start: at(date, start), end: at(date, end) });
  return {
    date,
    sunrise: at(date, '06:57:52'),
    sunset: at(date, '16:47:10'),
    tithi: tithiOf(17, at(date, '23:45:45')),
    nakshatra: { number: 4, name: 'Rohini', endsAt: at(next, '01:10:00') },
    yoga: { number: 9, name: 'Shula', endsAt: at(date, '20:02:00') },
    karana: { number: 33, name: 'Garaja', endsAt: at(date, '11:30:00') },
    vara: { number: new Date(`${date}T00:00:00Z`).getUTCDay(), name: 'Budhavara' },
    lunarMonth: { number: 8, name: 'Kartika', adhika: false },
    rahuKalam: span('11:53:00', '13:07:00'),
    yamagandam: span('08:11:00', '09:25:00'),
    gulikaKalam: span('10:39:00', '11:53:00'),
    ...overrides,
  };
}

/**
 * The days from `from` to `to` ("YYYY-MM-DD"), a tithi a day: `from` has tithi `firstTithi`, the
 * next the one after (30 is followed by 1), each ending at 11:45 PM; the nakshatras likewise.
 */
export function makePanchangamDays(from: string, to: string, firstTithi = 1): PanchangamDay[] {
  const days: PanchangamDay[] = [];
  for (let i = 0, date = from; date <= to; i++) {
    const number = ((firstTithi - 1 + i) % 30) + 1;
    days.push(
      makePanchangamDay({
        date,
        tithi: tithiOf(number, `${date}T23:45:45-08:00`),
        nakshatra: { number: (i % NAKSHATRA_NAMES.length) + 1, name: NAKSHATRA_NAMES[i % NAKSHATRA_NAMES.length], endsAt: `${date}T21:00:00-08:00` },
      }),
    );
    const [y, m, d] = date.split('-').map(Number);
    date = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  }
  return days;
}

/** A festival on its day: by default Diwali (Lakshmi Puja) on November 8, 2026, Amavasya of Ashvina at dusk. */
export function makeFestival(overrides: Partial<Festival> = {}): Festival {
  const festival = {
    ruleId: uuid(),
    name: 'Diwali (Lakshmi Puja)',
    date: '2026-11-08',
    tithi: 30,
    tithiName: 'Amavasya',
    paksha: 'krishna',
    lunarMonth: 7,
    solarMonth: null,
    moment: 'pradosha',
  };
  return { ...festival, ...overrides };
}

/** A festival's rule: by default Diwali (Lakshmi Puja), Ashwin Amavasya in the evening after sunset. */
export function makeFestivalRule(overrides: Partial<FestivalRule> = {}): FestivalRule {
  return {
    id: uuid(),
    name: 'Diwali (Lakshmi Puja)',
    description: 'Lakshmi puja on the evening of Ashwin Amavasya.',
    lunarMonth: 7,
    solarMonth: null,
    tithi: 30,
    moment: 'pradosha',
    twoDays: 'first',
    inAdhika: false,
    source: 'Nirnaya Sindhu',
    rule: 'Ashwin Amavasya, in the evening after sunset (pradosha)',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A person of the member's family and their birth star: by default the member, with no star recorded. */
export function makePersonStar(overrides: Partial<PersonStar> = {}): PersonStar {
  return { person: 'me', name: 'Test User', relation: null, star: null, nextStarDay: null, ...overrides };
}

/** A registration at the door, not checked in: Priya Sharma's party of 4 by default. */
export function makeDoorEntry(overrides: Partial<DoorEntry> = {}): DoorEntry {
  return {
    kind: 'registration',
    id: uuid(),
    firstName: 'Priya',
    lastName: 'Sharma',
    familyNames: [],
    phoneEnding: '4567',
    confirmationCode: 'ABCD-2345',
    people: 4,
    arrivedPeople: null,
    checkedInAt: null,
    checkedInBy: null,
    joinedToMember: false,
    removed: false,
    seq: 0,
    ...overrides,
  };
}

/** An event's door count: nobody registered, nobody come, no capacity. */
export function makeDoorCount(overrides: Partial<DoorCount> = {}): DoorCount {
  return {
    capacity: null,
    placesLeft: null,
    registeredParties: 0,
    registeredPeople: 0,
    walkInParties: 0,
    walkInPeople: 0,
    checkedInParties: 0,
    checkedInPeople: 0,
    ...overrides,
  };
}

/** A member's text messages as the server answers: texting available, no number yet. */
export function makeTexting(overrides: Partial<Texting> = {}): Texting {
  return {
    available: true,
    whatsappAvailable: false,
    phone: null,
    pendingPhone: null,
    channel: 'sms',
    kinds: [],
    timeZone: 'America/Los_Angeles',
    optedOut: false,
    accountPhone: null,
    ...overrides,
  };
}
