//! Households (docs/product.md#households): members who live at one address (spouses, adult
//! children) form a household. It has one mailing address and one giving record, and its
//! year-end statement is either joint (one statement in every member's name, with all their gifts)
//! or separate (each member's own), as the household chooses. A member belongs to at most one.
//! Members join by invitation to their e-mail address, accepted once that address is verified.

use chrono::{DateTime, Utc};

use crate::id::{HouseholdId, UserId};
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const NAME_REQUIRED: &str = "Name the household, e.g. The Rao family";
pub const NAME_TOO_LONG: &str = "Name must be at most 100 characters";
pub const ADDRESS_TOO_LONG: &str = "Address must be at most 300 characters";
pub const STATEMENT_INVALID: &str = "Choose a joint or a separate statement";
pub const ALREADY_IN_ONE: &str = "You already belong to a household; leave it first";
pub const INVITE_SELF: &str = "That address is already in your household";
pub const INVITED_ALREADY: &str = "That address is invited already";
pub const TOO_MANY_INVITATIONS: &str = "At most 10 invitations can wait at once; cancel one first";
pub const HOUSEHOLD_FULL: &str = "A household has at most 12 members";
pub const VERIFY_FIRST: &str = "Verify your e-mail address first";
pub const INVITEE_IN_ONE: &str = "Leave your household before you join another";

/// Members of one household, at most.
pub const MAX_MEMBERS: usize = 12;
/// Invitations waiting at once, per household.
pub const MAX_INVITATIONS: usize = 10;

crate::text_enum!(
    /// How a household's year-end statement is made.
    StatementChoice {
        /// One statement in every member's name, listing all the household's gifts.
        Joint => "joint",
        /// Each member's own statement, of their own gifts.
        Separate => "separate",
    }
);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Household {
    pub id: HouseholdId,
    pub name: String,
    /// Where the household's printed statements are mailed.
    pub address: Option<String>,
    pub statement: StatementChoice,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A member of a household, with the family members saved in their profile (people without an
/// account, who belong to the household with them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseholdMember {
    pub user_id: UserId,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub joined_at: DateTime<Utc>,
    /// Their family members' names, e.g. `Anika (daughter)`.
    pub family: Vec<String>,
}

impl HouseholdMember {
    pub fn name(&self) -> String {
        format!("{} {}", self.first_name.trim(), self.last_name.trim()).trim().to_owned()
    }
}

/// An invitation to join a household, waiting for the invited address's owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseholdInvitation {
    pub id: String,
    pub household_id: HouseholdId,
    pub household_name: String,
    /// Lowercase.
    pub email: String,
    pub invited_by_name: String,
    pub created_at: DateTime<Utc>,
}

/// A household as its members see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseholdView {
    pub household: Household,
    /// By joining time, then name.
    pub members: Vec<HouseholdMember>,
    /// Waiting, newest first.
    pub invitations: Vec<HouseholdInvitation>,
}

impl HouseholdView {
    /// "Lakshmi Rao and Ravi Rao", "A, B and C": the members' names as a joint statement is
    /// addressed, in joining order.
    pub fn joint_name(&self) -> String {
        joint_name(self.members.iter().map(HouseholdMember::name).filter(|n| !n.is_empty()).collect())
    }
}

/// Names joined as a letter addresses several people: `A`, `A and B`, `A, B and C`.
pub fn joint_name(names: Vec<String>) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// A household's fields as a member sends them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HouseholdInput {
    pub name: String,
    pub address: Option<String>,
    pub statement: Option<String>,
}

/// Checked household fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseholdFields {
    pub name: String,
    pub address: Option<String>,
    pub statement: StatementChoice,
}

impl HouseholdInput {
    pub fn validate(&self) -> Result<HouseholdFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check(
            "name",
            min_chars(&self.name, 1, NAME_REQUIRED)
                .and_then(|n| if n.chars().count() > 100 { Err(NAME_TOO_LONG.to_owned()) } else { Ok(n) }),
        );
        let address = errors.check("address", optional_text(self.address.as_deref(), 300, ADDRESS_TOO_LONG));
        let statement = errors.check(
            "statement",
            match self.statement.as_deref() {
                None => Ok(StatementChoice::Joint),
                Some(s) => StatementChoice::parse(s).ok_or_else(|| STATEMENT_INVALID.to_owned()),
            },
        );
        match (name, address, statement) {
            (Some(name), Some(address), Some(statement)) if errors.is_empty() => Ok(HouseholdFields { name, address, statement }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joint_names_read_as_a_letter_addresses_people() {
        assert_eq!(joint_name(vec![]), "");
        assert_eq!(joint_name(vec!["Lakshmi Rao".into()]), "Lakshmi Rao");
        assert_eq!(joint_name(vec!["Lakshmi Rao".into(), "Ravi Rao".into()]), "Lakshmi Rao and Ravi Rao");
        assert_eq!(joint_name(vec!["A".into(), "B".into(), "C".into()]), "A, B and C");
    }

    #[test]
    fn fields_are_checked_and_the_statement_is_joint_by_default() {
        let ok = HouseholdInput { name: "  The Rao family ".into(), address: Some(" 1 Temple Way\nFolsom ".into()), statement: None };
        assert_eq!(
            ok.validate(),
            Ok(HouseholdFields {
                name: "The Rao family".into(),
                address: Some("1 Temple Way\nFolsom".into()),
                statement: StatementChoice::Joint
            })
        );
        let bad = HouseholdInput { name: " ".into(), address: Some("x".repeat(301)), statement: Some("both".into()) };
        let errors = bad.validate().expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_REQUIRED));
        assert_eq!(errors.get("address"), Some(ADDRESS_TOO_LONG));
        assert_eq!(errors.get("statement"), Some(STATEMENT_INVALID));
        let long = HouseholdInput { name: "x".repeat(101), ..HouseholdInput::default() };
        assert_eq!(long.validate().expect_err("long").get("name"), Some(NAME_TOO_LONG));
    }
}
