//! The check-in desk (docs/product.md#the-check-in-desk, ADR 0142): confirmation codes, what a
//! desk searches by, walk-ins and how many people came.

use chrono::{DateTime, Utc};

use crate::user::{Email, check_phone, name};
use crate::validation::ValidationErrors;
use crate::{AttendeeId, UserId};

/// Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not mistaken.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a code (40 random bits).
pub const CODE_LENGTH: usize = 8;
/// What a confirmation's QR code holds before its code: a desk tells it from other QR codes.
pub const QR_PREFIX: &str = "MANDIR:";
/// At most this many people in one party at the door.
pub const MAX_PEOPLE: i64 = 99;
/// At most this many entries answer a search.
pub const SEARCH_LIMIT: u64 = 20;
/// At most this many entries answer a request for changes (a desk asks again for the rest).
pub const CHANGES_LIMIT: u64 = 200;
/// The longest a desk's request for changes waits for one, in seconds.
pub const MAX_WAIT_SECONDS: u64 = 25;

pub const PEOPLE_MESSAGE: &str = "Enter how many people came: 1 to 99";
pub const NOT_A_CODE: &str = "That is not a confirmation code: it has 8 letters and digits, like ABCD-2345";

/// A new registration's confirmation code from 5 random bytes: 8 characters of [`ALPHABET`].
pub fn new_code(random: [u8; 5]) -> String {
    let bits = random.iter().fold(0u64, |acc, byte| (acc << 8) | u64::from(*byte));
    (0..CODE_LENGTH).rev().map(|i| char::from(ALPHABET[((bits >> (i * 5)) & 31) as usize])).collect()
}

/// A code as typed or scanned (`abcd-2345`, `MANDIR:ABCD-2345`, ` ABCD 2345 `), in its stored
/// form; `O` reads as zero and `I` and `L` as one, as Crockford's alphabet intends. `None` when
/// it is not a code.
pub fn normalize_code(text: &str) -> Option<String> {
    let text = text.trim();
    let text = match text.get(..QR_PREFIX.len()) {
        Some(prefix) if prefix.eq_ignore_ascii_case(QR_PREFIX) => &text[QR_PREFIX.len()..],
        _ => text,
    };
    let code: String = text
        .chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        })
        .collect();
    (code.len() == CODE_LENGTH && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// `ABCD-2345`: a stored code as people read it.
pub fn display_code(code: &str) -> String {
    match (code.get(..4), code.get(4..)) {
        (Some(head), Some(tail)) if !tail.is_empty() => format!("{head}-{tail}"),
        _ => code.to_owned(),
    }
}

/// What a registration's QR code holds: `MANDIR:ABCD-2345`.
pub fn qr_text(code: &str) -> String {
    format!("{QR_PREFIX}{}", display_code(code))
}

/// A phone number's digits, which a desk searches by.
pub fn phone_digits(phone: &str) -> String {
    phone.chars().filter(char::is_ascii_digit).collect()
}

/// What a desk typed, read as every way it may find a party.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DoorQuery {
    /// Lowercase words, each of which a name must contain (at most 4).
    pub words: Vec<String>,
    /// The digits of a phone number (4 or more, typed without letters).
    pub digits: Option<String>,
    /// A confirmation code, in its stored form.
    pub code: Option<String>,
}

impl DoorQuery {
    /// Reads `q` (at most 100 characters are read); an empty query finds nothing and asks for
    /// the latest check-ins instead.
    pub fn parse(q: &str) -> Self {
        let q: String = q.trim().chars().take(100).collect();
        let code = normalize_code(&q);
        let has_letters = q.chars().any(char::is_alphabetic);
        let digits = phone_digits(&q);
        let digits = (!has_letters && digits.len() >= 4).then_some(digits);
        let words = if digits.is_some() {
            Vec::new()
        } else {
            q.split_whitespace().map(str::to_lowercase).filter(|w| !w.is_empty()).take(4).collect()
        };
        Self { words, digits, code }
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty() && self.digits.is_none() && self.code.is_none()
    }
}

/// How many people came: 1 to [`MAX_PEOPLE`].
pub fn check_people(people: i64) -> Result<i32, String> {
    if (1..=MAX_PEOPLE).contains(&people) {
        i32::try_from(people).map_err(|_| PEOPLE_MESSAGE.to_owned())
    } else {
        Err(PEOPLE_MESSAGE.to_owned())
    }
}

