//! Family members saved in a member's profile, and the people a seva's sankalpam is done for
//! (participants): a name with the gotram, nakshatram and rasi the priest recites
//! (docs/product.md#family-members).

use chrono::{DateTime, NaiveDate, Utc};

use crate::id::{FamilyMemberId, UserId};
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const NAME_REQUIRED: &str = "Name is required";
pub const NAME_TOO_LONG: &str = "Name must be at most 100 characters";
pub const RELATION_TOO_LONG: &str = "Relation must be at most 50 characters";
pub const GOTRAM_TOO_LONG: &str = "Gotram must be at most 100 characters";
pub const NAKSHATRAM_TOO_LONG: &str = "Nakshatram must be at most 50 characters";
pub const RASI_TOO_LONG: &str = "Rasi must be at most 50 characters";
pub const BIRTH_DATE_INVALID: &str = "Birth date must be a valid past date (YYYY-MM-DD)";
pub const TOO_MANY_FAMILY_MEMBERS: &str = "At most 30 family members";

/// How many family members a profile keeps.
pub const MAX_FAMILY_MEMBERS: usize = 30;

/// Whom a sankalpam names: the fields shared by family members and participants.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Person {
    pub name: String,
    pub gotram: Option<String>,
    pub nakshatram: Option<String>,
    pub rasi: Option<String>,
}

/// The person fields as submitted.
#[derive(Debug, Clone, Default)]
pub struct PersonInput {
    pub name: String,
    pub gotram: Option<String>,
    pub nakshatram: Option<String>,
    pub rasi: Option<String>,
}

impl PersonInput {
    /// Checks the fields, recording errors under `prefix` + the field's name (`participants[0].name`).
    pub fn check(&self, errors: &mut ValidationErrors, prefix: &str) -> Option<Person> {
        let name = errors.check(&format!("{prefix}name"), check_name(&self.name));
        let gotram = errors.check(&format!("{prefix}gotram"), optional_text(self.gotram.as_deref(), 100, GOTRAM_TOO_LONG));
        let nakshatram = errors.check(&format!("{prefix}nakshatram"), optional_text(self.nakshatram.as_deref(), 50, NAKSHATRAM_TOO_LONG));
        let rasi = errors.check(&format!("{prefix}rasi"), optional_text(self.rasi.as_deref(), 50, RASI_TOO_LONG));
        Some(Person { name: name?, gotram: gotram?, nakshatram: nakshatram?, rasi: rasi? })
    }
}

fn check_name(value: &str) -> Result<String, String> {
    let name = min_chars(value, 1, NAME_REQUIRED)?;
    if name.chars().count() > 100 {
        return Err(NAME_TOO_LONG.to_owned());
    }
    Ok(name)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilyMember {
    pub id: FamilyMemberId,
    pub user_id: UserId,
    pub person: Person,
    pub relation: Option<String>,
    pub birth_date: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The form as submitted (create and full edit).
#[derive(Debug, Clone, Default)]
pub struct FamilyMemberInput {
    pub person: PersonInput,
    pub relation: Option<String>,
    /// "YYYY-MM-DD"; blank for none.
    pub birth_date: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewFamilyMember {
    pub person: Person,
    pub relation: Option<String>,
    pub birth_date: Option<NaiveDate>,
}

fn check_birth_date(raw: Option<&str>, today: NaiveDate) -> Result<Option<NaiveDate>, String> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .ok()
            .filter(|d| *d <= today && *d >= NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or(NaiveDate::MIN))
            .map(Some)
            .ok_or_else(|| BIRTH_DATE_INVALID.to_owned()),
    }
}

impl FamilyMemberInput {
    /// `today` bounds the birth date.
    pub fn validate(self, today: NaiveDate) -> Result<NewFamilyMember, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let person = self.person.check(&mut errors, "");
        let relation = errors.check("relation", optional_text(self.relation.as_deref(), 50, RELATION_TOO_LONG));
        let birth_date = errors.check("birthDate", check_birth_date(self.birth_date.as_deref(), today));
        match (person, relation, birth_date) {
            (Some(person), Some(relation), Some(birth_date)) if errors.is_empty() => Ok(NewFamilyMember { person, relation, birth_date }),
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 1).expect("date")
    }

    #[test]
    fn a_family_member_needs_a_name_and_a_past_birth_date() {
        let input = FamilyMemberInput {
            person: PersonInput {
                name: " Lakshmi ".into(),
                gotram: Some("Bharadwaja".into()),
                nakshatram: Some(" Rohini ".into()),
                rasi: Some(String::new()),
            },
            relation: Some("Mother".into()),
            birth_date: Some("1960-05-04".into()),
        };
        let member = input.validate(today()).expect("valid");
        assert_eq!(
            member.person,
            Person { name: "Lakshmi".into(), gotram: Some("Bharadwaja".into()), nakshatram: Some("Rohini".into()), rasi: None }
        );
        assert_eq!(member.birth_date, NaiveDate::from_ymd_opt(1960, 5, 4));

        let errors = FamilyMemberInput {
            person: PersonInput { name: " ".into(), nakshatram: Some("n".repeat(51)), ..Default::default() },
            relation: Some("r".repeat(51)),
            birth_date: Some("2026-03-02".into()),
        }
        .validate(today())
        .expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_REQUIRED));
        assert_eq!(errors.get("nakshatram"), Some(NAKSHATRAM_TOO_LONG));
        assert_eq!(errors.get("relation"), Some(RELATION_TOO_LONG));
        assert_eq!(errors.get("birthDate"), Some(BIRTH_DATE_INVALID));
    }

    #[test]
    fn participants_report_errors_under_their_index() {
        let mut errors = ValidationErrors::new();
        assert!(PersonInput::default().check(&mut errors, "participants[1].").is_none());
        assert_eq!(errors.get("participants[1].name"), Some(NAME_REQUIRED));
    }
}
