//! Text messages to members (ADR 0148): the kinds a member consents to, phone numbers, the quiet
//! hours, the keywords a reply may carry, and the words every message ends with. The rules and why
//! they are so (TCPA, CTIA) are in docs/product.md#text-messages.

use chrono::{DateTime, Duration, NaiveTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;

crate::text_enum!(
    /// What a member agrees to be texted about, each on its own.
    TextKind {
        /// Registration and seva booking confirmations.
        Confirmations => "confirmations",
        /// The day-before reminder of an event and the star-birthday reminder.
        Reminders => "reminders",
        /// A short link to the receipt of what they gave or bought at the counter.
        Receipts => "receipts",
    }
);

crate::text_enum!(
    /// How a text is carried.
    TextChannel {
        Sms => "sms",
        /// WhatsApp, where the provider has a WhatsApp sender.
        WhatsApp => "whatsapp",
    }
);

/// The hour (local) from which no text goes out: 9 PM.
pub const QUIET_FROM_HOUR: u32 = 21;
/// The hour (local) from which texts go out again: 8 AM.
pub const QUIET_UNTIL_HOUR: u32 = 8;
/// Texts to one number in any hour, at most; more wait for the next hour.
pub const PER_NUMBER_PER_HOUR: u64 = 5;
/// A new site's monthly cap on texts, until an admin sets one.
pub const DEFAULT_MONTHLY_CAP: i32 = 500;
/// The largest cap an admin may set.
pub const MAX_MONTHLY_CAP: i32 = 1_000_000;
/// How long a verification code may be entered.
pub const CODE_MINUTES: i64 = 10;
/// Wrong codes allowed before a new one must be asked for.
pub const CODE_ATTEMPTS: i32 = 5;
/// A text's longest body (ten SMS segments); longer ones are cut, their link kept.
pub const MAX_BODY_CHARS: usize = 600;

pub const PHONE_INVALID: &str = "Enter a US mobile number with its area code, e.g. (916) 555-0123";
pub const CAP_INVALID: &str = "The monthly cap must be a whole number from 0 to 1,000,000";
pub const ZONE_INVALID: &str = "Choose a time zone from the list";

/// The words every text ends with (CTIA: each message says how to stop).
pub const STOP_LINE: &str = "Reply STOP to opt out.";

/// A US phone number as typed ("(916) 555-0123", "916.555.0123", "+1 916 555 0123") in E.164
/// (`+19165550123`); texting is offered to US numbers only (the temple's sender is a US number).
pub fn us_mobile(value: &str) -> Result<String, &'static str> {
    let trimmed = value.trim();
    if trimmed.is_empty() || trimmed.chars().any(|c| !(c.is_ascii_digit() || " ()-.+".contains(c))) {
        return Err(PHONE_INVALID);
    }
    let digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
    let national = match digits.len() {
        10 => digits.as_str(),
        11 if digits.starts_with('1') => &digits[1..],
        _ => return Err(PHONE_INVALID),
    };
    // NANP: neither the area code nor the exchange begins with 0 or 1.
    let bytes = national.as_bytes();
    if matches!(bytes[0], b'0' | b'1') || matches!(bytes[3], b'0' | b'1') {
        return Err(PHONE_INVALID);
    }
    Ok(format!("+1{national}"))
}

/// A number as people read it: `+19165550123` as "(916) 555-0123"; others as they are.
pub fn display_number(e164: &str) -> String {
    match e164.strip_prefix("+1") {
        Some(n) if n.len() == 10 && n.bytes().all(|b| b.is_ascii_digit()) => format!("({}) {}-{}", &n[..3], &n[3..6], &n[6..]),
        _ => e164.to_owned(),
    }
}

/// The last four digits, for logs and the admin's view ("…0123").
pub fn masked(e164: &str) -> String {
    let tail: String = e164.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect();
    format!("…{tail}")
}

