// Shapes of the Mandir HTTP API, named for the rest of the code. Every shape comes from
// api.gen.ts, which `just api-types` generates from the server's OpenAPI document
// (`mandir openapi`, also served at /api/openapi.json); `just check-api-types` fails when it is stale.
import type { components, operations } from './api.gen';

type Schemas = components['schemas'];

/**
 * A response body as the server writes it. The document lists every `Option` field as optional,
 * but the server always writes those fields (null when empty), so they are present here.
 */
export type Present<T> = T extends readonly (infer U)[]
  ? Present<U>[]
  : T extends object
    ? { [K in keyof T]-?: Present<Exclude<T[K], undefined>> }
    : T;

// Responses.
export type Gotram = Present<Schemas['GotramDto']>;
export type User = Present<Schemas['UserDto']>;
export type Event = Present<Schemas['EventDto']>;
export type Attendee = Present<Schemas['AttendeeDto']>;
export type AttendeeWithContact = Present<Schemas['AttendeeWithContactDto']>;
export type DoorEntry = Present<Schemas['DoorEntryDto']>;
export type CheckIn = Present<Schemas['CheckInDto']>;
export type WaitlistEntry = Present<Schemas['WaitlistEntryDto']>;
export type WaitlistEntryWithContact = Present<Schemas['WaitlistEntryWithContactDto']>;
export type Volunteer = Present<Schemas['VolunteerDto']>;
export type VolunteerCount = Present<Schemas['VolunteerCountDto']>;
export type DonationType = Present<Schemas['DonationTypeDto']>;
export type PaymentMethod = Present<Schemas['PaymentMethodDto']>;
export type DonationDetail = Present<Schemas['DonationDetailDto']>;
export type Payment = Present<Schemas['PaymentDto']>;
export type PaymentTotals = Present<Schemas['TotalsResponse']>;
export type LedgerPage = Present<Schemas['LedgerPageDto']>;
export type LedgerTotals = Present<Schemas['LedgerTotalsDto']>;
export type PaymentAuditEntry = Present<Schemas['AuditEntryDto']>;
export type YearTotal = Present<Schemas['YearTotalDto']>;
export type Receipt = Present<Schemas['ReceiptDto']>;
export type Statement = Present<Schemas['StatementDto']>;
export type StatementProgress = Present<Schemas['StatementProgressDto']>;
export type ReceiptEmail = Present<Schemas['ReceiptEmailDto']>;
export type AppConfig = Present<Schemas['ConfigResponse']>;
export type Site = Present<Schemas['SiteDto']>;
export type SiteSettings = Present<Schemas['SiteSettingsDto']>;
export type Notice = Present<Schemas['NoticeDto']>;
export type SetupResponse = Present<Schemas['SetupResponse']>;
export type UserEvent = Present<Schemas['UserEventDto']>;
export type AccountSettings = Present<Schemas['AccountSettingsDto']>;
export type ChangePasswordResult = Present<Schemas['ChangePasswordResponse']>;
export type CalendarFeed = Present<Schemas['CalendarFeedDto']>;
export type UserVolunteering = Present<Schemas['UserVolunteeringDto']>;
export type Member = Present<Schemas['MemberDto']>;
export type MemberPage = Present<Schemas['MemberPageDto']>;
export type RecurringService = Present<Schemas['RecurringServiceDto']>;
export type ServiceOccurrences = Present<Schemas['OccurrencesDto']>;
export type ServiceOccurrence = Present<Schemas['ServiceOccurrenceDto']>;
export type Priest = Present<Schemas['PriestDto']>;
/** One local day's panchangam at the temple (`GET /api/panchangam`); instants at the temple's UTC offset. */
export type PanchangamDay = Present<Schemas['PanchangamDayDto']>;
/** A festival on its day at the temple (`GET /api/festivals?year=`), with the lunar rule that decided it. */
export type Festival = Present<Schemas['FestivalDto']>;
/** A festival's rule (`GET /api/admin/festivals`, editors): a tithi of a lunar or solar month at a moment of the day. */
export type FestivalRule = Present<Schemas['FestivalRuleDto']>;
/** One date of a festival at the temple, with the event made for it (null when none) and whether it has passed. */
export type FestivalDay = Present<Schemas['FestivalDayDto']>;
/** A festival rule and its dates in the years asked for (`GET /api/admin/festivals/{id}/events`). */
export type FestivalPreview = Present<Schemas['FestivalPreviewDto']>;
/** What making a festival's events did: the events made, the dates that had theirs, the dates passed. */
export type FestivalEventsMade = Present<Schemas['FestivalEventsDto']>;
/** A person of the member's family (the member first, person `me`) with their birth star and next star day. */
export type PersonStar = Present<Schemas['PersonStarDto']>;
/** The birth star recorded for a person. */
export type StarBirthday = Present<Schemas['StarBirthdayDto']>;
/** A birth star worked out from a birth (`POST /api/panchangam/birth-star`). */
export type BirthStar = Present<Schemas['BirthStarDto']>;
export type Seva = Present<Schemas['SevaDto']>;
export type SevaAvailability = Present<Schemas['SevaAvailabilityDto']>;
export type SevaDay = Present<Schemas['SevaDayDto']>;
export type SevaSlotAvailability = Present<Schemas['SevaSlotAvailabilityDto']>;
export type SevaSettings = Present<Schemas['SevaSettingsDto']>;
export type SevaBooking = Present<Schemas['SevaBookingDto']>;
export type SevaPerson = Present<Schemas['SevaPersonDto']>;
export type PaidSevaBooking = Present<Schemas['PaidBookingDto']>;
export type SevaSchedule = Present<Schemas['SevaScheduleDto']>;
export type SevaScheduleEntry = Present<Schemas['SevaScheduleEntryDto']>;
export type FamilyMember = Present<Schemas['FamilyMemberDto']>;
export type StaffMember = Present<Schemas['StaffMemberDto']>;
export type LinkedPriest = Present<Schemas['LinkedPriestDto']>;
export type AssignedSeva = Present<Schemas['AssignedSevaDto']>;
/** An invitation to the staff not yet accepted or withdrawn (`GET /api/admin/staff/invitations`). */
export type StaffInvitation = Present<Schemas['StaffInvitationDto']>;
/** What an invitation link offers, before it is accepted. */
export type StaffInvitationPreview = Present<Schemas['StaffInvitationPreviewDto']>;
/** Accepting an invitation: a session token for a new account (null for an existing one) and the account. */
export type StaffInvitationAccepted = Present<Schemas['StaffInvitationAcceptedDto']>;
/** One field of a record before and after a staff change (any JSON value; null when absent). */
export type AuditChange = Present<Schemas['AuditLogChangeDto']>;
/** An entry of the staff audit log (`GET /api/admin/audit`). */
export type StaffAuditEntry = Present<Schemas['AuditLogEntryDto']>;
export type StaffAuditPage = Present<Schemas['AuditLogPageDto']>;
/** A sale at the counter, with its payment, how it was paid and its receipt link. */
export type CounterSale = Present<Schemas['CounterSaleDto']>;
export type CounterSaleRequest = Schemas['CounterSaleRequest'];
export type SignInResponse = Present<Schemas['SignInResponse']>;
export type SignUpResponse = Present<Schemas['SignUpResponse']>;
export type MessageResponse = Schemas['MessageResponse'];
export type AdminChangeResponse = Present<Schemas['AdminChangeResponse']>;
export type ForceDeleteResponse = Present<Schemas['ForceDeleteResponse']>;
export type PaymentIntentResponse = Present<Schemas['CreateIntentResponse']>;
export type SandboxConfirmResponse = Schemas['SandboxConfirmResponse'];
export type ZelleConfirmResponse = Present<Schemas['ZelleConfirmResponse']>;
/** Error body of every non-ok answer (`errors` only on 400s with per-field messages). */
export type ApiErrorBody = Schemas['ErrorBody'];

