//! The panchangam adapter: works out each local day's panchangam at a place from the positions of
//! the Sun and the Moon (`astro`), with no network and no tables read at run time. It implements
//! the application's `Almanac` port; docs/product.md#the-panchangam says what each figure means
//! and ADR 0132 why it is computed this way.
//!
//! Conventions, as the Swiss Ephemeris and the printed almanacs use them:
//! - tithi = ⌊(λ☾ − λ☉) / 12°⌋ + 1 and karana = ⌊(λ☾ − λ☉) / 6°⌋ + 1, tropical (the ayanamsa
//!   cancels);
//! - nakshatra = ⌊λ☾′ / 13°20′⌋ + 1 and yoga = ⌊(λ☾′ + λ☉′) / 13°20′⌋ + 1, sidereal (Lahiri);
//! - each limb is the one at sunrise, with the first instant after sunrise at which it ends;
//! - the lunar month is amanta: named from the Sun's sidereal sign at the new moon that opens it
//!   (Sun in Meena → Chaitra); a month with no sankranti is adhika and takes the next month's name.

pub mod astro;
mod rise;
mod vsop87d_earth;

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Days, NaiveDate, NaiveTime, TimeZone, Utc};
use mandir_application::ports::{Almanac, AlmanacError};
use mandir_domain::panchangam::{Limb, LunarMonth, NoSunrise, PanchangamDay, Place, daytime_periods, vara_of};
use tokio::sync::Semaphore;

use astro::{ayanamsa, jd_of_unix, jde_of, moon_longitude, normalize, signed, sun_longitude, unix_of_jd};
use rise::Event;

/// The mean synodic month, in days.
const SYNODIC_MONTH: f64 = 29.530_589;
const NAKSHATRA_SPAN: f64 = 360.0 / 27.0;

/// The quantities whose segments make the limbs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quantity {
    /// The Moon's elongation from the Sun, in tithis of 12°.
    Tithi,
    /// The same elongation, in karanas of 6°.
    Karana,
    /// The Moon's sidereal longitude, in nakshatras of 13°20′.
    Nakshatra,
    /// The sum of the sidereal longitudes of the Sun and the Moon, in yogas of 13°20′.
    Yoga,
}

impl Quantity {
    const ALL: [Self; 4] = [Self::Tithi, Self::Karana, Self::Nakshatra, Self::Yoga];

    fn span(self) -> f64 {
        match self {
            Self::Tithi => 12.0,
            Self::Karana => 6.0,
            Self::Nakshatra | Self::Yoga => NAKSHATRA_SPAN,
        }
    }

    /// Its mean rate in degrees a day: a first step for the root finder.
    fn rate(self) -> f64 {
        match self {
            Self::Tithi | Self::Karana => 12.19,
            Self::Nakshatra => 13.18,
            Self::Yoga => 14.17,
        }
    }

    /// Its value in degrees [0, 360) at a Julian day in UT.
    fn value(self, jd: f64) -> f64 {
        let jde = jde_of(jd);
        match self {
            Self::Tithi | Self::Karana => normalize(moon_longitude(jde) - sun_longitude(jde)),
            Self::Nakshatra => normalize(moon_longitude(jde) - ayanamsa(jde)),
            Self::Yoga => normalize(moon_longitude(jde) + sun_longitude(jde) - 2.0 * ayanamsa(jde)),
        }
    }

    fn number_at(self, jd: f64) -> u8 {
        segment(self.value(jd), self.span())
    }
}

fn segment(value: f64, span: f64) -> u8 {
    // At most 60 segments in a circle: fits.
    u8::try_from((value / span).floor() as i64 + 1).unwrap_or(1)
}

/// The instant near `guess` at which the quantity reaches `boundary` degrees, by the secant
/// method; to 0.1 s. The quantities always grow, between 10° and 17° a day, so from within a
/// day or two of the crossing it converges in three to five steps.
fn crossing(quantity: Quantity, boundary: f64, guess: f64) -> f64 {
    let gap = |jd: f64| signed(boundary - quantity.value(jd));
    let (mut t0, mut f0) = (guess, gap(guess));
    let mut t1 = t0 + f0 / quantity.rate();
    let mut f1 = gap(t1);
    for _ in 0..30 {
        if f1 == f0 {
            break;
        }
        let t2 = t1 - f1 * (t1 - t0) / (f1 - f0);
        (t0, f0) = (t1, f1);
        t1 = t2;
        if (t1 - t0).abs() < 1e-6 {
            break;
        }
        f1 = gap(t1);
    }
    t1
}

