//! Sevas and pujas: the catalogue (what the temple offers, when, for how many), the availability of
//! a seva on the temple's local dates, and the rules a booking must meet (docs/product.md#sevas,
//! ADR 0113).
//!
//! Like recurring services (ADR 0085), everything is computed on local calendar dates in the
//! temple's zone and only then turned into instants, so a 9:00 AM slot stays at 9:00 AM local time
//! across daylight-saving changes.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc};

use crate::id::SevaId;
use crate::image::{IMAGE_INVALID_TYPE, ImageSource, ImageUpload, parse_image};
use crate::money::Money;
use crate::recurring_service::{DayOfWeek, local_instant, parse_time, time_label};
use crate::text_enum;
use crate::validation::{ValidationErrors, min_chars, optional_text};

pub const NAME_TOO_SHORT: &str = "Seva name must be at least 3 characters";
pub const NAME_TOO_LONG: &str = "Seva name must be at most 100 characters";
pub const DESCRIPTION_TOO_LONG: &str = "Description must be at most 2000 characters";
pub const CATEGORY_INVALID: &str = "Choose where the seva is performed";
pub const PRICE_KIND_INVALID: &str = "Choose a set price or a suggested donation";
pub const PRICE_INVALID: &str = "Price must be between 0 and 100,000.00";
pub const DURATION_INVALID: &str = "Duration must be between 5 and 1440 minutes";
pub const WEEKDAYS_REQUIRED: &str = "Choose at least one day of the week";
pub const CAPACITY_MODE_INVALID: &str = "Choose time slots or a daily count";
pub const SLOTS_REQUIRED: &str = "Add at least one time slot";
pub const TOO_MANY_SLOTS: &str = "At most 24 time slots";
pub const SLOT_TIME_INVALID: &str = "Each slot needs a valid time (HH:MM)";
pub const SLOT_TIME_REPEATED: &str = "Each slot time may appear only once";
pub const SLOT_CAPACITY_INVALID: &str = "Each slot's capacity must be between 1 and 500";
pub const DAILY_CAPACITY_INVALID: &str = "Daily count must be between 1 and 500";
pub const BLACKOUT_INVALID: &str = "Blackout dates must be valid dates (YYYY-MM-DD)";
pub const TOO_MANY_BLACKOUTS: &str = "At most 366 blackout dates";
pub const HORIZON_INVALID: &str = "Booking window must be between 1 and 366 days";
pub const CUTOFF_INVALID: &str = "Cut-off must be between 0 and 720 hours";

pub const DATE_INVALID: &str = "Choose a date (YYYY-MM-DD)";
pub const DATE_PAST: &str = "That date has passed";
pub const DATE_BLACKOUT: &str = "This seva is not available on that date";
pub const SLOT_REQUIRED: &str = "Choose a time slot";
pub const SLOT_UNKNOWN: &str = "Choose one of the seva's time slots";

/// The largest price: 100,000.00 dollars.
const MAX_PRICE_CENTS: i64 = 10_000_000;
const MAX_CAPACITY: i64 = 500;

text_enum!(
    /// Where a seva is performed.
    SevaCategory {
        Temple => "temple",
        Home => "home",
        Proxy => "proxy",
    }
);

text_enum!(
    /// Whether the price is what the seva costs or what the temple suggests.
    PriceKind {
        Fixed => "fixed",
        SuggestedDonation => "suggestedDonation",
    }
);

/// A time slot of the day and how many bookings it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Slot {
    pub time: NaiveTime,
    pub capacity: u32,
}

text_enum!(
    /// How a seva's bookings are counted: per time slot, or per day.
    CapacityMode { Slots => "slots", Daily => "daily" }
);

/// How many bookings a day takes.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum Capacity {
    /// These slots (sorted by time, no repeats, at least one).
    Slots(Vec<Slot>),
    /// This many bookings a day, at no particular time.
    Daily(u32),
}

impl Capacity {
    pub const fn mode(&self) -> CapacityMode {
        match self {
            Self::Slots(_) => CapacityMode::Slots,
            Self::Daily(_) => CapacityMode::Daily,
        }
    }
}