/// When a text may go out: `None` now, or the first instant after the quiet hours (8 AM in `zone`
/// on the day they end). Quiet hours are 9 PM to 8 AM local, the TCPA's calling hours.
pub fn quiet_until(at: DateTime<Utc>, zone: Tz) -> Option<DateTime<Utc>> {
    let local = at.with_timezone(&zone);
    let hour = local.hour();
    let day = match hour {
        h if h >= QUIET_FROM_HOUR => local.date_naive() + Duration::days(1),
        h if h < QUIET_UNTIL_HOUR => local.date_naive(),
        _ => return None,
    };
    let morning = day.and_time(NaiveTime::from_hms_opt(QUIET_UNTIL_HOUR, 0, 0).unwrap_or(NaiveTime::MIN));
    // A day whose 8 AM does not exist or exists twice (no US zone changes its clock then) takes
    // the earliest instant at or after it.
    let instant = zone
        .from_local_datetime(&morning)
        .earliest()
        .or_else(|| zone.from_local_datetime(&(morning + Duration::hours(1))).earliest())
        .map_or(at + Duration::hours(1), |t| t.with_timezone(&Utc));
    Some(instant)
}

/// A time zone as a member picks it (an IANA name).
pub fn zone(name: &str) -> Result<Tz, &'static str> {
    name.trim().parse::<Tz>().map_err(|_| ZONE_INVALID)
}

/// The monthly cap an admin sets.
pub fn monthly_cap(value: i64) -> Result<i32, &'static str> {
    i32::try_from(value).ok().filter(|v| (0..=MAX_MONTHLY_CAP).contains(v)).ok_or(CAP_INVALID)
}

/// What a reply asks for (the keywords carriers and the CTIA name; any case, alone in the reply).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keyword {
    Stop,
    Start,
    Help,
}

/// The keyword a reply is, if it is one.
pub fn keyword(body: &str) -> Option<Keyword> {
    let word: String = body.trim().trim_matches(|c: char| c.is_ascii_punctuation()).to_ascii_uppercase();
    match word.as_str() {
        "STOP" | "STOPALL" | "UNSUBSCRIBE" | "CANCEL" | "END" | "QUIT" | "OPTOUT" | "REVOKE" => Some(Keyword::Stop),
        "START" | "YES" | "UNSTOP" | "OPTIN" => Some(Keyword::Start),
        "HELP" | "INFO" => Some(Keyword::Help),
        _ => None,
    }
}

/// A text as sent: the temple's name first (who is writing), the message, then how to stop. A body
/// longer than [`MAX_BODY_CHARS`] is cut before its last line (the link) with "…".
pub fn compose(temple: &str, message: &str) -> String {
    let full = format!("{temple}: {message} {STOP_LINE}");
    if full.chars().count() <= MAX_BODY_CHARS {
        return full;
    }
    let keep = MAX_BODY_CHARS.saturating_sub(temple.chars().count() + STOP_LINE.chars().count() + 5);
    let cut: String = message.chars().take(keep).collect();
    format!("{temple}: {}… {STOP_LINE}", cut.trim_end())
}

/// The answer to HELP (CTIA: who is writing, what about, that rates may apply, how to stop, where
/// to get help).
pub fn help_reply(temple: &str, help_url: &str) -> String {
    format!(
        "{temple}: texts about your bookings, reminders and receipts. Msg & data rates may apply. Reply STOP to opt out, START to opt back in. Help: {help_url}"
    )
}

/// The answer to STOP (CTIA: confirms, names the sender, says no more will come).
pub fn stop_reply(temple: &str) -> String {
    format!("{temple}: you are unsubscribed and will get no more texts. Reply START to opt back in.")
}

/// The answer to START.
pub fn start_reply(temple: &str) -> String {
    format!("{temple}: you can get texts again for what you chose in your account. Msg & data rates may apply. Reply STOP to opt out.")
}

/// The verification code's text.
pub fn code_text(temple: &str, code: &str) -> String {
    compose(temple, &format!("your code is {code}. It expires in {CODE_MINUTES} minutes. Msg & data rates may apply."))
}

