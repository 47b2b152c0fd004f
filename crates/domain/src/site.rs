//! The temple's own content, edited by its admins: the site settings (name, contact details,
//! hours, video, Zelle, contact text, time zone) and the notices shown on the home page while
//! they are current. Every text is optional except the temple's name; an empty text means "not
//! set" and the page hides what it would fill.

use chrono::NaiveDate;
pub use chrono_tz::Tz;

use crate::NoticeId;
use crate::panchangam::{DEFAULT_LATITUDE, DEFAULT_LONGITUDE, MAX_LATITUDE, Place};
use crate::user::Email;
use crate::validation::{LinkTarget, ValidationErrors, is_safe_link};

/// The zone a new installation starts with.
pub const DEFAULT_TIME_ZONE: &str = "America/Los_Angeles";

pub const TEMPLE_NAME_LENGTH: &str = "Temple name must be 2 to 100 characters";
pub const INVALID_EIN: &str = "EIN must look like 12-3456789";
pub const INVALID_PHONE: &str = "Please enter a valid phone number";
pub const INVALID_EMAIL: &str = crate::user::INVALID_EMAIL;
pub const INVALID_LINK: &str = "Enter a full link starting with https://";
pub const INVALID_TIME_ZONE: &str = "Choose a time zone from the list (an IANA name such as America/Los_Angeles)";
pub const INVALID_LATITUDE: &str = "Latitude must be a number of degrees from -60 to 60 (north is positive)";
pub const INVALID_LONGITUDE: &str = "Longitude must be a number of degrees from -180 to 180 (east is positive, west negative)";
pub const INVALID_VIDEO: &str = "Enter a YouTube video id (11 characters) or a YouTube link";
pub const INVALID_VIDEO_START: &str = "Start must be a whole number of seconds from 0 to 86400";
pub const INVALID_RECEIPT_PAPER: &str = "Choose A4/Letter paper or an 80 mm receipt printer";

crate::text_enum!(
    /// The paper the counter's receipts are laid out for (print CSS): a tablet may choose its own.
    ReceiptPaper {
        /// A4 or Letter pages.
        Page => "page",
        /// An 80 mm thermal receipt printer.
        Thermal => "thermal",
    }
);
pub const INVALID_ZELLE_RECIPIENT: &str = "Zelle recipient must be an e-mail address or a phone number";
pub const NOTICE_TITLE_LENGTH: &str = "Title must be 2 to 120 characters";
pub const NOTICE_DATE: &str = "Enter a date as YYYY-MM-DD";
pub const NOTICE_END_BEFORE_START: &str = "End date must be on or after the start date";
pub const NOTICE_LINK: &str = "Enter a link starting with https:// or a page of this site starting with /";

fn too_long(label: &str, max: usize) -> String {
    format!("{label} must be at most {max} characters")
}

/// The temple's settings. Empty texts are unset.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SiteSettings {
    pub temple_name: String,
    pub short_name: String,
    pub tagline: String,
    pub welcome_text: String,
    /// For receipts.
    pub legal_name: String,
    pub ein: String,
    /// One line per line of the postal address.
    pub address: String,
    /// What the map and the directions link search for; the address when empty.
    pub map_query: String,
    pub phone: String,
    pub email: String,
    pub facebook_url: String,
    pub instagram_url: String,
    pub youtube_url: String,
    pub x_url: String,
    /// An IANA zone name; [`DEFAULT_TIME_ZONE`] when empty.
    pub time_zone: String,
    /// The temple's place for the panchangam, in degrees north and east; Folsom, CA when unset.
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub weekday_morning: String,
    pub weekday_evening: String,
    pub weekend_morning: String,
    pub weekend_evening: String,
    /// The daily closing ceremony's time (Sayanostavam).
    pub sayanostavam: String,
    /// Special closing times and other remarks shown under the hours.
    pub hours_note: String,
    /// A YouTube video id.
    pub video_id: String,
    pub video_start: u32,
    pub video_title: String,
    pub zelle_recipient: String,
    pub zelle_memo: String,
    pub contact_text: String,
    /// [`ReceiptPaper`]'s text; A4/Letter when empty.
    pub receipt_paper: String,
}

