//! Reading the values of messy files: dates in the forms spreadsheets write, amounts with dollar
//! signs and thousands separators, payment methods by their usual names, and names of the
//! temple's own lists (gotrams, funds) with a suggestion when one is nearly right.

use chrono::NaiveDate;

use crate::money::Money;
use crate::payment::PaymentMethodKind;

pub const DATE_INVALID: &str = "is not a date: write it as 2021-03-05, 03/05/2021 or 5-Mar-2021";
pub const AMOUNT_INVALID: &str = "is not an amount in dollars";
pub const AMOUNT_NOT_POSITIVE: &str = "Amount must be more than zero";
pub const AMOUNT_TOO_LARGE: &str = "Amount must be at most $1,000,000.00";
pub const METHOD_INVALID: &str = "is not a payment method: use cash, check, card, Zelle or PayPal";

/// The largest single gift an import takes, in cents.
pub const MAX_AMOUNT_CENTS: i64 = 100_000_000;

const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

fn month_of(word: &str) -> Option<u32> {
    let word = word.trim_end_matches('.').to_lowercase();
    if word.len() < 3 {
        return None;
    }
    let position = MONTHS.iter().position(|m| word.starts_with(m))?;
    // "March", "Mar", "Sept": a prefix of the full name (or its first three letters).
    const FULL: [&str; 12] =
        ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
    (FULL[position].starts_with(&word) || word == "sept").then(|| position as u32 + 1)
}

fn year_of(text: &str) -> Option<i32> {
    let year: i32 = text.parse().ok()?;
    match text.len() {
        // Two digits: 00–69 are this century, 70–99 the last (as spreadsheets read them).
        2 => Some(if year < 70 { 2000 + year } else { 1900 + year }),
        4 => Some(year),
        _ => None,
    }
}

/// A day as old systems write it. Numbers alone are read month first (03/05/2021 is March 5, as
/// in the United States) unless the first cannot be a month (13/05/2021 is May 13). A time after
/// the date (`2021-03-05 10:30:00`, `2021-03-05T10:30`) is ignored.
pub fn parse_date(text: &str) -> Result<NaiveDate, String> {
    let invalid = || format!("\"{text}\" {DATE_INVALID}");
    let trimmed = text.trim();
    let day_part = trimmed.split(['T', ' ']).next().unwrap_or_default();
    // 2021-03-05, 2021/03/05, 2021.03.05
    let numbers: Vec<&str> = day_part.split(['-', '/', '.']).collect();
    if numbers.len() == 3 && numbers.iter().all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())) {
        let n = |i: usize| numbers[i].parse::<u32>().ok();
        let date = if numbers[0].len() == 4 {
            NaiveDate::from_ymd_opt(year_of(numbers[0]).ok_or_else(invalid)?, n(1).ok_or_else(invalid)?, n(2).ok_or_else(invalid)?)
        } else {
            let year = year_of(numbers[2]).ok_or_else(invalid)?;
            let (first, second) = (n(0).ok_or_else(invalid)?, n(1).ok_or_else(invalid)?);
            if first > 12 { NaiveDate::from_ymd_opt(year, second, first) } else { NaiveDate::from_ymd_opt(year, first, second) }
        };
        return date.ok_or_else(invalid);
    }
    // 5-Mar-2021, 05 Mar 2021, March 5, 2021, Mar 5 2021
    let words: Vec<&str> =
        trimmed.split(|c: char| c == '-' || c == ',' || c == '/' || c.is_whitespace()).filter(|w| !w.is_empty()).collect();
    if words.len() == 3 {
        let number = |w: &str| w.trim_end_matches(|c: char| c.is_alphabetic()).parse::<u32>().ok();
        let date = match (month_of(words[0]), month_of(words[1])) {
            (Some(month), None) => number(words[1]).and_then(|d| NaiveDate::from_ymd_opt(year_of(words[2])?, month, d)),
            (None, Some(month)) => number(words[0]).and_then(|d| NaiveDate::from_ymd_opt(year_of(words[2])?, month, d)),
            _ => None,
        };
        return date.ok_or_else(invalid);
    }
    Err(invalid())
}

/// An amount in dollars: `101`, `1,001.00`, `$51.50`, `USD 25`. Negative amounts (`-5`, `(5.00)`)
/// and zero are refused: an import records gifts, not refunds.
pub fn parse_amount(text: &str) -> Result<Money, String> {
    let trimmed = text.trim();
    if trimmed.starts_with('-') || (trimmed.starts_with('(') && trimmed.ends_with(')')) {
        return Err(AMOUNT_NOT_POSITIVE.to_owned());
    }
    let digits: String =
        trimmed.trim_start_matches("USD").trim_end_matches("USD").chars().filter(|c| !matches!(c, '$' | ',' | ' ' | '\u{a0}')).collect();
    let amount = Money::parse_decimal(&digits).map_err(|_| format!("\"{text}\" {AMOUNT_INVALID}"))?;
    if !amount.is_positive() {
        Err(AMOUNT_NOT_POSITIVE.to_owned())
    } else if amount.cents() > MAX_AMOUNT_CENTS {
        Err(AMOUNT_TOO_LARGE.to_owned())
    } else {
        Ok(amount)
    }
}

