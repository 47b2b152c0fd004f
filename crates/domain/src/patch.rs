//! `Patch`: one field of a partial update (absent, null, or a value), for every area's edit form.

use crate::validation::ValidationErrors;

/// A field of a partial update: absent, set to null, or set to a value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Patch<T> {
    #[default]
    Keep,
    Clear,
    Set(T),
}

impl<T> Patch<T> {
    /// Checks a set value with `parse`, recording a refusal under `field`. A parser answering
    /// `Ok(None)` (a blank value) clears the field; a refused value leaves the patch as `Keep`
    /// (the recorded error fails the whole patch anyway).
    pub fn check<U>(self, errors: &mut ValidationErrors, field: &str, parse: impl FnOnce(T) -> Result<Option<U>, String>) -> Patch<U> {
        match self {
            Self::Keep => Patch::Keep,
            Self::Clear => Patch::Clear,
            Self::Set(value) => match errors.check(field, parse(value)) {
                Some(Some(parsed)) => Patch::Set(parsed),
                Some(None) => Patch::Clear,
                None => Patch::Keep,
            },
        }
    }

    pub fn from_option(value: Option<Option<T>>) -> Self {
        match value {
            None => Self::Keep,
            Some(None) => Self::Clear,
            Some(Some(v)) => Self::Set(v),
        }
    }

    /// The new value when the field changes (`Some(None)` clears it); `None` keeps it.
    pub fn into_change(self) -> Option<Option<T>> {
        match self {
            Self::Keep => None,
            Self::Clear => Some(None),
            Self::Set(value) => Some(Some(value)),
        }
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Patch<U> {
        match self {
            Self::Keep => Patch::Keep,
            Self::Clear => Patch::Clear,
            Self::Set(value) => Patch::Set(f(value)),
        }
    }
}
