//! Who gave: the donor's name, e-mail, optional mailing address and an optional "in honor / in
//! memory of" line. A guest types them on the donate form; a member's come from the profile.
//! The payment keeps them as they were at the time (docs/product.md#donor-identity).

pub use crate::address::{DONOR_ADDRESS_TOO_LONG, MAX_ADDRESS, mailing_address};
use crate::user::Email;
use crate::validation::{ValidationErrors, optional_text};

/// The mark on every receipt and statement of a test gift or a sandbox site (staging,
/// development): no money moved, so nothing may look like a tax receipt (docs/product.md#test-receipts).
pub const TEST_RECEIPT: &str = "TEST — not a receipt";

pub const DONOR_NAME_REQUIRED: &str = "Please enter your name";
pub const DONOR_NAME_TOO_LONG: &str = "Name must be at most 200 characters";
pub const DONOR_EMAIL_REQUIRED: &str = "Please enter your email address";
pub const IN_HONOR_TOO_LONG: &str = "In honor / in memory of must be at most 200 characters";

pub const MAX_DONOR_NAME: usize = 200;
pub const MAX_IN_HONOR: usize = 200;

/// The donor fields of a donation as submitted; all optional on the wire.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DonorInput {
    pub name: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    pub in_honor_of: Option<String>,
}

/// The donor as kept on a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DonorIdentity {
    pub name: String,
    pub email: String,
    pub address: Option<String>,
    pub in_honor_of: Option<String>,
}

/// The "in honor / in memory of" line, trimmed; blank is none.
pub fn in_honor_of(raw: Option<&str>) -> Result<Option<String>, String> {
    optional_text(raw, MAX_IN_HONOR, IN_HONOR_TOO_LONG)
}

impl DonorInput {
    /// A guest's identity: name and e-mail required.
    pub fn validate_guest(&self) -> Result<DonorIdentity, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = match self.name.as_deref().map(str::trim) {
            None | Some("") => Err(DONOR_NAME_REQUIRED.to_owned()),
            Some(name) if name.chars().count() > MAX_DONOR_NAME => Err(DONOR_NAME_TOO_LONG.to_owned()),
            Some(name) => Ok(name.to_owned()),
        };
        let name = errors.check("donorName", name);
        let email = match self.email.as_deref().map(str::trim) {
            None | Some("") => Err(DONOR_EMAIL_REQUIRED.to_owned()),
            Some(email) => Email::parse(email).map(|e| e.as_str().to_owned()),
        };
        let email = errors.check("donorEmail", email);
        let address = errors.check("donorAddress", mailing_address(self.address.as_deref()));
        let honor = errors.check("inHonorOf", in_honor_of(self.in_honor_of.as_deref()));
        match (name, email, address, honor) {
            (Some(name), Some(email), Some(address), Some(in_honor_of)) if errors.is_empty() => {
                Ok(DonorIdentity { name, email, address, in_honor_of })
            }
            _ => Err(errors),
        }
    }

    /// The line a member may add to their own identity (name, e-mail and address come from
    /// the profile).
    pub fn validate_member_line(&self) -> Result<Option<String>, ValidationErrors> {
        in_honor_of(self.in_honor_of.as_deref()).map_err(|m| ValidationErrors::single("inHonorOf", &m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guest_needs_a_name_and_a_valid_email() {
        let errors = DonorInput::default().validate_guest().expect_err("empty");
        assert_eq!(errors.get("donorName"), Some(DONOR_NAME_REQUIRED));
        assert_eq!(errors.get("donorEmail"), Some(DONOR_EMAIL_REQUIRED));
        let bad = DonorInput { name: Some("x".repeat(201)), email: Some("nope".into()), ..DonorInput::default() };
        let errors = bad.validate_guest().expect_err("bad");
        assert_eq!(errors.get("donorName"), Some(DONOR_NAME_TOO_LONG));
        assert_eq!(errors.get("donorEmail"), Some(crate::user::INVALID_EMAIL));
    }

    #[test]
    fn a_guest_identity_is_trimmed_with_optional_address_and_line() {
        let input = DonorInput {
            name: Some(" Ravi Kumar ".into()),
            email: Some(" Ravi@Example.org".into()),
            address: Some(" 1 Temple Rd \n\n Folsom, CA 95630 ".into()),
            in_honor_of: Some(" In memory of my father ".into()),
        };
        assert_eq!(
            input.validate_guest().expect("valid"),
            DonorIdentity {
                name: "Ravi Kumar".into(),
                email: "ravi@example.org".into(),
                address: Some("1 Temple Rd\nFolsom, CA 95630".into()),
                in_honor_of: Some("In memory of my father".into()),
            }
        );
        let long = DonorInput {
            name: Some("A".into()),
            email: Some("a@b.co".into()),
            address: Some("x".repeat(501)),
            in_honor_of: Some("y".repeat(201)),
        };
        let errors = long.validate_guest().expect_err("long");
        assert_eq!(errors.get("donorAddress"), Some(DONOR_ADDRESS_TOO_LONG));
        assert_eq!(errors.get("inHonorOf"), Some(IN_HONOR_TOO_LONG));
    }
}
