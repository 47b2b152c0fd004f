//! Mandir's domain: entities, value objects and the product's rules with their messages
//! (docs/product.md#validation-rules). Nothing here performs I/O.

pub mod accounting;
pub mod address;
pub mod audit;
pub mod cash_office;
pub mod counter;
pub mod donation_type;
pub mod donor;
pub mod door;
pub mod error;
pub mod event;
pub mod exchange;
pub mod family_member;
pub mod festival;
pub mod fund;
pub mod gotram;
pub mod household;
pub mod id;
pub mod image;
pub mod import;
pub mod input;
pub mod language;
pub mod money;
pub mod panchangam;
pub mod patch;
pub mod payment;
pub mod payment_audit;
pub mod payment_method;
pub mod payout;
pub mod pledge;
pub mod priest;
pub mod receipt;
pub mod recurring_gift;
pub mod recurring_service;
pub mod registration;
pub mod reports;
pub mod seva;
pub mod seva_booking;
pub mod site;
pub mod staff;
pub mod star_birthday;
pub mod statement;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
mod text_enum;
pub mod texting;
pub mod user;
pub mod validation;
pub mod volunteer;
pub mod volunteer_shift;

pub use error::{EMAIL_NOT_VERIFIED, EMAIL_NOT_VERIFIED_CODE, ErrorKind, Failure, RetryAfter};
pub use id::{
    AttendeeId, DonationTypeId, EventId, FamilyMemberId, FestivalRuleId, FundId, HouseholdId, ImportId, ImportMappingId, NoticeId,
    PaymentId, PaymentMethodId, PledgeId, PriestId, RecurringServiceId, SevaBookingId, SevaId, ShiftId, ShiftSignupId, StarBirthdayId,
    UserId, VolunteerId, VolunteerRoleId, WaitlistId, WalkInId,
};
pub use input::NumberInput;
pub use money::Money;
pub use patch::Patch;
pub use validation::ValidationErrors;