/// The month a text counts against, in the temple's zone ("2026-12").
pub fn month_of(at: DateTime<Utc>, zone: Tz) -> String {
    at.with_timezone(&zone).format("%Y-%m").to_string()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use chrono_tz::America::{Los_Angeles, New_York};

    use super::*;

    fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0).single().expect("a time")
    }

    #[test]
    fn us_numbers_are_kept_in_e164_and_others_refused() {
        assert_eq!(us_mobile("(916) 555-0123"), Ok("+19165550123".to_owned()));
        assert_eq!(us_mobile("+1 916.555.0123"), Ok("+19165550123".to_owned()));
        assert_eq!(us_mobile("19165550123"), Ok("+19165550123".to_owned()));
        for bad in ["", "555-0123", "+44 20 7946 0958", "(016) 555-0123", "(916) 155-0123", "916 555 0123 ext 4", "29165550123"] {
            assert_eq!(us_mobile(bad), Err(PHONE_INVALID), "{bad}");
        }
        assert_eq!(display_number("+19165550123"), "(916) 555-0123");
        assert_eq!(masked("+19165550123"), "…0123");
    }

    #[test]
    fn texts_wait_for_the_morning_in_the_members_zone() {
        // 8:59 PM in Folsom (PST, UTC-8): goes now.
        assert_eq!(quiet_until(utc(2026, 12, 5, 4, 59), Los_Angeles), None);
        // 9 PM: waits until 8 AM the next day.
        assert_eq!(quiet_until(utc(2026, 12, 5, 5, 0), Los_Angeles), Some(utc(2026, 12, 5, 16, 0)));
        // 3 AM: waits until 8 AM that day.
        assert_eq!(quiet_until(utc(2026, 12, 5, 11, 0), Los_Angeles), Some(utc(2026, 12, 5, 16, 0)));
        // 8 AM exactly: goes.
        assert_eq!(quiet_until(utc(2026, 12, 5, 16, 0), Los_Angeles), None);
        // The same instant is 11 PM in New York but 8 PM in Folsom.
        let at = utc(2026, 12, 5, 4, 30);
        assert_eq!(quiet_until(at, Los_Angeles), None);
        assert_eq!(quiet_until(at, New_York), Some(utc(2026, 12, 5, 13, 0)));
        // The night clocks go back (Nov 1, 2026): 8 AM PST.
        assert_eq!(quiet_until(utc(2026, 11, 1, 9, 30), Los_Angeles), Some(utc(2026, 11, 1, 16, 0)));
        // The night clocks go forward (Mar 8, 2026): 8 AM PDT.
        assert_eq!(quiet_until(utc(2026, 3, 8, 11, 0), Los_Angeles), Some(utc(2026, 3, 8, 15, 0)));
    }

    #[test]
    fn replies_are_read_as_keywords_alone_in_any_case() {
        assert_eq!(keyword(" stop "), Some(Keyword::Stop));
        assert_eq!(keyword("Unsubscribe."), Some(Keyword::Stop));
        assert_eq!(keyword("START"), Some(Keyword::Start));
        assert_eq!(keyword("help?"), Some(Keyword::Help));
        assert_eq!(keyword("please stop texting"), None);
        assert_eq!(keyword("thanks"), None);
    }

    #[test]
    fn every_text_names_the_temple_and_says_how_to_stop_even_when_cut() {
        let text = compose("Sri Temple", "You are registered for Diwali.");
        assert_eq!(text, "Sri Temple: You are registered for Diwali. Reply STOP to opt out.");
        let long = compose("Sri Temple", &"a".repeat(1_000));
        assert!(long.chars().count() <= MAX_BODY_CHARS, "{}", long.chars().count());
        assert!(long.starts_with("Sri Temple: ") && long.ends_with(STOP_LINE), "{long}");
        assert!(help_reply("Sri Temple", "https://t").contains("Msg & data rates may apply"));
        assert!(code_text("Sri Temple", "123456").contains("123456"));
    }

    #[test]
    fn caps_zones_and_months() {
        assert_eq!(monthly_cap(0), Ok(0));
        assert_eq!(monthly_cap(500), Ok(500));
        assert_eq!(monthly_cap(-1), Err(CAP_INVALID));
        assert_eq!(monthly_cap(2_000_000), Err(CAP_INVALID));
        assert_eq!(zone("America/Chicago").map(|z| z.name()), Ok("America/Chicago"));
        assert_eq!(zone("Mars/Olympus").err(), Some(ZONE_INVALID));
        // Dec 1, 2026, 5 AM UTC is still November in Folsom.
        assert_eq!(month_of(utc(2026, 12, 1, 5, 0), Los_Angeles), "2026-11");
    }
}
