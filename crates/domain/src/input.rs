//! Numbers as a client sent them, before validation. The adapter that reads the request (the
//! `http` crate) decides which shape a field had; the domain checks the value with its own
//! messages (docs/decisions/0052-amounts-read-in-http-checked-in-domain.md).

use crate::money::Money;

/// A numeric field as sent: a number, a text, nothing, or something else.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum NumberInput {
    /// Absent or null.
    #[default]
    Missing,
    /// A number, as its exact decimal text (`"25.5"`, `"-3"`; very large or small values may come
    /// with an exponent, `"1e+300"`).
    Number(String),
    /// A text, as typed (`"25.00"`, `" 4 "`, `""`, `"ten"`).
    Text(String),
    /// Anything else (a boolean, a list, an object).
    Other,
}

impl NumberInput {
    /// A number's text (for tests and callers holding a plain number).
    pub fn number(value: impl ToString) -> Self {
        Self::Number(value.to_string())
    }

    /// A text.
    pub fn text(value: impl Into<String>) -> Self {
        Self::Text(value.into())
    }

    /// The amount of dollars this is, when it is one (a number or a decimal text, cents at most);
    /// callers bound it and give their own message.
    pub fn money(&self) -> Option<Money> {
        match self {
            Self::Number(n) => Money::from_number_text(n).ok(),
            Self::Text(s) => Money::parse_decimal(s).ok(),
            Self::Missing | Self::Other => None,
        }
    }
}
