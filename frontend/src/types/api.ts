// Shapes of the Mandir HTTP API, named for the rest of the code. Every shape comes from
// api.gen.ts, which `just api-types` generates from the server's OpenAPI document
// (`mandir openapi`, also served at /api/openapi.json); `just check-api-types` fails when it is stale.
import type { components, operations } from './api.gen';

type Schemas = components['schemas'];

// Response schemas list every field as required (the server writes each one, `null` when empty;
// crates/http/src/openapi.rs `ResponseFieldsRequired`), so the generated shapes are used as they are.
// Responses.
export type Gotram = Schemas['GotramDto'];
export type User = Schemas['UserDto'];
export type Event = Schemas['EventDto'];
export type Attendee = Schemas['AttendeeDto'];
export type AttendeeWithContact = Schemas['AttendeeWithContactDto'];
export type DoorListEntry = Schemas['DoorListEntryDto'];
export type WaitlistEntry = Schemas['WaitlistEntryDto'];
export type WaitlistEntryWithContact = Schemas['WaitlistEntryWithContactDto'];
export type Volunteer = Schemas['VolunteerDto'];
export type VolunteerCount = Schemas['VolunteerCountDto'];
export type DonationType = Schemas['DonationTypeDto'];
/** A fund (what gifts are for: General, Building, Annadanam, ...) with what it has received (`GET /api/funds`). */
export type Fund = Schemas['FundDto'];
/** What a fund has received: completed gifts that are not tests, net of refunds. */
export type FundProgress = Schemas['FundProgressDto'];
/** Money received in one fund, net of refunds (the ledger's totals `byFund`). */
export type FundTotal = Schemas['FundTotalDto'];
/** What a fund received in one month of the temple's calendar (`month` "2026-03"; `raised` decimal dollars, net of refunds). */
export type FundMonth = Schemas['FundMonthDto'];
/** A fund's gifts month by month (`GET /api/funds/{id}/months`): oldest first, without gaps. */
export type FundMonths = Schemas['FundMonthsDto'];
export type PaymentMethod = Schemas['PaymentMethodDto'];
/**
 * A member's pledge: an amount promised to a fund over a period (`GET /api/pledges/mine`), with what
 * the member gave to that fund in the period, net of refunds (`fulfilled`, may exceed `amount`),
 * what is left (`remaining`, never below 0) and the whole percent fulfilled (0 to 100).
 */
export type Pledge = Schemas['PledgeDto'];
export type Household = Schemas['HouseholdDto'];
export type HouseholdOverview = Schemas['HouseholdOverviewDto'];
export type HouseholdInvitation = Schemas['ReceivedInvitationDto'];
/** A pledge with its member, as treasurers list them (`GET /api/pledges`). */
export type PledgeWithMember = Schemas['MemberPledgeDto'];
/** What asking for pledge reminders did (`POST /api/pledges/reminders`): the e-mails queued. */
export type PledgeReminders = Schemas['RemindedDto'];
/**
 * A line of a payment: a donation type's, or a custom one ('custom') with its own name; a custom
 * line may choose its fund (`fundId`; none is the General fund).
 */