/// When a seva can be booked.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SevaRules {
    /// Sorted Sunday first, no repeats, at least one.
    pub weekdays: Vec<DayOfWeek>,
    pub capacity: Capacity,
    /// Local dates the seva is not offered (festival days), sorted, no repeats.
    pub blackout_dates: Vec<NaiveDate>,
    /// The last bookable date is today (local) plus this many days.
    pub horizon_days: u32,
    /// Bookings close this many hours before the slot starts (a daily seva: before its day starts).
    pub cutoff_hours: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Seva {
    pub id: SevaId,
    pub name: String,
    pub description: Option<String>,
    pub category: SevaCategory,
    pub price: Money,
    pub price_kind: PriceKind,
    pub duration_minutes: u32,
    pub rules: SevaRules,
    pub requires_address: bool,
    pub is_active: bool,
    /// Smaller first.
    pub sort_order: i32,
    /// `/api/sevas/{id}/image?v={hash}` when an image was uploaded.
    pub image_url: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The image field of the form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageInput {
    None,
    /// The seva's current image URL sent back unchanged.
    Keep(String),
    Upload(ImageUpload),
}

/// One slot as submitted.
#[derive(Debug, Clone, Default)]
pub struct SlotInput {
    pub time: String,
    pub capacity: Option<i64>,
}

/// The form as submitted (create and full edit).
#[derive(Debug, Clone, Default)]
pub struct SevaInput {
    pub name: String,
    pub description: Option<String>,
    pub category: String,
    pub price_cents: Option<i64>,
    pub price_kind: String,
    pub duration_minutes: Option<i64>,
    pub weekdays: Vec<String>,
    /// `slots` or `daily`.
    pub capacity_mode: String,
    pub slots: Vec<SlotInput>,
    pub daily_capacity: Option<i64>,
    pub blackout_dates: Vec<String>,
    pub horizon_days: Option<i64>,
    pub cutoff_hours: Option<i64>,
    pub requires_address: Option<bool>,
    pub is_active: Option<bool>,
    pub sort_order: Option<i64>,
    /// A data URL of a new image, the current image's URL, or none.
    pub image: Option<String>,
}

/// A checked form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSeva {
    pub name: String,
    pub description: Option<String>,
    pub category: SevaCategory,
    pub price: Money,
    pub price_kind: PriceKind,
    pub duration_minutes: u32,
    pub rules: SevaRules,
    pub requires_address: bool,
    pub is_active: bool,
    pub sort_order: i32,
    pub image: ImageInput,
}

fn in_range(value: Option<i64>, range: std::ops::RangeInclusive<i64>, message: &str) -> Result<u32, String> {
    value.filter(|v| range.contains(v)).and_then(|v| u32::try_from(v).ok()).ok_or_else(|| message.to_owned())
}

fn check_name(value: &str) -> Result<String, String> {
    let name = min_chars(value, 3, NAME_TOO_SHORT)?;
    if name.chars().count() > 100 {
        return Err(NAME_TOO_LONG.to_owned());
    }
    Ok(name)
}

fn check_weekdays(values: &[String]) -> Result<Vec<DayOfWeek>, String> {
    let mut days = Vec::new();
    for raw in values {
        days.push(DayOfWeek::parse(raw.trim()).ok_or_else(|| WEEKDAYS_REQUIRED.to_owned())?);
    }
    days.sort();
    days.dedup();
    if days.is_empty() { Err(WEEKDAYS_REQUIRED.to_owned()) } else { Ok(days) }
}

fn check_slots(values: &[SlotInput]) -> Result<Vec<Slot>, String> {
    if values.is_empty() {
        return Err(SLOTS_REQUIRED.to_owned());
    }
    if values.len() > 24 {
        return Err(TOO_MANY_SLOTS.to_owned());
    }
    let mut slots = Vec::new();
    for value in values {
        let time = parse_time(&value.time).map_err(|_| SLOT_TIME_INVALID.to_owned())?;
        let capacity = in_range(value.capacity, 1..=MAX_CAPACITY, SLOT_CAPACITY_INVALID)?;
        if slots.iter().any(|s: &Slot| s.time == time) {
            return Err(SLOT_TIME_REPEATED.to_owned());
        }
        slots.push(Slot { time, capacity });
    }
    slots.sort_by_key(|s| s.time);
    Ok(slots)
}

fn check_blackouts(values: &[String]) -> Result<Vec<NaiveDate>, String> {
    let mut dates = Vec::new();
    for raw in values.iter().map(|v| v.trim()).filter(|v| !v.is_empty()) {
        dates.push(NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| BLACKOUT_INVALID.to_owned())?);
    }
    dates.sort();
    dates.dedup();
    if dates.len() > 366 { Err(TOO_MANY_BLACKOUTS.to_owned()) } else { Ok(dates) }
}

