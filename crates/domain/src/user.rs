//! Members and their credentials' rules (docs/product.md#validation-rules: sign up, sign in, profile, reset).

use chrono::{DateTime, Utc};

use crate::address::mailing_address;
use crate::id::UserId;
use crate::patch::Patch;
use crate::staff::{Role, Roles};
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const INVALID_EMAIL: &str = "Invalid email address";
/// An address at the demo domain, refused for every account a person makes or moves.
pub const RESERVED_EMAIL: &str = "Addresses at mandir.local are reserved for the demo site; please use your own email address";
/// The domain of the demo accounts `mandir seed-demo` makes, whose password is published.
pub const DEMO_EMAIL_DOMAIN: &str = "mandir.local";
pub const ADMIN_INVALID_EMAIL: &str = "Please enter a valid email address";
pub const PASSWORD_TOO_SHORT: &str = "Password must be at least 6 characters";
pub const PASSWORD_REQUIRED: &str = "Required";
pub const PHONE_REQUIRED: &str = "Phone number is required";
pub const FIRST_NAME_REQUIRED: &str = "First name is required";
pub const LAST_NAME_REQUIRED: &str = "Last name is required";
pub const PASSWORD_MIN: usize = 6;
/// argon2 hashes any length, but an unbounded password is a denial-of-service lever.
pub const PASSWORD_MAX: usize = 256;

/// A member of the temple community.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub username: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub phone_number: Option<String>,
    pub gotram_id: Option<i32>,
    pub custom_gotram: Option<String>,
    /// Optional; used on donation receipts (migration 000020).
    pub mailing_address: Option<String>,
    pub email_verified: bool,
    /// The staff roles the account holds (none for most members).
    pub roles: Roles,
    /// Bumped by a password reset: tokens issued before it stop working.
    pub token_version: i32,
    /// The language of the site, the e-mails and the texts for them (ADR 0149).
    pub language: crate::language::Language,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl User {
    pub const fn is_admin(&self) -> bool {
        self.roles.has(Role::Admin)
    }
}

/// An e-mail address, trimmed and lower-cased so that uniqueness is case-insensitive.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// A pragmatic check: one `@`, a non-empty local part, a dotted domain, no spaces.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let value = raw.trim().to_lowercase();
        let valid = value.len() <= 254
            && !value.contains(char::is_whitespace)
            && value.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty()
                    && !domain.contains('@')
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !domain.contains("..")
            });
        if valid { Ok(Self(value)) } else { Err(INVALID_EMAIL.to_owned()) }
    }

    /// An address a person may give their own account (sign-up, an e-mail change, first-run
    /// setup): a valid one ([`Self::parse`]) outside the demo domain. The demo admin's address and
    /// password are published, and a production start locks out the demo accounts that still use
    /// that password, so nobody may take an address there (docs/decisions/0122-demo-accounts-marked-and-locked-out.md).
    pub fn parse_own(raw: &str) -> Result<Self, String> {
        let email = Self::parse(raw)?;
        if email.is_at_demo_domain() { Err(RESERVED_EMAIL.to_owned()) } else { Ok(email) }
    }

    /// Whether the address is at the demo domain or one of its subdomains.
    pub fn is_at_demo_domain(&self) -> bool {
        self.0.rsplit_once('@').is_some_and(|(_, domain)| {
            domain == DEMO_EMAIL_DOMAIN || domain.strip_suffix(DEMO_EMAIL_DOMAIN).is_some_and(|sub| sub.ends_with('.'))
        })
    }

    /// Trusts a value read back from our own database.
    pub fn from_trusted(value: String) -> Self {
        Self(value)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Email {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a visitor submits to create an account.
#[derive(Debug, Clone, Default)]
pub struct SignUpInput {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password: String,
    pub phone_number: String,
    pub username: Option<String>,
    pub custom_gotram: Option<String>,
    pub gotram_id: Option<i32>,
    /// The language the visitor used the site in: the account's (ADR 0149).
    pub language: crate::language::Language,
}

/// A sign-up that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidSignUp {
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub password: String,
    pub phone_number: String,
    pub username: Option<String>,
    pub custom_gotram: Option<String>,
    pub gotram_id: Option<i32>,
    pub language: crate::language::Language,
}

pub fn check_password(password: &str) -> Result<String, String> {
    let count = password.chars().count();
    if count < PASSWORD_MIN {
        Err(PASSWORD_TOO_SHORT.to_owned())
    } else if count > PASSWORD_MAX {
        Err(format!("Password must be at most {PASSWORD_MAX} characters"))
    } else {
        Ok(password.to_owned())
    }
}

/// Names appear in e-mails and admin lists: one line of plain text, no markup, no links.
fn plain_name(name: String, field_label: &str) -> Result<String, String> {
    if name.contains(['\n', '\r']) {
        return Err(format!("{field_label} must be on one line"));
    }
    if name.chars().any(char::is_control) {
        return Err(format!("{field_label} cannot contain control characters"));
    }
    if name.contains(['<', '>']) {
        return Err(format!("{field_label} cannot contain < or >"));
    }
    let lower = name.to_lowercase();
    if lower.contains("://") || lower.contains("www.") {
        return Err(format!("{field_label} cannot contain a link"));
    }
    Ok(name)
}

pub(crate) fn name(value: &str, field_label: &str) -> Result<String, String> {
    let trimmed = min_chars(value, 2, &format!("{field_label} must be at least 2 characters"))?;
    if trimmed.chars().count() > 100 {
        return Err(format!("{field_label} must be at most 100 characters"));
    }
    plain_name(trimmed, field_label)
}

pub fn check_phone(value: &str) -> Result<String, String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(PHONE_REQUIRED.to_owned());
    }
    if trimmed.chars().count() > 32 {
        return Err("Phone number must be at most 32 characters".to_owned());
    }
    Ok(trimmed.to_owned())
}