export type DonationDetail = Schemas['DonationDetailDto'] & { fundId?: string | null };
export type Payment = Schemas['PaymentDto'];
export type PaymentTotals = Schemas['TotalsResponse'];
export type LedgerPage = Schemas['LedgerPageDto'];
export type LedgerTotals = Schemas['LedgerTotalsDto'];
export type PaymentAuditEntry = Schemas['AuditEntryDto'];
export type YearTotal = Schemas['YearTotalDto'];
export type Receipt = Schemas['ReceiptDto'];
export type Statement = Schemas['StatementDto'];
export type StatementProgress = Schemas['StatementProgressDto'];
export type ReceiptEmail = Schemas['ReceiptEmailDto'];
export type AppConfig = Schemas['ConfigResponse'];
export type Site = Schemas['SiteDto'];
export type SiteSettings = Schemas['SiteSettingsDto'];
export type ReceiptPaper = Schemas['ReceiptPaperDto'];
export type Notice = Schemas['NoticeDto'];
export type SetupResponse = Schemas['SetupResponse'];
export type UserEvent = Schemas['UserEventDto'];
export type AccountSettings = Schemas['AccountSettingsDto'];
export type Texting = Schemas['TextingDto'];
export type TextingOverview = Schemas['TextingOverviewDto'];
export type TextRecord = Schemas['TextRecordDto'];
export type TextKind = Schemas['TextKindDto'];
export type TextChannel = Schemas['TextChannelDto'];
export type ChangePasswordResult = Schemas['ChangePasswordResponse'];
export type CalendarFeed = Schemas['CalendarFeedDto'];
export type UserVolunteering = Schemas['UserVolunteeringDto'];
export type Member = Schemas['MemberDto'];
export type MemberPage = Schemas['MemberPageDto'];
export type RecurringService = Schemas['RecurringServiceDto'];
export type ServiceOccurrences = Schemas['OccurrencesDto'];
export type ServiceOccurrence = Schemas['ServiceOccurrenceDto'];
export type Priest = Schemas['PriestDto'];
/** One local day's panchangam at the temple (`GET /api/panchangam`); instants at the temple's UTC offset. */
export type PanchangamDay = Schemas['PanchangamDayDto'];
/** A festival on its day at the temple (`GET /api/festivals?year=`), with the lunar rule that decided it. */
export type Festival = Schemas['FestivalDto'];
/** A festival's rule (`GET /api/admin/festivals`, editors): a tithi of a lunar or solar month at a moment of the day. */
export type FestivalRule = Schemas['FestivalRuleDto'];
/** One date of a festival at the temple, with the event made for it (null when none) and whether it has passed. */
export type FestivalDay = Schemas['FestivalDayDto'];
/** A festival rule and its dates in the years asked for (`GET /api/admin/festivals/{id}/events`). */
export type FestivalPreview = Schemas['FestivalPreviewDto'];
/** What making a festival's events did: the events made, the dates that had theirs, the dates passed. */
export type FestivalEventsMade = Schemas['FestivalEventsDto'];
/** A person of the member's family (the member first, person `me`) with their birth star and next star day. */
export type PersonStar = Schemas['PersonStarDto'];
/** The birth star recorded for a person. */
export type StarBirthday = Schemas['StarBirthdayDto'];
/** A birth star worked out from a birth (`POST /api/panchangam/birth-star`). */
export type BirthStar = Schemas['BirthStarDto'];
export type Seva = Schemas['SevaDto'];
export type SevaAvailability = Schemas['SevaAvailabilityDto'];
export type SevaDay = Schemas['SevaDayDto'];
export type SevaSlotAvailability = Schemas['SevaSlotAvailabilityDto'];
export type SevaSettings = Schemas['SevaSettingsDto'];
export type SevaBooking = Schemas['SevaBookingDto'];
export type SevaPerson = Schemas['SevaPersonDto'];
export type PaidSevaBooking = Schemas['PaidBookingDto'];
export type SevaSchedule = Schemas['SevaScheduleDto'];
export type SevaScheduleEntry = Schemas['SevaScheduleEntryDto'];
export type FamilyMember = Schemas['FamilyMemberDto'];
export type StaffMember = Schemas['StaffMemberDto'];
export type LinkedPriest = Schemas['LinkedPriestDto'];
export type AssignedSeva = Schemas['AssignedSevaDto'];
/** An invitation to the staff not yet accepted or withdrawn (`GET /api/admin/staff/invitations`). */
export type StaffInvitation = Schemas['StaffInvitationDto'];
/** What an invitation link offers, before it is accepted. */
export type StaffInvitationPreview = Schemas['StaffInvitationPreviewDto'];
/** Accepting an invitation: a session token for a new account (null for an existing one) and the account. */
export type StaffInvitationAccepted = Schemas['StaffInvitationAcceptedDto'];
/** One field of a record before and after a staff change (any JSON value; null when absent). */
export type AuditChange = Schemas['AuditLogChangeDto'];
/** An entry of the staff audit log (`GET /api/admin/audit`). */
export type StaffAuditEntry = Schemas['AuditLogEntryDto'];
export type StaffAuditPage = Schemas['AuditLogPageDto'];
/** A sale at the counter, with its payment, how it was paid and its receipt link. */
export type CounterSale = Schemas['CounterSaleDto'];
export type CounterSaleRequest = Schemas['CounterSaleRequest'];
export type CardCharge = Schemas['CardChargeDto'];
/** Checks entered together by a treasurer (`POST /api/check-batches`), and what was recorded. */
export type CheckBatchRequest = Schemas['CheckBatchRequest'];
export type CheckBatch = Schemas['CheckBatchDto'];
/** Someone the counter's search found: a member, or a walk-in who gave at the counter before. */
export type CounterPerson = Schemas['CounterPersonDto'];
export type SignInResponse = Schemas['SignInResponse'];
export type SignUpResponse = Schemas['SignUpResponse'];
export type MessageResponse = Schemas['MessageResponse'];
export type AdminChangeResponse = Schemas['AdminChangeResponse'];
export type ForceDeleteResponse = Schemas['ForceDeleteResponse'];
export type PaymentIntentResponse = Schemas['CreateIntentResponse'];
export type SandboxConfirmResponse = Schemas['SandboxConfirmResponse'];
export type ZelleConfirmResponse = Schemas['ZelleConfirmResponse'];
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
export type FundBody = Schemas['CreateFundRequest'];
export type FundChanges = Schemas['UpdateFundRequest'];
/** `POST /api/pledges/mine`: the amount as a decimal text; the note null when blank. */
export type PledgeBody = Schemas['CreatePledgeRequest'];
export type HouseholdBody = Schemas['HouseholdRequest'];
/** `POST /api/pledges/reminders`: one fund's pledges, or every fund's without `fundId`. */
export type PledgeRemindersBody = Schemas['RemindRequest'];
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