fn check_image(value: Option<&str>) -> Result<ImageInput, String> {
    match value.map(str::trim) {
        None | Some("") => Ok(ImageInput::None),
        Some(raw) => match parse_image(raw)? {
            ImageSource::Upload(upload) => Ok(ImageInput::Upload(upload)),
            ImageSource::Url(url) if url.starts_with("/api/sevas/") => Ok(ImageInput::Keep(url)),
            ImageSource::Url(_) => Err(IMAGE_INVALID_TYPE.to_owned()),
        },
    }
}

impl SevaInput {
    pub fn validate(self) -> Result<NewSeva, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = errors.check("name", check_name(&self.name));
        let description = errors.check("description", optional_text(self.description.as_deref(), 2000, DESCRIPTION_TOO_LONG));
        let category = errors.check("category", SevaCategory::parse(self.category.trim()).ok_or_else(|| CATEGORY_INVALID.to_owned()));
        let price_kind = errors.check("priceKind", PriceKind::parse(self.price_kind.trim()).ok_or_else(|| PRICE_KIND_INVALID.to_owned()));
        let price = errors.check(
            "priceCents",
            self.price_cents.filter(|c| (0..=MAX_PRICE_CENTS).contains(c)).map(Money::from_cents).ok_or_else(|| PRICE_INVALID.to_owned()),
        );
        let duration = errors.check("durationMinutes", in_range(self.duration_minutes, 5..=1440, DURATION_INVALID));
        let weekdays = errors.check("weekdays", check_weekdays(&self.weekdays));
        let capacity = match CapacityMode::parse(self.capacity_mode.trim()) {
            Some(CapacityMode::Slots) => errors.check("slots", check_slots(&self.slots)).map(Capacity::Slots),
            Some(CapacityMode::Daily) => {
                errors.check("dailyCapacity", in_range(self.daily_capacity, 1..=MAX_CAPACITY, DAILY_CAPACITY_INVALID)).map(Capacity::Daily)
            }
            _ => {
                errors.add("capacityMode", CAPACITY_MODE_INVALID);
                None
            }
        };
        let blackout_dates = errors.check("blackoutDates", check_blackouts(&self.blackout_dates));
        let horizon_days = errors.check("horizonDays", in_range(self.horizon_days, 1..=366, HORIZON_INVALID));
        let cutoff_hours = errors.check("cutoffHours", in_range(self.cutoff_hours, 0..=720, CUTOFF_INVALID));
        let image = errors.check("image", check_image(self.image.as_deref()));
        let sort_order = i32::try_from(self.sort_order.unwrap_or(0).clamp(-10_000, 10_000)).unwrap_or(0);
        match (
            name,
            description,
            category,
            price_kind,
            price,
            duration,
            weekdays,
            capacity,
            blackout_dates,
            horizon_days,
            cutoff_hours,
            image,
        ) {
            (
                Some(name),
                Some(description),
                Some(category),
                Some(price_kind),
                Some(price),
                Some(duration_minutes),
                Some(weekdays),
                Some(capacity),
                Some(blackout_dates),
                Some(horizon_days),
                Some(cutoff_hours),
                Some(image),
            ) if errors.is_empty() => Ok(NewSeva {
                name,
                description,
                category,
                price,
                price_kind,
                duration_minutes,
                rules: SevaRules { weekdays, capacity, blackout_dates, horizon_days, cutoff_hours },
                requires_address: self.requires_address.unwrap_or(category == SevaCategory::Home),
                is_active: self.is_active.unwrap_or(true),
                sort_order,
                image,
            }),
            _ => Err(errors),
        }
    }
}

pub const POLICY_TOO_LONG: &str = "The cancellation policy must be at most 2000 characters";

pub const ZELLE_HOLD_HOURS_INVALID: &str = "Hours must be a whole number from 1 to 336";
pub const MAX_UNPAID_HOLDS_INVALID: &str = "Unpaid bookings must be a whole number from 1 to 20";