/// The first instant of `day` in `zone`, in UTC: the earlier one when the clocks go back, and the
/// first instant after midnight in a zone whose clocks skip it (a daylight-saving change at 00:00).
pub fn start_of_day(day: NaiveDate, zone: chrono_tz::Tz) -> Option<chrono::DateTime<chrono::Utc>> {
    use chrono::TimeZone;
    let midnight = day.and_hms_opt(0, 0, 0)?;
    let first = zone
        .from_local_datetime(&midnight)
        .earliest()
        .or_else(|| zone.from_local_datetime(&(midnight + chrono::Duration::hours(1))).earliest())?;
    Some(first.with_timezone(&chrono::Utc))
}

/// [`start_of_day`], or the day's midnight in UTC in the impossible case that the zone has no
/// instant on that day.
pub fn start_of(day: NaiveDate, zone: chrono_tz::Tz) -> chrono::DateTime<chrono::Utc> {
    start_of_day(day, zone).unwrap_or_else(|| day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc())
}

impl SiteSettings {
    /// The temple's zone (the default when unset or, for rows written before a check, unknown).
    pub fn zone(&self) -> Tz {
        parse_time_zone(&self.time_zone).unwrap_or(chrono_tz::America::Los_Angeles)
    }

    /// The temple's date at `now`.
    pub fn today(&self, now: chrono::DateTime<chrono::Utc>) -> chrono::NaiveDate {
        now.with_timezone(&self.zone()).date_naive()
    }

    /// Where the panchangam is worked out: the temple's coordinates and zone.
    pub fn place(&self) -> Place {
        Place {
            latitude: self.latitude.unwrap_or(DEFAULT_LATITUDE),
            longitude: self.longitude.unwrap_or(DEFAULT_LONGITUDE),
            zone: self.zone(),
        }
    }

    /// Checks and normalises every field (trimmed texts, a YouTube link reduced to its id).
    /// The counter's receipt paper, A4/Letter unless set.
    pub fn receipt_paper(&self) -> ReceiptPaper {
        ReceiptPaper::parse(&self.receipt_paper).unwrap_or(ReceiptPaper::Page)
    }

