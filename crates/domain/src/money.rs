//! Money as integer cents (USD). Never a float.

use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

/// Written as its decimal text (`"25.00"`), as the API and the audit log show amounts.
impl serde::Serialize for Money {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("not a number")]
    NotANumber,
    #[error("more than two decimals")]
    TooPrecise,
    #[error("out of range")]
    OutOfRange,
}

impl Money {
    pub const fn from_cents(cents: i64) -> Self {
        Self(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    pub const fn from_dollars(dollars: i64) -> Self {
        Self(dollars * 100)
    }

    /// Parses a decimal text such as `"25"`, `"25.5"` or `"25.00"`: at most two decimals, no sign
    /// other than a leading minus, no exponent.
    pub fn parse_decimal(text: &str) -> Result<Self, MoneyError> {
        let text = text.trim();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (whole, fraction) = match digits.split_once('.') {
            Some((w, f)) => (w, f),
            None => (digits, ""),
        };
        if whole.is_empty() && fraction.is_empty() {
            return Err(MoneyError::NotANumber);
        }
        if !whole.chars().all(|c| c.is_ascii_digit()) || !fraction.chars().all(|c| c.is_ascii_digit()) {
            return Err(MoneyError::NotANumber);
        }
        if digits.contains('.') && fraction.is_empty() && whole.is_empty() {
            return Err(MoneyError::NotANumber);
        }
        if fraction.len() > 2 {
            return Err(MoneyError::TooPrecise);
        }
        if whole.len() > 13 {
            return Err(MoneyError::OutOfRange);
        }
        let whole_value: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| MoneyError::OutOfRange)? };
        let mut fraction_value: i64 = if fraction.is_empty() { 0 } else { fraction.parse().map_err(|_| MoneyError::NotANumber)? };
        if fraction.len() == 1 {
            fraction_value *= 10;
        }
        let cents = whole_value * 100 + fraction_value;
        Ok(Self(if negative { -cents } else { cents }))
    }

    /// Converts a number sent as a number (its exact decimal text, as a JSON number prints) to
    /// cents; see [`Money::parse_decimal`]. Unlike a typed text, it may carry an exponent.
    pub fn from_number_text(text: &str) -> Result<Self, MoneyError> {
        if text.contains(['e', 'E']) {
            // JSON prints large or tiny floats with an exponent; re-render them plainly.
            let value: f64 = text.trim().parse().map_err(|_| MoneyError::NotANumber)?;
            if !value.is_finite() || value.abs() > 1e13 {
                return Err(MoneyError::OutOfRange);
            }
            let rendered = format!("{value:.6}");
            let trimmed = rendered.trim_end_matches('0').trim_end_matches('.');
            return Self::parse_decimal(trimmed);
        }
        Self::parse_decimal(text)
    }

    pub fn is_positive(self) -> bool {
        self.0 > 0
    }

    pub fn checked_add(self, other: Self) -> Option<Self> {
        self.0.checked_add(other.0).map(Self)
    }
}

impl fmt::Display for Money {
    /// `"25.00"`: the decimal text used on the wire.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

impl FromStr for Money {
    type Err = MoneyError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse_decimal(s)
    }
}

/// A decimal amount's text with its thousands grouped: `"182400.00"` as `"182,400.00"` (letters
/// and e-mails; the API keeps the plain text).
pub fn group_thousands(amount: &str) -> String {
    let (whole, cents) = amount.split_once('.').unwrap_or((amount, "00"));
    let (sign, digits) = whole.strip_prefix('-').map_or(("", whole), |d| ("-", d));
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}{grouped}.{cents}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_decimals() {
        assert_eq!(Money::parse_decimal("25").map(Money::cents), Ok(2500));
        assert_eq!(Money::parse_decimal("25.5").map(Money::cents), Ok(2550));
        assert_eq!(Money::parse_decimal("0.01").map(Money::cents), Ok(1));
        assert_eq!(Money::parse_decimal(".5").map(Money::cents), Ok(50));
        assert_eq!(Money::parse_decimal("-3.10").map(Money::cents), Ok(-310));
        assert_eq!(Money::from_cents(2500).to_string(), "25.00");
        assert_eq!(Money::from_cents(-5).to_string(), "-0.05");
    }

    #[test]
    fn refuses_bad_text() {
        assert_eq!(Money::parse_decimal("abc"), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse_decimal(""), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse_decimal("."), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse_decimal("1e5"), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse_decimal("0.001"), Err(MoneyError::TooPrecise));
        assert_eq!(Money::parse_decimal("1,000"), Err(MoneyError::NotANumber));
    }

    #[test]
    fn converts_numbers_exactly() {
        assert_eq!(Money::from_number_text("1000000.01").map(Money::cents), Ok(100_000_001));
        assert_eq!(Money::from_number_text("0.1").map(Money::cents), Ok(10));
        assert_eq!(Money::from_number_text("0.001"), Err(MoneyError::TooPrecise));
        assert_eq!(Money::from_number_text("19.99").map(Money::cents), Ok(1999));
        assert_eq!(Money::from_number_text("1e2").map(Money::cents), Ok(10_000));
        assert_eq!(Money::from_number_text("1e+300"), Err(MoneyError::OutOfRange));
    }
}