impl SignUpInput {
    pub fn validate(self) -> Result<ValidSignUp, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name = errors.check("firstName", name(&self.first_name, "First name"));
        let last_name = errors.check("lastName", name(&self.last_name, "Last name"));
        let email = errors.check("email", Email::parse_own(&self.email));
        let password = errors.check("password", check_password(&self.password));
        let phone_number = errors.check("phoneNumber", check_phone(&self.phone_number));
        let username = errors.check("username", optional_text(self.username.as_deref(), 50, "Username must be at most 50 characters"));
        let custom_gotram =
            errors.check("customGotram", optional_text(self.custom_gotram.as_deref(), 100, "Gotram must be at most 100 characters"));
        match (first_name, last_name, email, password, phone_number, username, custom_gotram) {
            (Some(first_name), Some(last_name), Some(email), Some(password), Some(phone_number), Some(username), Some(custom_gotram))
                if errors.is_empty() =>
            {
                Ok(ValidSignUp {
                    first_name,
                    last_name,
                    email,
                    password,
                    phone_number,
                    username,
                    custom_gotram,
                    gotram_id: self.gotram_id,
                    language: self.language,
                })
            }
            _ => Err(errors),
        }
    }
}

/// The fields a member edits on the profile page.
#[derive(Debug, Clone, Default)]
pub struct ProfileInput {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: Option<String>,
    pub gotram_id: Option<i32>,
    /// The gotram typed at sign-up when it is not in the list: `None` keeps it, `Some(None)` or a
    /// blank text clears it.
    pub custom_gotram: Option<Option<String>>,
    /// Absent keeps the address; null or blank clears it (docs/product.md#donor-identity).
    pub mailing_address: Patch<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileUpdate {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: Option<String>,
    pub gotram_id: Option<i32>,
    /// `None`: keep the stored custom gotram.
    pub custom_gotram: Option<Option<String>>,
    pub mailing_address: Patch<String>,
}

impl ProfileInput {
    pub fn validate(self) -> Result<ProfileUpdate, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name =
            errors.check("firstName", min_chars(&self.first_name, 2, FIRST_NAME_REQUIRED).and_then(|n| plain_name(n, "First name")));
        let last_name =
            errors.check("lastName", min_chars(&self.last_name, 2, LAST_NAME_REQUIRED).and_then(|n| plain_name(n, "Last name")));
        let phone_number =
            errors.check("phoneNumber", optional_text(self.phone_number.as_deref(), 32, "Phone number must be at most 32 characters"));
        let custom_gotram = match &self.custom_gotram {
            None => Some(None),
            Some(text) => {
                errors.check("customGotram", optional_text(text.as_deref(), 100, "Gotram must be at most 100 characters")).map(Some)
            }
        };
        let mailing_address = self.mailing_address.check(&mut errors, "mailingAddress", |text| mailing_address(Some(&text)));
        match (first_name, last_name, phone_number, custom_gotram) {
            (Some(first_name), Some(last_name), Some(phone_number), Some(custom_gotram)) if errors.is_empty() => {
                Ok(ProfileUpdate { first_name, last_name, phone_number, gotram_id: self.gotram_id, custom_gotram, mailing_address })
            }
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid_input() -> SignUpInput {
        SignUpInput {
            first_name: "Lakshmi".into(),
            last_name: "Rao".into(),
            email: "  Lakshmi@Example.ORG ".into(),
            password: "secret1".into(),
            phone_number: "9165550100".into(),
            ..SignUpInput::default()
        }
    }

    #[test]
    fn email_is_normalised_and_checked() {
        assert_eq!(Email::parse(" A@B.co ").map(|e| e.as_str().to_owned()), Ok("a@b.co".to_owned()));
        for bad in ["", "a", "a@b", "@b.co", "a@@b.co", "a b@c.co", "a@.co", "a@b..co", "a@b.co."] {
            assert_eq!(Email::parse(bad), Err(INVALID_EMAIL.to_owned()), "{bad}");
        }
    }

    #[test]
    fn addresses_at_the_demo_domain_are_nobody_s_own() {
        for reserved in ["admin@mandir.local", " Admin@MANDIR.local ", "x@mail.mandir.local"] {
            assert_eq!(Email::parse_own(reserved), Err(RESERVED_EMAIL.to_owned()), "{reserved}");
            assert!(Email::parse(reserved).is_ok(), "still a valid address to sign in with: {reserved}");
        }
        for own in ["a@mandir.local.example.org", "a@notmandir.local", "mandir.local@example.org"] {
            assert!(Email::parse_own(own).is_ok(), "{own}");
        }
        assert_eq!(Email::parse_own("nope"), Err(INVALID_EMAIL.to_owned()));
        let errors = SignUpInput { email: "admin@mandir.local".into(), ..valid_input() }.validate().expect_err("reserved");
        assert_eq!(errors.get("email"), Some(RESERVED_EMAIL));
    }

    #[test]
    fn sign_up_accepts_valid_input() {
        let valid = valid_input().validate().expect("valid");
        assert_eq!(valid.email.as_str(), "lakshmi@example.org");
        assert_eq!(valid.username, None);
    }

    #[test]
    fn sign_up_reports_every_rule_with_the_documented_messages() {
        let errors = SignUpInput::default().validate().expect_err("invalid");
        assert_eq!(errors.get("email"), Some(INVALID_EMAIL));
        assert_eq!(errors.get("password"), Some(PASSWORD_TOO_SHORT));
        assert_eq!(errors.get("phoneNumber"), Some(PHONE_REQUIRED));
        assert_eq!(errors.get("firstName"), Some("First name must be at least 2 characters"));
        assert_eq!(errors.get("lastName"), Some("Last name must be at least 2 characters"));
    }

    #[test]
    fn profile_uses_the_documented_messages() {
        let errors =
            ProfileInput { first_name: "A".into(), last_name: "".into(), ..ProfileInput::default() }.validate().expect_err("invalid");
        assert_eq!(errors.get("firstName"), Some(FIRST_NAME_REQUIRED));
        assert_eq!(errors.get("lastName"), Some(LAST_NAME_REQUIRED));
    }

    #[test]
    fn names_are_one_line_of_plain_text() {
        let cases = [
            ("Ravi\nKumar", "First name must be on one line"),
            ("Ra\rvi", "First name must be on one line"),
            ("Ra\u{0}vi", "First name cannot contain control characters"),
            ("Ravi\tK", "First name cannot contain control characters"),
            ("<b>Ravi</b>", "First name cannot contain < or >"),
            ("Win at https://spam.example", "First name cannot contain a link"),
            ("Visit WWW.spam.example", "First name cannot contain a link"),
        ];
        for (bad, message) in cases {
            let errors = SignUpInput { first_name: bad.into(), ..valid_input() }.validate().expect_err(bad);
            assert_eq!(errors.get("firstName"), Some(message), "{bad:?}");
            let errors =
                ProfileInput { first_name: bad.into(), last_name: "Rao".into(), ..ProfileInput::default() }.validate().expect_err(bad);
            assert_eq!(errors.get("firstName"), Some(message), "profile {bad:?}");
        }
        let errors = SignUpInput { last_name: "Rao http://x.example".into(), ..valid_input() }.validate().expect_err("link");
        assert_eq!(errors.get("lastName"), Some("Last name cannot contain a link"));
        for good in ["Ravi Kumar", "O'Brien-Rao", "Śrīnivāsa", "Dr. Rao"] {
            assert!(SignUpInput { first_name: good.into(), ..valid_input() }.validate().is_ok(), "{good}");
        }
    }

    #[test]
    fn the_profile_address_is_kept_cleared_or_set_within_bounds() {
        let base = ProfileInput { first_name: "Ravi".into(), last_name: "Kumar".into(), ..ProfileInput::default() };
        assert_eq!(base.clone().validate().expect("keep").mailing_address, Patch::Keep);
        let blank = ProfileInput { mailing_address: Patch::Set("  \n ".into()), ..base.clone() };
        assert_eq!(blank.validate().expect("blank").mailing_address, Patch::Clear);
        let set = ProfileInput { mailing_address: Patch::Set(" 1 Temple Rd \n\n Folsom, CA ".into()), ..base.clone() };
        assert_eq!(set.validate().expect("set").mailing_address, Patch::Set("1 Temple Rd\nFolsom, CA".into()));
        let long = ProfileInput { mailing_address: Patch::Set("x".repeat(501)), ..base };
        assert_eq!(long.validate().expect_err("long").get("mailingAddress"), Some(crate::address::DONOR_ADDRESS_TOO_LONG));
    }

    #[test]
    fn password_bounds() {
        assert!(check_password("12345").is_err());
        assert!(check_password("123456").is_ok());
        assert!(check_password(&"x".repeat(PASSWORD_MAX + 1)).is_err());
    }
}