/// The temple's booking settings (admins).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SevaSettings {
    /// A Zelle payment recorded as pending confirms its booking (else the booking waits, its place
    /// held, for an admin to mark the payment received).
    pub zelle_pending_confirms: bool,
    /// Shown to members before they book and cancel: what is refunded when.
    pub cancellation_policy: Option<String>,
    /// How long a booking paid by Zelle holds its place while staff have not confirmed the
    /// payment (never past the slot's start); then it lapses like any unpaid hold.
    pub zelle_hold_hours: u32,
    /// How many unpaid bookings (held, or confirmed with a Zelle payment not yet received) one
    /// member may have at once: a new paid booking beyond them is refused.
    pub max_unpaid_holds: u32,
}

impl Default for SevaSettings {
    fn default() -> Self {
        Self { zelle_pending_confirms: false, cancellation_policy: None, zelle_hold_hours: 48, max_unpaid_holds: 3 }
    }
}

/// What an admin sends to change the booking settings; a limit left out keeps its value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SevaSettingsInput {
    pub zelle_pending_confirms: bool,
    pub cancellation_policy: Option<String>,
    pub zelle_hold_hours: Option<f64>,
    pub max_unpaid_holds: Option<f64>,
}

impl SevaSettingsInput {
    /// The settings this input makes of `current`, or the fields' messages.
    pub fn validate(&self, current: &SevaSettings) -> Result<SevaSettings, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let policy = errors.check("cancellationPolicy", optional_text(self.cancellation_policy.as_deref(), 2000, POLICY_TOO_LONG));
        let whole = |value: Option<f64>, range: std::ops::RangeInclusive<u32>, keep: u32, message: &str| match value {
            None => Ok(keep),
            Some(v) if v.fract() == 0.0 && v >= f64::from(*range.start()) && v <= f64::from(*range.end()) => Ok(v as u32),
            Some(_) => Err(message.to_owned()),
        };
        let hours =
            errors.check("zelleHoldHours", whole(self.zelle_hold_hours, 1..=336, current.zelle_hold_hours, ZELLE_HOLD_HOURS_INVALID));
        let unpaid =
            errors.check("maxUnpaidHolds", whole(self.max_unpaid_holds, 1..=20, current.max_unpaid_holds, MAX_UNPAID_HOLDS_INVALID));
        match (policy, hours, unpaid) {
            (Some(cancellation_policy), Some(zelle_hold_hours), Some(max_unpaid_holds)) if errors.is_empty() => Ok(SevaSettings {
                zelle_pending_confirms: self.zelle_pending_confirms,
                cancellation_policy,
                zelle_hold_hours,
                max_unpaid_holds,
            }),
            _ => Err(errors),
        }
    }
}

text_enum!(
    /// Whether a date can be booked at all.
    DayStatus {
        Open => "open",
        NotOffered => "notOffered",
        Blackout => "blackout",
        Past => "past",
        BeyondHorizon => "beyondHorizon",
    }
);

text_enum!(
    /// Whether a slot of an open day can be booked.
    SlotStatus {
        Open => "open",
        Full => "full",
        Closed => "closed",
    }
);

/// A slot of a day, with what is left of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlotAvailability {
    /// `None` for a daily count.
    pub time: Option<NaiveTime>,
    /// When the slot starts (a daily seva: when its local day starts).
    pub starts_at: DateTime<Utc>,
    pub capacity: u32,
    pub booked: u32,
    pub status: SlotStatus,
}

impl SlotAvailability {
    pub fn remaining(&self) -> u32 {
        self.capacity.saturating_sub(self.booked)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayAvailability {
    pub date: NaiveDate,
    pub status: DayStatus,
    /// Only for open days.
    pub slots: Vec<SlotAvailability>,
}

/// The bookings that hold places, by local date and slot (`None`: a daily count).
pub type BookedCounts = HashMap<(NaiveDate, Option<NaiveTime>), u32>;

/// A slot chosen for a booking, checked against the seva's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChosenSlot {
    pub date: NaiveDate,
    pub time: Option<NaiveTime>,
    pub starts_at: DateTime<Utc>,
    pub capacity: u32,
}

/// The slot label as shown: "9:00 AM", or "Any time" for a daily count.
pub fn slot_label(time: Option<NaiveTime>) -> String {
    time.map_or_else(|| "Any time".to_owned(), time_label)
}

pub fn horizon_message(days: u32) -> String {
    format!("This seva can be booked at most {days} days ahead")
}

/// Who books: a member online (the cut-off applies) or the front desk with the person there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Booker {
    Online,
    Counter,
}

pub const SLOT_STARTED: &str = "This slot has already started; choose a later one";

