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
}
