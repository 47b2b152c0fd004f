//! What every area's error has in common, so that one place (the HTTP adapter) can map any of
//! them to a status code and a body without knowing the areas.

use crate::validation::ValidationErrors;

/// The broad class of a failure; the HTTP adapter turns it into a status code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Input broke a rule (400 with per-field messages when there are any).
    Invalid,
    /// No valid credentials (401).
    Unauthenticated,
    /// Authenticated, but not allowed (403).
    Forbidden,
    /// The thing does not exist, or is not the caller's to see (404).
    NotFound,
    /// A duplicate or a state that forbids the operation (409).
    Conflict,
    /// Too many attempts (429).
    Throttled,
    /// A fault of ours (500); the cause is logged, never shown.
    Unexpected,
}

/// Implemented by every area's error enum.
pub trait Failure: std::error::Error + Send + Sync + 'static {
    fn kind(&self) -> ErrorKind;

    /// Per-field messages, for [`ErrorKind::Invalid`].
    fn field_errors(&self) -> Option<&ValidationErrors> {
        None
    }

    /// For [`ErrorKind::Throttled`]: how many seconds to wait before trying again (`Retry-After`).
    fn retry_after(&self) -> Option<u64> {
        None
    }

    /// A machine-readable code for failures a client reacts to in a particular way (e.g.
    /// [`EMAIL_NOT_VERIFIED_CODE`]), next to the human message.
    fn code(&self) -> Option<&'static str> {
        None
    }
}

/// Seconds until a limit lets the caller try again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub u64);

/// Answered (403) when a member whose e-mail is not verified yet asks for something that needs it.
pub const EMAIL_NOT_VERIFIED: &str = "Please verify your email address first. We can send you a new verification link.";
/// The `code` of [`EMAIL_NOT_VERIFIED`].
pub const EMAIL_NOT_VERIFIED_CODE: &str = "email-not-verified";

/// Implements [`Failure`] for an area's error enum: `kind` from the listed patterns (written with
/// `Self::`); with `fields: Variant`, `field_errors` from that `Variant(ValidationErrors)`; with
/// `throttled: A | B`, `retry_after` from those `A(RetryAfter)` variants; with
/// `unverified: Variant`, that unit variant answers the code [`EMAIL_NOT_VERIFIED_CODE`].
///
/// ```text
/// mandir_domain::failure!(EventError, fields: Validation, {
///     Self::Validation(_) => Invalid,
///     Self::NotFound => NotFound,
///     Self::Unexpected(_) => Unexpected,
/// });
/// mandir_domain::failure!(AuthError, fields: Validation, throttled: Throttled, unverified: EmailNotVerified, { ... });
/// ```
#[macro_export]
macro_rules! failure {
    ($error:ty, $(fields: $fields:ident,)? $(throttled: $($throttled:ident)|+,)? $(unverified: $unverified:ident,)?
        { $($pattern:pat => $kind:ident),+ $(,)? }) => {
        impl $crate::Failure for $error {
            fn kind(&self) -> $crate::ErrorKind {
                match self {
                    $($pattern => $crate::ErrorKind::$kind),+
                }
            }

            $(fn field_errors(&self) -> Option<&$crate::ValidationErrors> {
                match self {
                    Self::$fields(errors) => Some(errors),
                    _ => None,
                }
            })?

            $(fn retry_after(&self) -> Option<u64> {
                match self {
                    $(Self::$throttled($crate::RetryAfter(seconds)))|+ => Some(*seconds),
                    _ => None,
                }
            })?

            $(fn code(&self) -> Option<&'static str> {
                match self {
                    Self::$unverified => Some($crate::error::EMAIL_NOT_VERIFIED_CODE),
                    _ => None,
                }
            })?
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    enum AreaError {
        #[error("invalid")]
        Validation(ValidationErrors),
        #[error("missing")]
        Missing,
        #[error("slow down")]
        Throttled(RetryAfter),
        #[error("{}", EMAIL_NOT_VERIFIED)]
        Unverified,
    }

    crate::failure!(AreaError, fields: Validation, throttled: Throttled, unverified: Unverified, {
        Self::Validation(_) => Invalid,
        Self::Missing => NotFound,
        Self::Throttled(_) => Throttled,
        Self::Unverified => Forbidden,
    });

    #[derive(Debug, thiserror::Error)]
    #[error("plain")]
    struct Plain;

    crate::failure!(Plain, { Self => Conflict });

    #[test]
    fn the_macro_maps_kinds_and_field_errors() {
        let mut errors = ValidationErrors::new();
        errors.add("name", "Required");
        let invalid = AreaError::Validation(errors);
        assert_eq!(invalid.kind(), ErrorKind::Invalid);
        assert_eq!(invalid.field_errors().and_then(|e| e.get("name")), Some("Required"));
        assert_eq!(AreaError::Missing.kind(), ErrorKind::NotFound);
        assert!(AreaError::Missing.field_errors().is_none());
    }

    #[test]
    fn the_macro_maps_retry_after_and_codes() {
        assert_eq!(AreaError::Throttled(RetryAfter(42)).retry_after(), Some(42));
        assert_eq!(AreaError::Throttled(RetryAfter(42)).kind(), ErrorKind::Throttled);
        assert_eq!(AreaError::Missing.retry_after(), None);
        assert_eq!(AreaError::Unverified.code(), Some(EMAIL_NOT_VERIFIED_CODE));
        assert_eq!(AreaError::Unverified.kind(), ErrorKind::Forbidden);
        assert_eq!(AreaError::Missing.code(), None);
        assert_eq!(Plain.kind(), ErrorKind::Conflict);
        assert_eq!((Plain.field_errors().is_none(), Plain.retry_after(), Plain.code()), (true, None, None));
    }
}
