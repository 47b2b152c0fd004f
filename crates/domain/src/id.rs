//! Typed ids, so that one kind of id cannot be passed where another is expected
//! (`withdraw(actor, &EventId, &VolunteerId)` refuses the two swapped). Ids are opaque texts
//! (UUIDs for new records); adapters convert them at the edges (path parameters, rows).

use std::fmt;
use std::ops::Deref;

/// Declares an id type wrapping its text. It reads as a `&str` (`Deref`), so formatting and
/// comparing with texts stay easy; only the conversion from a text is explicit.
macro_rules! id_type {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            pub fn new(id: impl Into<String>) -> Self {
                Self(id.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> Self {
                Self(id)
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> Self {
                Self(id.to_owned())
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> Self {
                id.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }
    };
}

id_type!(
    /// A temple event.
    EventId
);
id_type!(
    /// A member's account.
    UserId
);
id_type!(
    /// A member's offer to volunteer at an event.
    VolunteerId
);
id_type!(
    /// A member's registration for an event.
    AttendeeId
);
id_type!(
    /// A recorded payment.
    PaymentId
);
id_type!(
    /// A donation type of the catalogue.
    DonationTypeId
);
id_type!(
    /// A fund of the temple's books (General, Building, Annadanam, ...).
    FundId
);
id_type!(
    /// A member's pledge to a fund.
    PledgeId
);
id_type!(
    /// A household of members at one address.
    HouseholdId
);
id_type!(
    /// A payment method of the catalogue.
    PaymentMethodId
);
id_type!(
    /// A notice of the home page.
    NoticeId
);

id_type!(
    /// A recurring service of the temple (daily Suprabhatam, weekly Abhishekam, ...).
    RecurringServiceId
);
id_type!(
    /// A priest of the temple.
    PriestId
);
id_type!(
    /// A member's place on a full event's waitlist.
    WaitlistId
);

id_type!(
    /// A seva or puja of the catalogue.
    SevaId
);
id_type!(
    /// A booking of a seva.
    SevaBookingId
);
id_type!(
    /// A family member saved in a member's profile.
    FamilyMemberId
);
id_type!(
    /// A festival's rule by the lunar calendar (the shipped ones have readable ids: `diwali`).
    FestivalRuleId
);
id_type!(
    /// A member's record of a person's birth star (janma nakshatra), with its reminder.
    StarBirthdayId
);
id_type!(
    /// A role of an event's volunteer plan (Parking, Kitchen...).
    VolunteerRoleId
);
id_type!(
    /// A shift of a volunteer role: a start, an end and how many are needed.
    ShiftId
);
id_type!(
    /// One person's place on a shift (a member or one of their family), confirmed or waitlisted.
    ShiftSignupId
);
id_type!(
    /// A party added at an event's door without a registration.
    WalkInId
);
id_type!(
    /// One import of a file (members or gifts), undone as a whole.
    ImportId
);
id_type!(
    /// A saved mapping of a file's columns to an import's fields.
    ImportMappingId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_their_text() {
        let id = EventId::from("e1");
        assert_eq!(id, "e1");
        assert_eq!(id.to_string(), "e1");
        assert_eq!(id.len(), 2);
        assert_eq!(String::from(id.clone()), "e1");
        assert_eq!(EventId::new(String::from("e1")), id);
    }
}