/// The limb's segment at `jd` and the instant it ends.
fn limb_at(quantity: Quantity, jd: f64) -> (u8, f64) {
    let number = quantity.number_at(jd);
    let end = f64::from(number) * quantity.span();
    let remaining = normalize(end - quantity.value(jd));
    (number, crossing(quantity, end, jd + remaining / quantity.rate()))
}

fn instant(jd: f64) -> DateTime<Utc> {
    let seconds = unix_of_jd(jd).round();
    // Within chrono's range for every date the engine is asked about (years 1..9999).
    DateTime::from_timestamp(seconds as i64, 0).unwrap_or_default()
}

fn jd_of_instant(at: DateTime<Utc>) -> f64 {
    jd_of_unix(at.timestamp() as f64)
}

/// The UT Julian day of local midnight starting `date` (or of the first local instant of that
/// date, where a clock change skips midnight).
fn local_midnight(place: &Place, date: NaiveDate) -> f64 {
    let start = (0..24)
        .find_map(|hour| {
            let time = NaiveTime::from_hms_opt(hour, 0, 0)?;
            place.zone.from_local_datetime(&date.and_time(time)).earliest()
        })
        .map(|local| local.with_timezone(&Utc))
        .unwrap_or_else(|| date.and_time(NaiveTime::MIN).and_utc());
    jd_of_instant(start)
}

/// The Julian day of 0h UT of a date.
fn jd0(date: NaiveDate) -> f64 {
    jd_of_instant(date.and_time(NaiveTime::MIN).and_utc())
}

/// The first sunrise after local midnight starting `date`, and the sunset after it.
fn sun_times(place: &Place, date: NaiveDate) -> Result<(f64, f64), NoSunrise> {
    let refused = NoSunrise { date };
    let midnight = local_midnight(place, date);
    let next_midnight = local_midnight(place, date + Days::new(1));
    // 06:00 and 18:00 local mean solar time.
    let mean_noon = jd0(date) + 0.5 - place.longitude / 360.0;
    let mut rise = rise::solve(Event::Rise, mean_noon - 0.25, place.latitude, place.longitude).ok_or(refused)?;
    if rise < midnight {
        rise = rise::solve(Event::Rise, rise + 1.0, place.latitude, place.longitude).ok_or(refused)?;
    } else if rise >= next_midnight {
        rise = rise::solve(Event::Rise, rise - 1.0, place.latitude, place.longitude).ok_or(refused)?;
    }
    let mut set = rise::solve(Event::Set, rise + 0.5, place.latitude, place.longitude).ok_or(refused)?;
    if set <= rise {
        set = rise::solve(Event::Set, set + 1.0, place.latitude, place.longitude).ok_or(refused)?;
    }
    Ok((rise, set))
}

/// The amanta month running at an instant: the new moons around it and the month they make.
#[derive(Debug, Clone, Copy)]
struct Lunation {
    begins: f64,
    ends: f64,
    month: LunarMonth,
}

fn sun_sign(jd: f64) -> u8 {
    let jde = jde_of(jd);
    segment(normalize(sun_longitude(jde) - ayanamsa(jde)), 30.0) - 1
}

impl Lunation {
    fn between(begins: f64, ends: f64) -> Self {
        let (opening, closing) = (sun_sign(begins), sun_sign(ends));
        Self { begins, ends, month: LunarMonth { number: (opening + 1) % 12 + 1, adhika: opening == closing } }
    }

    fn containing(jd: f64) -> Self {
        let elongation = Quantity::Tithi.value(jd);
        let mut begins = crossing(Quantity::Tithi, 0.0, jd - elongation / Quantity::Tithi.rate());
        if begins > jd {
            begins = crossing(Quantity::Tithi, 0.0, begins - SYNODIC_MONTH);
        }
        let ends = crossing(Quantity::Tithi, 0.0, begins + SYNODIC_MONTH);
        Self::between(begins, ends)
    }

    fn next(self) -> Self {
        Self::between(self.ends, crossing(Quantity::Tithi, 0.0, self.ends + SYNODIC_MONTH))
    }
}