    pub fn validate(self) -> Result<Self, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let mut text = |field: &str, label: &str, value: String, max: usize| -> String {
            let value = value.trim().to_owned();
            if value.chars().count() > max {
                errors.add(field, &too_long(label, max));
            }
            value
        };
        let mut s = Self {
            temple_name: text("templeName", "Temple name", self.temple_name, 100),
            short_name: text("shortName", "Short name", self.short_name, 40),
            tagline: text("tagline", "Tagline", self.tagline, 160),
            welcome_text: text("welcomeText", "Welcome text", self.welcome_text, 1000),
            legal_name: text("legalName", "Legal name", self.legal_name, 160),
            ein: text("ein", "EIN", self.ein, 10),
            address: text("address", "Address", self.address, 300),
            map_query: text("mapQuery", "Map search", self.map_query, 200),
            phone: text("phone", "Phone", self.phone, 32),
            email: text("email", "E-mail", self.email, 254),
            facebook_url: text("facebookUrl", "Facebook link", self.facebook_url, 300),
            instagram_url: text("instagramUrl", "Instagram link", self.instagram_url, 300),
            youtube_url: text("youtubeUrl", "YouTube link", self.youtube_url, 300),
            x_url: text("xUrl", "X link", self.x_url, 300),
            time_zone: text("timeZone", "Time zone", self.time_zone, 64),
            latitude: Some(self.latitude.unwrap_or(DEFAULT_LATITUDE)),
            longitude: Some(self.longitude.unwrap_or(DEFAULT_LONGITUDE)),
            weekday_morning: text("weekdayMorning", "Weekday morning hours", self.weekday_morning, 40),
            weekday_evening: text("weekdayEvening", "Weekday evening hours", self.weekday_evening, 40),
            weekend_morning: text("weekendMorning", "Weekend morning hours", self.weekend_morning, 40),
            weekend_evening: text("weekendEvening", "Weekend evening hours", self.weekend_evening, 40),
            sayanostavam: text("sayanostavam", "Sayanostavam time", self.sayanostavam, 40),
            hours_note: text("hoursNote", "Hours note", self.hours_note, 300),
            video_id: text("videoId", "Video", self.video_id, 200),
            video_start: self.video_start,
            video_title: text("videoTitle", "Video title", self.video_title, 150),
            zelle_recipient: text("zelleRecipient", "Zelle recipient", self.zelle_recipient, 254),
            zelle_memo: text("zelleMemo", "Zelle memo", self.zelle_memo, 100),
            contact_text: text("contactText", "Contact page text", self.contact_text, 2000),
            receipt_paper: self.receipt_paper.trim().to_owned(),
        };
        if !s.receipt_paper.is_empty() && ReceiptPaper::parse(&s.receipt_paper).is_none() {
            errors.add("receiptPaper", INVALID_RECEIPT_PAPER);
        }
        let chars = s.temple_name.chars().count();
        if !(2..=100).contains(&chars) {
            errors.add("templeName", TEMPLE_NAME_LENGTH);
        }
        if !s.ein.is_empty() && !is_ein(&s.ein) {
            errors.add("ein", INVALID_EIN);
        }
        if !s.phone.is_empty() && !is_phone(&s.phone) {
            errors.add("phone", INVALID_PHONE);
        }
        if !s.email.is_empty() {
            match Email::parse(&s.email) {
                Ok(email) => s.email = email.as_str().to_owned(),
                Err(message) => errors.add("email", &message),
            }
        }
        for (field, value) in
            [("facebookUrl", &s.facebook_url), ("instagramUrl", &s.instagram_url), ("youtubeUrl", &s.youtube_url), ("xUrl", &s.x_url)]
        {
            if !value.is_empty() && !is_safe_link(value, LinkTarget::Web) {
                errors.add(field, INVALID_LINK);
            }
        }
        if s.time_zone.is_empty() {
            DEFAULT_TIME_ZONE.clone_into(&mut s.time_zone);
        } else {
            match parse_time_zone(&s.time_zone) {
                Some(zone) => s.time_zone = zone.name().to_owned(),
                None => errors.add("timeZone", INVALID_TIME_ZONE),
            }
        }
        if s.latitude.is_some_and(|l| !l.is_finite() || l.abs() > MAX_LATITUDE) {
            errors.add("latitude", INVALID_LATITUDE);
        }
        if s.longitude.is_some_and(|l| !l.is_finite() || l.abs() > 180.0) {
            errors.add("longitude", INVALID_LONGITUDE);
        }
        if !s.video_id.is_empty() {
            match youtube_id(&s.video_id) {
                Some(id) => s.video_id = id,
                None => errors.add("videoId", INVALID_VIDEO),
            }
        }
        if s.video_start > 86_400 {
            errors.add("videoStart", INVALID_VIDEO_START);
        }
        if !s.zelle_recipient.is_empty() {
            if let Ok(email) = Email::parse(&s.zelle_recipient) {
                s.zelle_recipient = email.as_str().to_owned();
            } else if !is_phone(&s.zelle_recipient) {
                errors.add("zelleRecipient", INVALID_ZELLE_RECIPIENT);
            }
        }
        errors.into_result().map(|()| s)
    }
}

/// An IANA time zone name (exactly as the tz database spells it, or in another letter case).
pub fn parse_time_zone(name: &str) -> Option<Tz> {
    let name = name.trim();
    name.parse::<Tz>().ok().or_else(|| chrono_tz::TZ_VARIANTS.iter().copied().find(|zone| zone.name().eq_ignore_ascii_case(name)))
}

fn is_ein(value: &str) -> bool {
    let bytes = value.as_bytes();
    bytes.len() == 10 && bytes[2] == b'-' && bytes.iter().enumerate().all(|(i, b)| i == 2 || b.is_ascii_digit())
}

/// 7 to 15 digits, with spaces, dots, dashes, parentheses and a leading `+` allowed around them.
pub fn is_phone(value: &str) -> bool {
    let digits = value.chars().filter(char::is_ascii_digit).count();
    let allowed = value.chars().enumerate().all(|(i, c)| c.is_ascii_digit() || " .-()".contains(c) || (c == '+' && i == 0));
    allowed && (7..=15).contains(&digits)
}