pub fn cutoff_message(hours: u32) -> String {
    if hours == 0 {
        "This slot has already started".to_owned()
    } else {
        format!("Bookings for this slot close {hours} hours before it starts")
    }
}

pub fn not_offered_message(date: NaiveDate) -> String {
    format!("This seva is not offered on {}s", DayOfWeek::of(date.weekday()).label())
}

impl SevaRules {
    fn day_status(&self, today: NaiveDate, date: NaiveDate) -> DayStatus {
        if date < today {
            DayStatus::Past
        } else if (date - today).num_days() > i64::from(self.horizon_days) {
            DayStatus::BeyondHorizon
        } else if !self.weekdays.contains(&DayOfWeek::of(date.weekday())) {
            DayStatus::NotOffered
        } else if self.blackout_dates.binary_search(&date).is_ok() {
            DayStatus::Blackout
        } else {
            DayStatus::Open
        }
    }

    /// The day's slots with their start instants and capacities.
    fn slots_on<Tz: TimeZone>(&self, zone: &Tz, date: NaiveDate) -> Vec<(Option<NaiveTime>, DateTime<Utc>, u32)> {
        match &self.capacity {
            Capacity::Slots(slots) => slots.iter().map(|s| (Some(s.time), local_instant(zone, date, s.time), s.capacity)).collect(),
            Capacity::Daily(count) => vec![(None, local_instant(zone, date, NaiveTime::MIN), *count)],
        }
    }

    fn closes_at(&self, starts_at: DateTime<Utc>) -> DateTime<Utc> {
        starts_at - Duration::hours(i64::from(self.cutoff_hours))
    }

    /// Every local date `from` to `to` (both included) with its status and, when open, its slots.
    pub fn availability<Tz: TimeZone>(
        &self,
        zone: &Tz,
        now: DateTime<Utc>,
        from: NaiveDate,
        to: NaiveDate,
        booked: &BookedCounts,
    ) -> Vec<DayAvailability> {
        let today = now.with_timezone(zone).date_naive();
        from.iter_days()
            .take_while(|d| *d <= to)
            .map(|date| {
                let status = self.day_status(today, date);
                let slots = if status == DayStatus::Open {
                    self.slots_on(zone, date)
                        .into_iter()
                        .map(|(time, starts_at, capacity)| {
                            let taken = booked.get(&(date, time)).copied().unwrap_or(0);
                            let status = if now >= self.closes_at(starts_at) {
                                SlotStatus::Closed
                            } else if taken >= capacity {
                                SlotStatus::Full
                            } else {
                                SlotStatus::Open
                            };
                            SlotAvailability { time, starts_at, capacity, booked: taken, status }
                        })
                        .collect()
                } else {
                    Vec::new()
                };
                DayAvailability { date, status, slots }
            })
            .collect()
    }

    /// Checks a date and slot as submitted ("YYYY-MM-DD", "HH:MM" or blank for a daily count)
    /// against the rules at `now`: the errors are on `date` and `slot`.
    pub fn choose<Tz: TimeZone>(
        &self,
        zone: &Tz,
        now: DateTime<Utc>,
        date: &str,
        slot: Option<&str>,
    ) -> Result<ChosenSlot, ValidationErrors> {
        self.choose_for(zone, now, date, slot, Booker::Online)
    }

