//! Use cases, one file per area. Each area has its own error enum implementing
//! [`mandir_domain::Failure`], so the HTTP adapter maps them all in one place.

pub mod account;
pub mod accounting;
pub mod admin;
pub mod audit;
pub mod auth;
pub mod calendar;
pub mod cash_office;
pub mod check_batches;
pub mod counter;
pub mod counter_card;
pub mod counter_search;
pub mod donation_types;
pub mod door_desk;
pub mod door_index;
pub mod events;
pub mod family_members;
pub mod festivals;
pub mod funds;
pub mod gotrams;
pub mod households;
pub mod images;
pub mod imports;
pub mod jobs;
pub mod member_mail;
pub mod outbox;
pub mod paging;
pub mod panchangam;
pub mod payment_methods;
pub mod payments;
pub mod pledges;
pub mod priests;
pub mod profile;
pub mod rate_limits;
pub mod receipts;
pub mod recurring_gifts;
pub mod recurring_services;
pub mod registrations;
pub mod reports;
pub mod sessions;
pub mod settlements;
pub mod setup;
pub mod seva_bookings;
pub mod sevas;
pub mod site;
pub mod staff;
pub mod staff_invites;
pub mod star_birthdays;
pub mod statements;
#[cfg(test)]
mod test_fixtures;
pub mod texting;
pub mod volunteer_shifts;
pub mod volunteers;

use mandir_domain::UserId;
use mandir_domain::staff::{Permission, Role, Roles};
use mandir_domain::user::User;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// The signed-in member making a request, read from the database on every request (so a role
/// taken away counts from the next request on).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: UserId,
    pub email: String,
    pub roles: Roles,
    pub email_verified: bool,
    /// The client's address, when the request came over HTTP (the audit log records it).
    pub address: Option<String>,
}

impl Actor {
    pub fn of(user: &User) -> Self {
        Self {
            user_id: user.id.clone(),
            email: user.email.as_str().to_owned(),
            roles: user.roles,
            email_verified: user.email_verified,
            address: None,
        }
    }

    /// The same actor, calling from `address`.
    #[must_use]
    pub fn from_address(self, address: impl Into<String>) -> Self {
        Self { address: Some(address.into()), ..self }
    }

    pub const fn is_admin(&self) -> bool {
        self.roles.has(Role::Admin)
    }

    /// Whether the actor's roles hold `permission` (`mandir_domain::staff`, the one matrix).
    pub fn can(&self, permission: Permission) -> bool {
        self.roles.allow(permission)
    }

    /// Staff use cases start with `actor.require(Permission::…)?`: the one check of roles.
    /// Members without the permission get the area's `Forbidden`.
    pub fn require(&self, permission: Permission) -> Result<(), PermissionRequired> {
        if self.can(permission) { Ok(()) } else { Err(PermissionRequired(permission)) }
    }

    /// Use cases for verified members only (registering, volunteering, event donations) start
    /// with `actor.require_verified()?`: others get the area's `EmailNotVerified` (403 with the
    /// code `email-not-verified`).
    pub fn require_verified(&self) -> Result<(), VerificationRequired> {
        if self.email_verified { Ok(()) } else { Err(VerificationRequired) }
    }
}

/// A member asked for something their roles do not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PermissionRequired(pub Permission);

/// A member whose e-mail is not verified asked for something that needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VerificationRequired;

/// Every area with use cases for verified members answers [`VerificationRequired`] with its
/// `EmailNotVerified`.
macro_rules! verification_required_is_email_not_verified {
    ($($error:ty),+ $(,)?) => {
        $(impl From<VerificationRequired> for $error {
            fn from(_: VerificationRequired) -> Self {
                Self::EmailNotVerified
            }
        })+
    };
}

verification_required_is_email_not_verified!(registrations::RegistrationError, volunteers::VolunteerError, seva_bookings::BookingError);

/// Every area with staff use cases answers [`PermissionRequired`] with its `Forbidden`.
macro_rules! permission_required_is_forbidden {
    ($($error:ty),+ $(,)?) => {
        $(impl From<PermissionRequired> for $error {
            fn from(_: PermissionRequired) -> Self {
                Self::Forbidden
            }
        })+
    };
}

permission_required_is_forbidden!(
    admin::AdminError,
    audit::AuditError,
    staff::StaffError,
    donation_types::DonationTypeError,
    funds::FundError,
    pledges::PledgeError,
    events::EventError,
    festivals::FestivalError,
    jobs::JobError,
    payment_methods::PaymentMethodError,
    payments::PaymentError,
    priests::PriestError,
    receipts::ReceiptError,
    statements::StatementError,
    recurring_services::RecurringServiceError,
    registrations::RegistrationError,
    site::SiteError,
    sevas::SevaError,
    seva_bookings::BookingError,
    volunteers::VolunteerError,
);

/// A fresh random secret for links (32 bytes, hex) and its SHA-256, which is what we store.
pub fn new_secret() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let secret = hex::encode(bytes);
    let hash = hash_secret(&secret);
    (secret, hash)
}

pub fn hash_secret(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// A fresh id (a UUID) of any id type.
pub fn new_id<T: From<String>>() -> T {
    T::from(uuid::Uuid::new_v4().to_string())
}

/// Shared `Unexpected` conversion: every area error has a variant holding the cause.
macro_rules! unexpected_from {
    ($error:ident: $($source:ty),+) => {
        $(impl From<$source> for $error {
            fn from(source: $source) -> Self {
                Self::Unexpected(source.into())
            }
        })+
    };
}
pub(crate) use unexpected_from;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_random_and_hashed() {
        let (a, hash_a) = new_secret();
        let (b, _) = new_secret();
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(hash_secret(&a), hash_a);
        assert_ne!(a, hash_a);
    }
}