fn is_video_id(id: &str) -> bool {
    id.len() == 11 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The video id of a YouTube id or link (`watch?v=`, `youtu.be/`, `embed/`, `shorts/`, `live/`).
pub fn youtube_id(value: &str) -> Option<String> {
    let value = value.trim();
    if is_video_id(value) {
        return Some(value.to_owned());
    }
    let rest = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://"))?;
    let (host, path) = rest.split_once('/')?;
    let host = host.trim_start_matches("www.").trim_start_matches("m.");
    let candidate = match host {
        "youtu.be" => path.split(['?', '#', '/']).next(),
        "youtube.com" | "youtube-nocookie.com" => {
            if let Some(query) = path.strip_prefix("watch?") {
                query.split('&').find_map(|pair| pair.strip_prefix("v="))
            } else {
                ["embed/", "shorts/", "live/"]
                    .iter()
                    .find_map(|prefix| path.strip_prefix(prefix))
                    .and_then(|id| id.split(['?', '#', '/']).next())
            }
        }
        _ => None,
    }?;
    is_video_id(candidate).then(|| candidate.to_owned())
}

/// A short announcement shown on the home page from `starts_on` to `ends_on` (both included, in
/// the temple's zone).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Notice {
    pub id: NoticeId,
    pub title: String,
    pub body: String,
    pub link: Option<String>,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
}

impl Notice {
    /// Shown on `today` (the temple's date).
    pub fn is_current(&self, today: NaiveDate) -> bool {
        self.starts_on <= today && today <= self.ends_on
    }
}

/// A notice as an admin typed it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NoticeInput {
    pub title: String,
    pub body: String,
    pub link: Option<String>,
    /// `YYYY-MM-DD`.
    pub starts_on: String,
    pub ends_on: String,
}

/// A checked notice, to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeFields {
    pub title: String,
    pub body: String,
    pub link: Option<String>,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
}

impl NoticeInput {
    pub fn validate(self) -> Result<NoticeFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let title = self.title.trim().to_owned();
        if !(2..=120).contains(&title.chars().count()) || title.contains(['\n', '\r']) {
            errors.add("title", NOTICE_TITLE_LENGTH);
        }
        let body = self.body.trim().to_owned();
        if body.chars().count() > 1000 {
            errors.add("body", &too_long("Text", 1000));
        }
        let link = self.link.map(|l| l.trim().to_owned()).filter(|l| !l.is_empty());
        if link.as_ref().is_some_and(|l| l.chars().count() > 300 || !is_safe_link(l, LinkTarget::WebOrPage)) {
            errors.add("link", NOTICE_LINK);
        }
        let date = |value: &str| NaiveDate::parse_from_str(value.trim(), "%Y-%m-%d").ok();
        let starts_on = date(&self.starts_on);
        let ends_on = date(&self.ends_on);
        if starts_on.is_none() {
            errors.add("startsOn", NOTICE_DATE);
        }
        if ends_on.is_none() {
            errors.add("endsOn", NOTICE_DATE);
        }
        if let (Some(start), Some(end)) = (starts_on, ends_on)
            && end < start
        {
            errors.add("endsOn", NOTICE_END_BEFORE_START);
        }
        errors.into_result()?;
        match (starts_on, ends_on) {
            (Some(starts_on), Some(ends_on)) => Ok(NoticeFields { title, body, link, starts_on, ends_on }),
            _ => Err(ValidationErrors::single("startsOn", NOTICE_DATE)),
        }
    }
}

/// What the first-run setup page sends: the first admin's account and the temple's basics.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetupInput {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password: String,
    pub temple_name: String,
    pub address: String,
    pub phone: String,
    pub temple_email: String,
    pub time_zone: String,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

/// A checked setup: the admin's details and the settings to start with.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidSetup {
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub password: String,
    pub settings: SiteSettings,
}