/// A payment method by the names old systems use for it.
pub fn parse_method(text: &str) -> Result<PaymentMethodKind, String> {
    let word: String = text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect();
    match word.as_str() {
        "cash" | "currency" => Ok(PaymentMethodKind::Cash),
        "check" | "cheque" | "chk" | "chq" | "personalcheck" | "bankcheck" | "cashierscheck" => Ok(PaymentMethodKind::Check),
        "card" | "creditcard" | "debitcard" | "credit" | "debit" | "cc" | "visa" | "mastercard" | "amex" | "americanexpress"
        | "discover" | "stripe" | "square" => Ok(PaymentMethodKind::CreditCard),
        "zelle" => Ok(PaymentMethodKind::Zelle),
        "paypal" => Ok(PaymentMethodKind::Paypal),
        _ => Err(format!("\"{text}\" {METHOD_INVALID}")),
    }
}

/// How a typed name compares with a list's names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup<'a, T> {
    /// The same name, case and spacing aside.
    Found(&'a T),
    /// No such name, but this one is close (one or two letters off): "did you mean …?".
    Near(&'a T),
    Missing,
}

/// Letters and digits only, lower-cased.
fn comparable(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Finds `text` among `items` by their names: the same name, else the closest within a few
/// letters (at most a quarter of its length, and at most 3) as a suggestion.
pub fn look_up<'a, T>(text: &str, items: &'a [T], name: impl Fn(&T) -> &str) -> Lookup<'a, T> {
    let wanted = comparable(text);
    if let Some(found) = items.iter().find(|item| comparable(name(item)) == wanted) {
        return Lookup::Found(found);
    }
    let reach = (wanted.chars().count() / 4).clamp(1, 3);
    items
        .iter()
        .map(|item| (strsim::levenshtein(&wanted, &comparable(name(item))), item))
        .filter(|(distance, _)| *distance <= reach)
        .min_by_key(|(distance, _)| *distance)
        .map_or(Lookup::Missing, |(_, item)| Lookup::Near(item))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("a day")
    }

    #[test]
    fn dates_in_the_forms_spreadsheets_write() {
        for text in [
            "2021-03-05",
            "2021/3/5",
            "03/05/2021",
            "3/5/21",
            "3-5-2021",
            "5-Mar-2021",
            "05 Mar 2021",
            "March 5, 2021",
            "Mar 5 2021",
            "2021-03-05 00:00:00",
            "2021-03-05T10:30",
        ] {
            assert_eq!(parse_date(text), Ok(day(2021, 3, 5)), "{text}");
        }
        assert_eq!(parse_date("13/05/2021"), Ok(day(2021, 5, 13)));
        assert_eq!(parse_date("5/13/99"), Ok(day(1999, 5, 13)));
        for text in ["", "yesterday", "2021-02-30", "13/13/2021", "5 Smarch 2021", "2021-03", "20210305x"] {
            assert_eq!(parse_date(text), Err(format!("\"{text}\" {DATE_INVALID}")), "{text}");
        }
    }

    #[test]
    fn amounts_with_signs_and_separators() {
        assert_eq!(parse_amount("$1,001.00"), Ok(Money::from_cents(100_100)));
        assert_eq!(parse_amount(" 51.5 "), Ok(Money::from_cents(5_150)));
        assert_eq!(parse_amount("USD 25"), Ok(Money::from_cents(2_500)));
        assert_eq!(parse_amount("-5"), Err(AMOUNT_NOT_POSITIVE.to_owned()));
        assert_eq!(parse_amount("(5.00)"), Err(AMOUNT_NOT_POSITIVE.to_owned()));
        assert_eq!(parse_amount("0.00"), Err(AMOUNT_NOT_POSITIVE.to_owned()));
        assert_eq!(parse_amount("1.005"), Err(format!("\"1.005\" {AMOUNT_INVALID}")));
        assert_eq!(parse_amount("ten"), Err(format!("\"ten\" {AMOUNT_INVALID}")));
        assert_eq!(parse_amount("1000000.01"), Err(AMOUNT_TOO_LARGE.to_owned()));
    }

    #[test]
    fn methods_by_their_usual_names() {
        assert_eq!(parse_method("Cheque"), Ok(PaymentMethodKind::Check));
        assert_eq!(parse_method("VISA"), Ok(PaymentMethodKind::CreditCard));
        assert_eq!(parse_method("Credit Card"), Ok(PaymentMethodKind::CreditCard));
        assert_eq!(parse_method("zelle"), Ok(PaymentMethodKind::Zelle));
        assert_eq!(parse_method("barter"), Err(format!("\"barter\" {METHOD_INVALID}")));
    }

    #[test]
    fn names_are_found_or_suggested() {
        let gotrams = ["Kashyapa", "Bharadwaja", "Atreya"];
        fn name<'a>(g: &'a &str) -> &'a str {
            g
        }
        assert_eq!(look_up("bharadwaja ", &gotrams, name), Lookup::Found(&"Bharadwaja"));
        assert_eq!(look_up("Kashyap", &gotrams, name), Lookup::Near(&"Kashyapa"));
        assert_eq!(look_up("Atreyaa", &gotrams, name), Lookup::Near(&"Atreya"));
        assert_eq!(look_up("Vasishta", &gotrams, name), Lookup::Missing);
    }
}