/// The panchangam of each local day from `from` to `to` inclusive. A limb found for one day is
/// carried to the next while it lasts, so a year costs a few thousand positions.
pub fn days(place: &Place, from: NaiveDate, to: NaiveDate) -> Result<Vec<PanchangamDay>, NoSunrise> {
    let mut dates = Vec::new();
    let mut date = from;
    while date <= to {
        dates.push(date);
        date = date + Days::new(1);
    }
    let mut next_rise = match dates.first() {
        Some(first) => sun_times(place, *first)?,
        None => return Ok(Vec::new()),
    };
    let mut limbs: [Option<(u8, f64)>; 4] = [None; 4];
    let mut lunation: Option<Lunation> = None;
    let mut out = Vec::with_capacity(dates.len());
    for date in dates {
        let (rise, set) = next_rise;
        next_rise = sun_times(place, date + Days::new(1))?;
        let following_rise = next_rise.0;
        for (slot, quantity) in limbs.iter_mut().zip(Quantity::ALL) {
            if slot.is_none_or(|(_, ends)| ends <= rise) {
                *slot = Some(limb_at(quantity, rise));
            }
        }
        let [tithi, karana, nakshatra, yoga] = limbs.map(|slot| slot.unwrap_or((1, rise)));
        let kshaya = (tithi.1 < following_rise)
            .then(|| {
                let number = tithi.0 % 30 + 1;
                let ends = crossing(Quantity::Tithi, f64::from(number) * 12.0, tithi.1 + 0.5);
                (ends < following_rise).then_some(Limb { number, ends_at: instant(ends) })
            })
            .flatten();
        let current = match lunation {
            Some(l) if rise >= l.begins && rise < l.ends => l,
            Some(l) if rise >= l.ends && rise < l.ends + SYNODIC_MONTH - 1.0 => {
                let next = l.next();
                if rise < next.ends { next } else { Lunation::containing(rise) }
            }
            _ => Lunation::containing(rise),
        };
        lunation = Some(current);
        let (sunrise, sunset) = (instant(rise), instant(set));
        let [rahu_kalam, yamagandam, gulika_kalam] = daytime_periods(sunrise, sunset, vara_of(date));
        let limb = |(number, ends): (u8, f64)| Limb { number, ends_at: instant(ends) };
        out.push(PanchangamDay {
            date,
            sunrise,
            sunset,
            tithi: limb(tithi),
            vriddhi: tithi.1 > following_rise,
            kshaya,
            nakshatra: limb(nakshatra),
            yoga: limb(yoga),
            karana: limb(karana),
            lunar_month: current.month,
            sun_sign: sun_sign(rise),
            rahu_kalam,
            yamagandam,
            gulika_kalam,
        });
    }
    Ok(out)
}

/// The tithi (1–30) running at an instant: festival rules ask at midnight, midday or dusk.
pub fn tithi_at(at: DateTime<Utc>) -> u8 {
    Quantity::Tithi.number_at(jd_of_instant(at))
}

/// The nakshatra (1–27) at an instant: the Moon's sidereal longitude then (a person's birth star).
pub fn nakshatra_at(at: DateTime<Utc>) -> u8 {
    Quantity::Nakshatra.number_at(jd_of_instant(at))
}

/// The adapter behind the `Almanac` port: works out days on the blocking threads, one request at
/// a time. A year is tens of milliseconds of one core; a burst of requests for years nobody has
/// asked for yet waits its turn instead of taking every core from the rest of the site.
#[derive(Clone)]
pub struct AstronomicalAlmanac {
    working: Arc<Semaphore>,
}

impl Default for AstronomicalAlmanac {
    fn default() -> Self {
        Self { working: Arc::new(Semaphore::new(1)) }
    }
}

#[async_trait]
impl Almanac for AstronomicalAlmanac {
    async fn days(&self, place: &Place, from: NaiveDate, to: NaiveDate) -> Result<Vec<PanchangamDay>, AlmanacError> {
        let _turn = self.working.acquire().await.map_err(|error| AlmanacError::Stopped(error.to_string()))?;
        let place = *place;
        let worked =
            tokio::task::spawn_blocking(move || days(&place, from, to)).await.map_err(|error| AlmanacError::Stopped(error.to_string()))?;
        Ok(worked?)
    }

    fn nakshatra_at(&self, at: DateTime<Utc>) -> u8 {
        nakshatra_at(at)
    }
}
