//! Members and their credentials' rules (spec section 5: sign up, sign in, profile, reset).

use chrono::{DateTime, Utc};

use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const INVALID_EMAIL: &str = "Invalid email address";
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
    pub id: String,
    pub username: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub phone_number: Option<String>,
    pub gotram_id: Option<i32>,
    pub custom_gotram: Option<String>,
    pub email_verified: bool,
    pub is_admin: bool,
    /// Bumped by a password reset: tokens issued before it stop working.
    pub token_version: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
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

fn name(value: &str, field_label: &str) -> Result<String, String> {
    let trimmed = min_chars(value, 2, &format!("{field_label} must be at least 2 characters"))?;
    if trimmed.chars().count() > 100 {
        return Err(format!("{field_label} must be at most 100 characters"));
    }
    Ok(trimmed)
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
        let email = errors.check("email", Email::parse(&self.email));
        let password = errors.check("password", check_password(&self.password));
        let phone_number = errors.check("phoneNumber", check_phone(&self.phone_number));
        let username = errors.check("username", optional_text(self.username.as_deref(), 50, "Username must be at most 50 characters"));
        let custom_gotram =
            errors.check("customGotram", optional_text(self.custom_gotram.as_deref(), 100, "Gotram must be at most 100 characters"));
        match (first_name, last_name, email, password, phone_number, username, custom_gotram) {
            (Some(first_name), Some(last_name), Some(email), Some(password), Some(phone_number), Some(username), Some(custom_gotram))
                if errors.is_empty() =>
            {
                Ok(ValidSignUp { first_name, last_name, email, password, phone_number, username, custom_gotram, gotram_id: self.gotram_id })
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
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileUpdate {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: Option<String>,
    pub gotram_id: Option<i32>,
}

impl ProfileInput {
    pub fn validate(self) -> Result<ProfileUpdate, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name = errors.check("firstName", min_chars(&self.first_name, 2, FIRST_NAME_REQUIRED));
        let last_name = errors.check("lastName", min_chars(&self.last_name, 2, LAST_NAME_REQUIRED));
        let phone_number =
            errors.check("phoneNumber", optional_text(self.phone_number.as_deref(), 32, "Phone number must be at most 32 characters"));
        match (first_name, last_name, phone_number) {
            (Some(first_name), Some(last_name), Some(phone_number)) if errors.is_empty() => {
                Ok(ProfileUpdate { first_name, last_name, phone_number, gotram_id: self.gotram_id })
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
    fn sign_up_accepts_valid_input() {
        let valid = valid_input().validate().expect("valid");
        assert_eq!(valid.email.as_str(), "lakshmi@example.org");
        assert_eq!(valid.username, None);
    }

    #[test]
    fn sign_up_reports_every_rule_with_spec_messages() {
        let errors = SignUpInput::default().validate().expect_err("invalid");
        assert_eq!(errors.get("email"), Some(INVALID_EMAIL));
        assert_eq!(errors.get("password"), Some(PASSWORD_TOO_SHORT));
        assert_eq!(errors.get("phoneNumber"), Some(PHONE_REQUIRED));
        assert_eq!(errors.get("firstName"), Some("First name must be at least 2 characters"));
        assert_eq!(errors.get("lastName"), Some("Last name must be at least 2 characters"));
    }

    #[test]
    fn profile_uses_spec_messages() {
        let errors =
            ProfileInput { first_name: "A".into(), last_name: "".into(), ..ProfileInput::default() }.validate().expect_err("invalid");
        assert_eq!(errors.get("firstName"), Some(FIRST_NAME_REQUIRED));
        assert_eq!(errors.get("lastName"), Some(LAST_NAME_REQUIRED));
    }

    #[test]
    fn password_bounds() {
        assert!(check_password("12345").is_err());
        assert!(check_password("123456").is_ok());
        assert!(check_password(&"x".repeat(PASSWORD_MAX + 1)).is_err());
    }
}