/// A walk-in as the desk typed it.
#[derive(Debug, Clone, Default)]
pub struct WalkInInput {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: Option<String>,
    pub email: Option<String>,
    pub people: i64,
}

/// A walk-in that may be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidWalkIn {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: Option<String>,
    /// The phone's digits, which join the walk-in to a member and which a desk searches by.
    pub phone_digits: Option<String>,
    pub email: Option<String>,
    pub people: i32,
}

impl WalkInInput {
    pub fn validate(self) -> Result<ValidWalkIn, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name = errors.check("firstName", name(&self.first_name, "First name"));
        let last_name = errors.check("lastName", name(&self.last_name, "Last name"));
        let phone = self.phone_number.as_deref().map(str::trim).filter(|p| !p.is_empty());
        let phone_number = match phone {
            Some(phone) => errors.check("phoneNumber", check_phone(phone)).map(Some),
            None => Some(None),
        };
        let email = match self.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
            Some(email) => errors.check("email", Email::parse(email)).map(|e| Some(e.as_str().to_owned())),
            None => Some(None),
        };
        let people = errors.check("people", check_people(self.people));
        errors.into_result()?;
        let (Some(first_name), Some(last_name), Some(phone_number), Some(email), Some(people)) =
            (first_name, last_name, phone_number, email, people)
        else {
            return Err(ValidationErrors::single("firstName", "The walk-in could not be read"));
        };
        let phone_digits = phone_number.as_deref().map(phone_digits).filter(|d| !d.is_empty());
        Ok(ValidWalkIn { first_name, last_name, phone_number, phone_digits, email, people })
    }
}

/// Which kind of party a door entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoorEntryKind {
    Registration,
    WalkIn,
}

/// A party as the door sees it: who, how many, and whether and when they came (no contact
/// details beyond a phone's last four digits, since volunteers on door duty read it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoorEntry {
    pub kind: DoorEntryKind,
    /// The registration's or the walk-in's id.
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    /// A registration's family members' names.
    pub family_names: Vec<String>,
    pub phone_ending: Option<String>,
    /// A registration's code, stored form.
    pub confirmation_code: Option<String>,
    pub people: i64,
    pub arrived_people: Option<i64>,
    pub checked_in_at: Option<DateTime<Utc>>,
    /// "Priya S.": who checked the party in.
    pub checked_in_by: Option<String>,
    /// A walk-in joined to a member's account.
    pub joined_to_member: bool,
    /// A walk-in taken off again.
    pub removed: bool,
    /// The event's change number of the entry's last door change.
    pub seq: i64,
}

/// The last four digits of a phone number.
pub fn phone_ending(phone: Option<&str>) -> Option<String> {
    let digits = phone_digits(phone?);
    (digits.len() >= 4).then(|| digits[digits.len() - 4..].to_owned())
}

/// "Priya S.": a name as the door shows who checked a party in.
pub fn short_name(first_name: &str, last_name: &str) -> String {
    match last_name.chars().next() {
        Some(initial) => format!("{first_name} {initial}."),
        None => first_name.to_owned(),
    }
}

/// The door's count: checked in against registered and the capacity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DoorCount {
    pub capacity: Option<i64>,
    pub registered_parties: i64,
    pub registered_people: i64,
    pub walk_in_parties: i64,
    pub walk_in_people: i64,
    /// Registrations and walk-ins checked in.
    pub checked_in_parties: i64,
    /// The people who came (as counted at the door).
    pub checked_in_people: i64,
}

impl DoorCount {
    /// Places left under the capacity, if it has one (never below zero).
    pub fn places_left(&self) -> Option<i64> {
        self.capacity.map(|c| (c - self.registered_people - self.walk_in_people).max(0))
    }
}