impl SetupInput {
    /// `base` holds what the installation already knows (the settings seeded from the
    /// environment); the page's fields replace its name, address, phone, e-mail and zone.
    pub fn validate(self, base: SiteSettings) -> Result<ValidSetup, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name = errors.check("firstName", crate::user::name(&self.first_name, "First name"));
        let last_name = errors.check("lastName", crate::user::name(&self.last_name, "Last name"));
        let email = errors.check("email", Email::parse_own(&self.email));
        let password = errors.check("password", crate::user::check_password(&self.password));
        let settings = SiteSettings {
            temple_name: self.temple_name,
            address: self.address,
            phone: self.phone,
            email: self.temple_email,
            time_zone: self.time_zone,
            latitude: self.latitude.or(base.latitude),
            longitude: self.longitude.or(base.longitude),
            ..base
        }
        .validate();
        let settings = match settings {
            Ok(settings) => Some(settings),
            Err(invalid) => {
                for (field, message) in invalid.fields() {
                    errors.add(if field == "email" { "templeEmail" } else { field }, message);
                }
                None
            }
        };
        match (first_name, last_name, email, password, settings) {
            (Some(first_name), Some(last_name), Some(email), Some(password), Some(settings)) if errors.is_empty() => {
                Ok(ValidSetup { first_name, last_name, email, password, settings })
            }
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_starts_at_its_first_instant_in_the_zone_even_when_midnight_is_skipped() {
        use chrono::TimeZone;
        let la = chrono_tz::America::Los_Angeles;
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).expect("day");
        assert_eq!(start_of_day(day(2026, 3, 1), la).map(|t| t.to_rfc3339()).as_deref(), Some("2026-03-01T08:00:00+00:00"));
        assert_eq!(start_of_day(day(2026, 4, 1), la).map(|t| t.to_rfc3339()).as_deref(), Some("2026-04-01T07:00:00+00:00"));
        // Santiago moves its clocks forward at midnight once a year: that day starts at 01:00.
        let santiago = chrono_tz::America::Santiago;
        let skipped = (1..=365)
            .filter_map(|n| day(2026, 1, 1).checked_add_days(chrono::Days::new(n)))
            .find(|d| santiago.from_local_datetime(&d.and_hms_opt(0, 0, 0).expect("midnight")).earliest().is_none())
            .expect("a day without a midnight");
        let start = start_of_day(skipped, santiago).expect("a start");
        assert_eq!(start.with_timezone(&santiago).naive_local(), skipped.and_hms_opt(1, 0, 0).expect("one o'clock"));
    }

    fn settings() -> SiteSettings {
        SiteSettings { temple_name: "Sri Test Temple".into(), ..SiteSettings::default() }
    }

    #[test]
    fn a_name_alone_is_enough_and_the_zone_defaults() {
        let valid = settings().validate().expect("valid");
        assert_eq!(valid.time_zone, DEFAULT_TIME_ZONE);
        assert_eq!(valid.zone(), chrono_tz::America::Los_Angeles);
    }

    #[test]
    fn every_field_is_checked_with_its_message() {
        let bad = SiteSettings {
            temple_name: " x ".into(),
            ein: "123456789".into(),
            phone: "call us".into(),
            email: "nobody".into(),
            facebook_url: "http://facebook.com/temple".into(),
            x_url: "javascript:alert(1)".into(),
            time_zone: "Mars/Olympus".into(),
            video_id: "not a video".into(),
            video_start: 90_000,
            zelle_recipient: "someone".into(),
            tagline: "t".repeat(161),
            receipt_paper: "58mm".into(),
            ..SiteSettings::default()
        };
        let errors = bad.validate().expect_err("invalid");
        assert_eq!(errors.get("templeName"), Some(TEMPLE_NAME_LENGTH));
        assert_eq!(errors.get("ein"), Some(INVALID_EIN));
        assert_eq!(errors.get("phone"), Some(INVALID_PHONE));
        assert_eq!(errors.get("email"), Some(INVALID_EMAIL));
        assert_eq!(errors.get("facebookUrl"), Some(INVALID_LINK));
        assert_eq!(errors.get("xUrl"), Some(INVALID_LINK));
        assert_eq!(errors.get("timeZone"), Some(INVALID_TIME_ZONE));
        assert_eq!(errors.get("videoId"), Some(INVALID_VIDEO));
        assert_eq!(errors.get("videoStart"), Some(INVALID_VIDEO_START));
        assert_eq!(errors.get("zelleRecipient"), Some(INVALID_ZELLE_RECIPIENT));
        assert_eq!(errors.get("tagline"), Some("Tagline must be at most 160 characters"));
        assert_eq!(errors.get("receiptPaper"), Some(INVALID_RECEIPT_PAPER));
    }

    #[test]
    fn receipts_print_on_pages_unless_a_receipt_printer_is_chosen() {
        assert_eq!(SiteSettings::default().receipt_paper(), ReceiptPaper::Page);
        let thermal = SiteSettings { temple_name: "Sri Test Temple".into(), receipt_paper: " thermal ".into(), ..SiteSettings::default() };
        let saved = thermal.validate().expect("valid");
        assert_eq!((saved.receipt_paper.as_str(), saved.receipt_paper()), ("thermal", ReceiptPaper::Thermal));
    }

