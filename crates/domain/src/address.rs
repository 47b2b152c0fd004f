//! A mailing address, as a member's profile and a donor's gift keep it (docs/product.md#donor-identity).

use crate::validation::optional_text;

pub const DONOR_ADDRESS_TOO_LONG: &str = "Mailing address must be at most 500 characters";
pub const MAX_ADDRESS: usize = 500;

/// A mailing address: trimmed, blank lines dropped, at most [`MAX_ADDRESS`] characters.
pub fn mailing_address(raw: Option<&str>) -> Result<Option<String>, String> {
    let joined = raw.map(|text| text.lines().map(str::trim).filter(|line| !line.is_empty()).collect::<Vec<_>>().join("\n"));
    optional_text(joined.as_deref(), MAX_ADDRESS, DONOR_ADDRESS_TOO_LONG)
}