/// A check-in to write: the party, how many came (`None`: as registered) and who checked it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckIn {
    pub attendee_id: AttendeeId,
    pub people: Option<i32>,
    pub by: UserId,
    pub at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_eight_characters_of_the_alphabet_and_read_back() {
        let code = new_code([0xff, 0x00, 0x12, 0x34, 0x56]);
        assert_eq!(code.len(), CODE_LENGTH);
        assert_eq!(new_code([0; 5]), "00000000");
        assert_eq!(new_code([0xff; 5]), "ZZZZZZZZ");
        assert_eq!(normalize_code(&code), Some(code.clone()));
        assert_eq!(normalize_code(&qr_text(&code)), Some(code.clone()));
        assert_eq!(normalize_code(&display_code(&code).to_lowercase()), Some(code));
    }

    #[test]
    fn typed_codes_forgive_case_dashes_and_look_alike_letters() {
        assert_eq!(normalize_code(" abcd-2345 ").as_deref(), Some("ABCD2345"));
        assert_eq!(normalize_code("mandir:ABCD 2345").as_deref(), Some("ABCD2345"));
        assert_eq!(normalize_code("OIL0-0000").as_deref(), Some("01100000"));
        assert_eq!(normalize_code("ABCD-234"), None, "too short");
        assert_eq!(normalize_code("ABCU-2345"), None, "U is not in the alphabet");
        assert_eq!(normalize_code("https://example.org/"), None);
        assert_eq!(display_code("ABCD2345"), "ABCD-2345");
        assert_eq!(qr_text("ABCD2345"), "MANDIR:ABCD-2345");
    }

    #[test]
    fn a_query_is_read_as_names_a_phone_or_a_code() {
        let q = DoorQuery::parse("  Priya  SHARMA ");
        assert_eq!(q.words, ["priya", "sharma"]);
        assert_eq!((q.digits, q.code), (None, None));
        let q = DoorQuery::parse("(916) 555-0142");
        assert_eq!(q.digits.as_deref(), Some("9165550142"));
        assert!(q.words.is_empty());
        assert_eq!(DoorQuery::parse("555").digits, None, "three digits are too few for a phone");
        let q = DoorQuery::parse("abcd-2345");
        assert_eq!(q.code.as_deref(), Some("ABCD2345"));
        assert_eq!(q.words, ["abcd-2345"], "a code-like word may also be a name");
        assert!(DoorQuery::parse("   ").is_empty());
        assert_eq!(DoorQuery::parse("a b c d e f").words.len(), 4);
    }

    #[test]
    fn people_are_one_to_ninety_nine() {
        assert_eq!(check_people(1), Ok(1));
        assert_eq!(check_people(99), Ok(99));
        for bad in [0, -1, 100] {
            assert_eq!(check_people(bad), Err(PEOPLE_MESSAGE.to_owned()));
        }
    }

    #[test]
    fn walk_ins_are_checked_with_the_members_rules() {
        let valid = WalkInInput {
            first_name: " Ravi ".into(),
            last_name: "Kumar".into(),
            phone_number: Some("(916) 555-0100".into()),
            email: Some(" Ravi@Example.org ".into()),
            people: 3,
        }
        .validate()
        .expect("valid");
        assert_eq!(valid.first_name, "Ravi");
        assert_eq!(valid.phone_digits.as_deref(), Some("9165550100"));
        assert_eq!(valid.email.as_deref(), Some("ravi@example.org"));
        let blank =
            WalkInInput { first_name: "Ravi".into(), last_name: "Kumar".into(), phone_number: Some(" ".into()), email: None, people: 1 }
                .validate()
                .expect("optional contact");
        assert_eq!((blank.phone_number, blank.email), (None, None));
        let errors =
            WalkInInput { first_name: "R".into(), last_name: String::new(), phone_number: None, email: Some("nope".into()), people: 0 }
                .validate()
                .expect_err("invalid");
        for field in ["firstName", "lastName", "email", "people"] {
            assert!(errors.get(field).is_some(), "{field}: {errors:?}");
        }
    }

    #[test]
    fn the_door_shows_little_of_a_person() {
        assert_eq!(phone_ending(Some("+1 (916) 555-0142")).as_deref(), Some("0142"));
        assert_eq!(phone_ending(Some("12")), None);
        assert_eq!(phone_ending(None), None);
        assert_eq!(short_name("Priya", "Sharma"), "Priya S.");
        let count = DoorCount { capacity: Some(10), registered_people: 8, walk_in_people: 4, ..DoorCount::default() };
        assert_eq!(count.places_left(), Some(0));
    }
}