    #[test]
    fn values_are_normalised() {
        let valid = SiteSettings {
            temple_name: "  Sri Test Temple ".into(),
            ein: "12-3456789".into(),
            phone: "+1 (916) 555-0199".into(),
            email: " Info@Temple.Example ".into(),
            time_zone: "asia/kolkata".into(),
            video_id: "https://www.youtube.com/watch?v=M7lc1UVf-VE&t=27".into(),
            zelle_recipient: "(916) 555-0199".into(),
            ..SiteSettings::default()
        }
        .validate()
        .expect("valid");
        assert_eq!(valid.temple_name, "Sri Test Temple");
        assert_eq!(valid.email, "info@temple.example");
        assert_eq!(valid.time_zone, "Asia/Kolkata");
        assert_eq!(valid.video_id, "M7lc1UVf-VE");
        assert_eq!(valid.zelle_recipient, "(916) 555-0199");
    }

    #[test]
    fn setup_checks_the_admin_and_the_temple() {
        let input = SetupInput {
            first_name: "Asha".into(),
            last_name: "Rao".into(),
            email: "asha@example.org".into(),
            password: "secret1".into(),
            temple_name: "Sri Test Temple".into(),
            address: "1 Main St\nFolsom, CA".into(),
            phone: "916-555-0100".into(),
            temple_email: "office@example.org".into(),
            time_zone: "America/New_York".into(),
            latitude: Some(40.5187),
            longitude: None,
        };
        let base = SiteSettings { zelle_memo: "Seeded".into(), ..SiteSettings::default() };
        let valid = input.clone().validate(base.clone()).expect("valid");
        assert_eq!(valid.settings.email, "office@example.org");
        assert_eq!(valid.settings.zelle_memo, "Seeded");
        assert_eq!(valid.settings.time_zone, "America/New_York");
        let demo = SetupInput { email: "admin@mandir.local".into(), ..input.clone() };
        assert_eq!(demo.validate(base.clone()).expect_err("reserved").get("email"), Some(crate::user::RESERVED_EMAIL));
        let bad =
            SetupInput { first_name: "A".into(), password: "123".into(), temple_email: "x".into(), temple_name: String::new(), ..input };
        let errors = bad.validate(base).expect_err("invalid");
        assert_eq!(errors.get("firstName"), Some("First name must be at least 2 characters"));
        assert_eq!(errors.get("password"), Some(crate::user::PASSWORD_TOO_SHORT));
        assert_eq!(errors.get("templeEmail"), Some(INVALID_EMAIL));
        assert_eq!(errors.get("templeName"), Some(TEMPLE_NAME_LENGTH));
    }

    #[test]
    fn youtube_links_give_their_ids() {
        for link in [
            "M7lc1UVf-VE",
            "https://youtu.be/M7lc1UVf-VE?t=3",
            "https://www.youtube.com/embed/M7lc1UVf-VE",
            "https://youtube.com/shorts/M7lc1UVf-VE",
            "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?start=27",
        ] {
            assert_eq!(youtube_id(link).as_deref(), Some("M7lc1UVf-VE"), "{link}");
        }
        assert_eq!(youtube_id("https://vimeo.com/M7lc1UVf-VE"), None);
        assert_eq!(youtube_id("https://youtu.be/short"), None);
    }

    #[test]
    fn phones_need_seven_to_fifteen_digits() {
        assert!(is_phone("916-555-0100"));
        assert!(!is_phone("555-01"));
        assert!(!is_phone("1+916555010"));
    }

    fn notice() -> NoticeInput {
        NoticeInput {
            title: "Temple closed for the eclipse".into(),
            body: "Darshan resumes after the purification.".into(),
            link: Some("/events".into()),
            starts_on: "2026-03-13".into(),
            ends_on: "2026-03-14".into(),
        }
    }

    #[test]
    fn notices_are_current_between_their_dates_inclusive() {
        let valid = notice().validate().expect("valid");
        let n = Notice {
            id: "n".into(),
            title: valid.title,
            body: valid.body,
            link: valid.link,
            starts_on: valid.starts_on,
            ends_on: valid.ends_on,
        };
        let day = |d: u32| NaiveDate::from_ymd_opt(2026, 3, d).expect("date");
        assert!(!n.is_current(day(12)));
        assert!(n.is_current(day(13)));
        assert!(n.is_current(day(14)));
        assert!(!n.is_current(day(15)));
    }