    /// [`Self::choose`] for `booker`: at the counter the person is there, so the online cut-off
    /// does not apply; a slot is taken until it starts, and a daily seva all through its day.
    pub fn choose_for<Tz: TimeZone>(
        &self,
        zone: &Tz,
        now: DateTime<Utc>,
        date: &str,
        slot: Option<&str>,
        booker: Booker,
    ) -> Result<ChosenSlot, ValidationErrors> {
        let date = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").map_err(|_| ValidationErrors::single("date", DATE_INVALID))?;
        let today = now.with_timezone(zone).date_naive();
        match self.day_status(today, date) {
            DayStatus::Open => {}
            DayStatus::Past => return Err(ValidationErrors::single("date", DATE_PAST)),
            DayStatus::BeyondHorizon => return Err(ValidationErrors::single("date", &horizon_message(self.horizon_days))),
            DayStatus::NotOffered => return Err(ValidationErrors::single("date", &not_offered_message(date))),
            DayStatus::Blackout => return Err(ValidationErrors::single("date", DATE_BLACKOUT)),
        }
        let wanted = match (&self.capacity, slot.map(str::trim).filter(|s| !s.is_empty())) {
            (Capacity::Daily(_), _) => None,
            (Capacity::Slots(_), None) => return Err(ValidationErrors::single("slot", SLOT_REQUIRED)),
            (Capacity::Slots(_), Some(raw)) => Some(parse_time(raw).map_err(|_| ValidationErrors::single("slot", SLOT_UNKNOWN))?),
        };
        let (time, starts_at, capacity) = self
            .slots_on(zone, date)
            .into_iter()
            .find(|(time, ..)| *time == wanted)
            .ok_or_else(|| ValidationErrors::single("slot", SLOT_UNKNOWN))?;
        match booker {
            Booker::Online if now >= self.closes_at(starts_at) => {
                return Err(ValidationErrors::single("slot", &cutoff_message(self.cutoff_hours)));
            }
            Booker::Counter if time.is_some() && now >= starts_at => return Err(ValidationErrors::single("slot", SLOT_STARTED)),
            Booker::Online | Booker::Counter => {}
        }
        Ok(ChosenSlot { date, time, starts_at, capacity })
    }

