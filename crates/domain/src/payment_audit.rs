//! The audit trail of admins' changes to a payment (docs/decisions/0097-payment-audit-log.md):
//! who changed it, when, from which status to which, and why.

use chrono::{DateTime, Utc};

use crate::id::{PaymentId, UserId};
use crate::payment::PaymentStatus;

pub const NOTE_TOO_LONG: &str = "Note must be at most 500 characters";
const MAX_NOTE: usize = 500;

/// One admin change to a payment, as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentAuditEntry {
    pub id: String,
    pub payment_id: PaymentId,
    pub at: DateTime<Utc>,
    /// The admin; `None` once their account is deleted (the e-mail stays).
    pub actor_id: Option<UserId>,
    /// The admin's e-mail address at the time of the change.
    pub actor_email: String,
    pub from: PaymentStatus,
    pub to: PaymentStatus,
    pub note: Option<String>,
}

/// An admin's optional note on a change: trimmed, blank is none, at most 500 characters.
pub fn parse_note(note: Option<&str>) -> Result<Option<String>, String> {
    crate::validation::optional_text(note, MAX_NOTE, NOTE_TOO_LONG)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_trimmed_and_bounded() {
        assert_eq!(parse_note(None), Ok(None));
        assert_eq!(parse_note(Some("  ")), Ok(None));
        assert_eq!(parse_note(Some(" Bank shows the transfer ")), Ok(Some("Bank shows the transfer".into())));
        assert_eq!(parse_note(Some(&"x".repeat(501))), Err(NOTE_TOO_LONG.to_owned()));
        assert!(parse_note(Some(&"x".repeat(500))).is_ok());
    }
}