    #[test]
    fn notice_fields_are_checked() {
        let bad = NoticeInput {
            title: "x".into(),
            link: Some("javascript:alert(1)".into()),
            starts_on: "2026-03-14".into(),
            ends_on: "2026-03-13".into(),
            ..notice()
        };
        let errors = bad.validate().expect_err("invalid");
        assert_eq!(errors.get("title"), Some(NOTICE_TITLE_LENGTH));
        assert_eq!(errors.get("link"), Some(NOTICE_LINK));
        assert_eq!(errors.get("endsOn"), Some(NOTICE_END_BEFORE_START));
        let undated = NoticeInput { starts_on: "March 13".into(), ends_on: String::new(), ..notice() };
        let errors = undated.validate().expect_err("invalid");
        assert_eq!(errors.get("startsOn"), Some(NOTICE_DATE));
        assert_eq!(errors.get("endsOn"), Some(NOTICE_DATE));
        let external = NoticeInput { link: Some("https://example.org/parking".into()), ..notice() };
        assert!(external.validate().is_ok());
        let protocol_relative = NoticeInput { link: Some("//evil.example".into()), ..notice() };
        assert!(protocol_relative.validate().is_err());
    }

    /// What browsers would read as another site (`/\host` is `//host` to them), a script, or a
    /// link broken by control characters.
    const UNSAFE_LINKS: [&str; 17] = [
        "/\\evil.example",
        "/\\/evil.example",
        "//evil.example",
        "/events\\..\\evil",
        "/events\u{0}",
        "/ev\u{7f}ents",
        "/ev\u{85}ents",
        "https://temple.example\\@evil.example",
        "https://temple.example@evil.example/",
        "https://evil.example/a\u{1b}b",
        "https:/evil.example",
        "https:///evil.example",
        "https://",
        "https://?q=1",
        "https://.example",
        "javascript:alert(1)",
        "data:text/html,hi",
    ];

    #[test]
    fn notice_links_are_https_addresses_or_pages_of_this_site_only() {
        for link in UNSAFE_LINKS {
            let errors = NoticeInput { link: Some(link.into()), ..notice() }.validate().expect_err(link);
            assert_eq!(errors.get("link"), Some(NOTICE_LINK), "{link:?}");
        }
        for link in [
            "/",
            "/events",
            "/events/e1?from=notice#top",
            "https://example.org/parking",
            "https://www.youtube.com/@SriTemple",
            "https://temple.example:8443/a?b=c",
        ] {
            let valid = NoticeInput { link: Some(link.into()), ..notice() }.validate().expect(link);
            assert_eq!(valid.link.as_deref(), Some(link));
        }
    }

    #[test]
    fn social_links_are_https_addresses_only() {
        for link in UNSAFE_LINKS.iter().chain(&["/events", "http://facebook.com/temple"]) {
            let errors = SiteSettings { facebook_url: (*link).into(), ..settings() }.validate().expect_err(link);
            assert_eq!(errors.get("facebookUrl"), Some(INVALID_LINK), "{link:?}");
        }
        let valid = SiteSettings { youtube_url: "https://www.youtube.com/@SriTemple".into(), ..settings() }.validate().expect("valid");
        assert_eq!(valid.youtube_url, "https://www.youtube.com/@SriTemple");
    }

    #[test]
    fn the_place_defaults_to_folsom_and_stays_on_the_globe() {
        let valid = settings().validate().expect("valid");
        assert_eq!((valid.latitude, valid.longitude), (Some(DEFAULT_LATITUDE), Some(DEFAULT_LONGITUDE)));
        let chennai = SiteSettings { latitude: Some(13.0827), longitude: Some(80.2707), ..settings() }.validate().expect("valid");
        assert_eq!(chennai.place().longitude, 80.2707);
        let invalid = SiteSettings { latitude: Some(61.0), longitude: Some(-180.5), ..settings() }.validate().expect_err("invalid");
        assert_eq!(invalid.get("latitude"), Some(INVALID_LATITUDE));
        assert_eq!(invalid.get("longitude"), Some(INVALID_LONGITUDE));
        let invalid = SiteSettings { latitude: Some(f64::NAN), ..settings() }.validate().expect_err("invalid");
        assert_eq!(invalid.get("latitude"), Some(INVALID_LATITUDE));
    }
}