    /// Whether a booking of the slot starting at `starts_at` may still be cancelled by its member.
    pub fn cancellable(&self, now: DateTime<Utc>, starts_at: DateTime<Utc>) -> bool {
        now < self.closes_at(starts_at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::Los_Angeles;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn hm(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).expect("time")
    }

    fn input() -> SevaInput {
        SevaInput {
            name: " Archana ".into(),
            category: "temple".into(),
            price_cents: Some(1100),
            price_kind: "fixed".into(),
            duration_minutes: Some(15),
            weekdays: vec!["saturday".into(), "friday".into(), "saturday".into()],
            capacity_mode: "slots".into(),
            slots: vec![SlotInput { time: "11:00".into(), capacity: Some(2) }, SlotInput { time: "09:00".into(), capacity: Some(3) }],
            horizon_days: Some(30),
            cutoff_hours: Some(12),
            ..Default::default()
        }
    }

    fn rules() -> SevaRules {
        input().validate().expect("valid").rules
    }

    fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0).single().expect("instant")
    }

    #[test]
    fn a_valid_form_is_tidied() {
        let seva = input().validate().expect("valid");
        assert_eq!(seva.name, "Archana");
        assert_eq!(seva.price, Money::from_cents(1100));
        assert_eq!(seva.rules.weekdays, [DayOfWeek::Friday, DayOfWeek::Saturday]);
        assert_eq!(seva.rules.capacity, Capacity::Slots(vec![Slot { time: hm(9, 0), capacity: 3 }, Slot { time: hm(11, 0), capacity: 2 }]));
        assert!(!seva.requires_address);
        assert!(seva.is_active);
        assert_eq!(seva.image, ImageInput::None);
        let home = SevaInput { category: "home".into(), capacity_mode: "daily".into(), daily_capacity: Some(2), ..input() };
        let home = home.validate().expect("valid");
        assert!(home.requires_address);
        assert_eq!(home.rules.capacity, Capacity::Daily(2));
    }

    #[test]
    fn invalid_forms_name_every_field() {
        let errors = SevaInput {
            name: "ab".into(),
            category: "moon".into(),
            price_kind: "free".into(),
            price_cents: Some(-1),
            duration_minutes: Some(2),
            weekdays: vec![],
            capacity_mode: "slots".into(),
            slots: vec![],
            blackout_dates: vec!["2026-02-30".into()],
            horizon_days: Some(0),
            cutoff_hours: Some(1000),
            image: Some("https://example.org/x.png".into()),
            ..Default::default()
        }
        .validate()
        .expect_err("invalid");
        assert_eq!(errors.get("name"), Some(NAME_TOO_SHORT));
        assert_eq!(errors.get("category"), Some(CATEGORY_INVALID));
        assert_eq!(errors.get("priceKind"), Some(PRICE_KIND_INVALID));
        assert_eq!(errors.get("priceCents"), Some(PRICE_INVALID));
        assert_eq!(errors.get("durationMinutes"), Some(DURATION_INVALID));
        assert_eq!(errors.get("weekdays"), Some(WEEKDAYS_REQUIRED));
        assert_eq!(errors.get("slots"), Some(SLOTS_REQUIRED));
        assert_eq!(errors.get("blackoutDates"), Some(BLACKOUT_INVALID));
        assert_eq!(errors.get("horizonDays"), Some(HORIZON_INVALID));
        assert_eq!(errors.get("cutoffHours"), Some(CUTOFF_INVALID));
        assert_eq!(errors.get("image"), Some(IMAGE_INVALID_TYPE));

        let repeated = SevaInput { slots: vec![SlotInput { time: "9:00".into(), capacity: Some(1) }; 2], ..input() };
        assert_eq!(repeated.validate().expect_err("repeated").get("slots"), Some(SLOT_TIME_REPEATED));
        let zero = SevaInput { slots: vec![SlotInput { time: "9:00".into(), capacity: Some(0) }], ..input() };
        assert_eq!(zero.validate().expect_err("zero").get("slots"), Some(SLOT_CAPACITY_INVALID));
        let daily = SevaInput { capacity_mode: "daily".into(), ..input() };
        assert_eq!(daily.validate().expect_err("no count").get("dailyCapacity"), Some(DAILY_CAPACITY_INVALID));
        let mode = SevaInput { capacity_mode: String::new(), ..input() };
        assert_eq!(mode.validate().expect_err("mode").get("capacityMode"), Some(CAPACITY_MODE_INVALID));
        let kept = SevaInput { image: Some("/api/sevas/s1/image?v=1".into()), ..input() }.validate().expect("valid");
        assert_eq!(kept.image, ImageInput::Keep("/api/sevas/s1/image?v=1".into()));
    }

    #[test]
    fn availability_honours_weekdays_blackouts_horizon_capacity_and_cutoff() {
        let rules = SevaRules { blackout_dates: vec![date(2026, 3, 20)], ..rules() };
        // Thursday 2026-03-12, 8:00 PM in California.
        let now = utc(2026, 3, 13, 3, 0);
        let mut booked = BookedCounts::new();
        booked.insert((date(2026, 3, 14), Some(hm(9, 0))), 3);
        booked.insert((date(2026, 3, 14), Some(hm(11, 0))), 1);
        let days = rules.availability(&Los_Angeles, now, date(2026, 3, 11), date(2026, 4, 12), &booked);
        let day = |d: NaiveDate| days.iter().find(|x| x.date == d).expect("day");
        assert_eq!(day(date(2026, 3, 11)).status, DayStatus::Past);
        assert_eq!(day(date(2026, 3, 12)).status, DayStatus::NotOffered);
        // Friday 9:00 AM is 13 hours away: open; 11:00 too.
        assert_eq!(day(date(2026, 3, 13)).slots.iter().map(|s| s.status).collect::<Vec<_>>(), [SlotStatus::Open, SlotStatus::Open]);
        let saturday = day(date(2026, 3, 14));
        assert_eq!(saturday.status, DayStatus::Open);
        assert_eq!(saturday.slots[0].status, SlotStatus::Full);
        assert_eq!((saturday.slots[1].status, saturday.slots[1].remaining()), (SlotStatus::Open, 1));
        assert_eq!(day(date(2026, 3, 20)).status, DayStatus::Blackout);
        assert!(day(date(2026, 3, 20)).slots.is_empty());
        assert_eq!(day(date(2026, 4, 10)).status, DayStatus::Open);
        assert_eq!(day(date(2026, 4, 11)).status, DayStatus::Open);
        assert_eq!(day(date(2026, 4, 12)).status, DayStatus::BeyondHorizon);

        // Friday 0:00 AM local: the 9:00 AM slot is 9 hours away, past the 12-hour cut-off.
        let late = utc(2026, 3, 13, 7, 0);
        let friday = &rules.availability(&Los_Angeles, late, date(2026, 3, 13), date(2026, 3, 13), &booked)[0];
        assert_eq!(friday.slots.iter().map(|s| s.status).collect::<Vec<_>>(), [SlotStatus::Closed, SlotStatus::Closed]);
    }

    #[test]
    fn slots_keep_their_local_time_across_daylight_saving_changes() {
        let rules = SevaRules { weekdays: DayOfWeek::ALL.to_vec(), ..rules() };
        let now = utc(2026, 3, 1, 0, 0);
        // Clocks go forward on Sunday 2026-03-08 in California: 9:00 AM is 17:00 UTC before, 16:00 after.
        let days = rules.availability(&Los_Angeles, now, date(2026, 3, 7), date(2026, 3, 9), &BookedCounts::new());
        let starts: Vec<_> = days.iter().map(|d| d.slots[0].starts_at).collect();
        assert_eq!(starts, [utc(2026, 3, 7, 17, 0), utc(2026, 3, 8, 16, 0), utc(2026, 3, 9, 16, 0)]);
        // And back on 2026-11-01.
        let autumn = rules.availability(&Los_Angeles, utc(2026, 10, 20, 0, 0), date(2026, 10, 31), date(2026, 11, 1), &BookedCounts::new());
        assert_eq!(autumn.iter().map(|d| d.slots[0].starts_at).collect::<Vec<_>>(), [utc(2026, 10, 31, 16, 0), utc(2026, 11, 1, 17, 0)]);
    }

    #[test]
    fn a_chosen_slot_is_refused_with_clear_messages() {
        let rules = SevaRules { blackout_dates: vec![date(2026, 3, 20)], ..rules() };
        let now = utc(2026, 3, 13, 3, 0);
        let chosen = rules.choose(&Los_Angeles, now, "2026-03-14", Some("09:00")).expect("open");
        assert_eq!((chosen.starts_at, chosen.capacity), (utc(2026, 3, 14, 16, 0), 3));
        let refused = |d: &str, s: Option<&str>| rules.choose(&Los_Angeles, now, d, s).expect_err("refused");
        assert_eq!(refused("2026-03-20", Some("09:00")).get("date"), Some(DATE_BLACKOUT));
        assert_eq!(refused("2026-03-12", Some("09:00")).get("date"), Some("This seva is not offered on Thursdays"));
        assert_eq!(refused("2026-03-10", Some("09:00")).get("date"), Some(DATE_PAST));
        assert_eq!(refused("2026-05-01", Some("09:00")).get("date"), Some("This seva can be booked at most 30 days ahead"));
        assert_eq!(refused("14/03/2026", Some("09:00")).get("date"), Some(DATE_INVALID));
        assert_eq!(refused("2026-03-14", None).get("slot"), Some(SLOT_REQUIRED));
        assert_eq!(refused("2026-03-14", Some("10:00")).get("slot"), Some(SLOT_UNKNOWN));
        let late = utc(2026, 3, 13, 7, 0);
        let cut = rules.choose(&Los_Angeles, late, "2026-03-13", Some("09:00")).expect_err("cut off");
        assert_eq!(cut.get("slot"), Some("Bookings for this slot close 12 hours before it starts"));
        assert!(rules.cancellable(now, chosen.starts_at));
        assert!(!rules.cancellable(utc(2026, 3, 14, 4, 0), chosen.starts_at));

        let daily = SevaRules { capacity: Capacity::Daily(4), cutoff_hours: 0, ..rules.clone() };
        let chosen = daily.choose(&Los_Angeles, now, "2026-03-14", Some("07:00")).expect("any time");
        assert_eq!((chosen.time, chosen.starts_at, chosen.capacity), (None, utc(2026, 3, 14, 7, 0), 4));
    }

    #[test]
    fn the_counter_books_until_the_slot_starts_and_a_daily_seva_all_day() {
        let rules = rules();
        // Friday 2026-03-13, 11 PM in California: online the 9 AM Saturday slot closed at 9 PM.
        let late = utc(2026, 3, 14, 6, 0);
        assert!(rules.choose(&Los_Angeles, late, "2026-03-14", Some("09:00")).is_err());
        let at_counter = rules.choose_for(&Los_Angeles, late, "2026-03-14", Some("09:00"), Booker::Counter).expect("before it starts");
        assert_eq!(at_counter.starts_at, utc(2026, 3, 14, 16, 0));
        let started = rules.choose_for(&Los_Angeles, utc(2026, 3, 14, 16, 5), "2026-03-14", Some("09:00"), Booker::Counter);
        assert_eq!(started.expect_err("started").get("slot"), Some(SLOT_STARTED));
        // A daily seva on its own day, at 3 PM: the counter books it; online it closed at midnight.
        let daily = SevaRules { capacity: Capacity::Daily(4), cutoff_hours: 0, ..rules };
        let afternoon = utc(2026, 3, 14, 22, 0);
        assert!(daily.choose(&Los_Angeles, afternoon, "2026-03-14", None).is_err());
        assert!(daily.choose_for(&Los_Angeles, afternoon, "2026-03-14", None, Booker::Counter).is_ok());
    }
}