// Enumerations.
export type ContactPreference = Schemas['ContactPreferenceDto'];
export type VolunteerPreference = Schemas['VolunteerPreferenceDto'];
export type Availability = Schemas['AvailabilityDto'];
export type PaymentMethodIcon = Schemas['PaymentMethodIconDto'];
/** A staff role; an account may hold several. */
export type Role = User['roles'][number];
/** What a staff operation needs; `GET /api/users/me` lists the ones the account's roles hold. */
export type Permission = User['permissions'][number];
/** The kinds of the audit log ('' in a filter: every kind). */
export type AuditKind = Exclude<NonNullable<NonNullable<operations['listAudit']['parameters']['query']>['kind']>, ''>;

// Request bodies.
export type SignInBody = Schemas['SignInRequest'];
export type SignUpBody = Schemas['SignUpRequest'];
export type InviteStaffBody = Schemas['InviteStaffRequest'];
export type AcceptStaffInvitationBody = Schemas['AcceptStaffInvitationRequest'];
export type ForgotPasswordBody = Schemas['ForgotPasswordRequest'];
export type ResetPasswordBody = Schemas['ResetPasswordRequest'];
export type UpdateProfileBody = Schemas['UpdateProfileRequest'];
export type ChangePasswordBody = Schemas['ChangePasswordRequest'];
export type ChangeEmailBody = Schemas['ChangeEmailRequest'];
export type DeleteAccountBody = Schemas['DeleteAccountRequest'];
export type CreateEventBody = Schemas['CreateEventRequest'];
export type UpdateEventBody = Schemas['UpdateEventRequest'];
export type RegistrationBody = Schemas['RegistrationRequest'];
export type VolunteerBody = Schemas['VolunteerRequest'];
export type DonationTypeBody = Schemas['CreateDonationTypeRequest'];
export type DonationTypeChanges = Schemas['UpdateDonationTypeRequest'];
export type PaymentMethodBody = Schemas['CreatePaymentMethodRequest'];
export type PaymentMethodChanges = Schemas['UpdatePaymentMethodRequest'];
export type CreatePaymentIntentBody = Schemas['CreateIntentRequest'];
export type SandboxConfirmBody = Schemas['SandboxConfirmRequest'];
export type ZelleConfirmBody = Schemas['ZelleConfirmRequest'];
export type SetPaymentStatusBody = Schemas['SetStatusRequest'];

// Request bodies of the temple's content and the first-run setup.
export type SiteSettingsBody = Schemas['UpdateSiteSettingsRequest'];
export type NoticeBody = Schemas['NoticeRequest'];
export type SetupBody = Schemas['SetupRequest'];
export type RecurringServiceBody = Schemas['RecurringServiceRequest'];
export type PriestBody = Schemas['PriestRequest'];
export type PriestOrderBody = Schemas['PriestOrderRequest'];
export type SevaBody = Schemas['SevaRequest'];
export type SevaSettingsBody = Schemas['SevaSettingsRequest'];
export type SevaBookingBody = Schemas['SevaBookingRequest'];
export type FamilyMemberBody = Schemas['FamilyMemberRequest'];
export type StaffRolesBody = Schemas['StaffRolesRequest'];
export type PriestAccountBody = Schemas['PriestAccountRequest'];
export type FestivalRuleBody = Schemas['FestivalRuleRequest'];
export type FestivalEventsBody = Schemas['FestivalEventsRequest'];
export type StarBirthdayBody = Schemas['StarBirthdayRequest'];
export type BirthBody = Schemas['BirthRequest'];
