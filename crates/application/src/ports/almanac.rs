//! The panchangam of a place (docs/product.md#the-panchangam): the astronomy is an adapter's (crate `mandir-panchangam`).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_domain::panchangam::{NoSunrise, PanchangamDay, Place};

/// Works out each local day's panchangam, from `from` to `to` inclusive. Pure computation: a year
/// takes a few tens of milliseconds of one core, so the adapter runs it off the async threads and
/// bounds how many run at once.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait Almanac: Send + Sync {
    async fn days(&self, place: &Place, from: NaiveDate, to: NaiveDate) -> Result<Vec<PanchangamDay>, AlmanacError>;
    /// The nakshatra (1–27) at an instant, anywhere: the Moon's sidereal longitude (a person's
    /// birth star from their birth's date, time and zone). Microseconds of work.
    fn nakshatra_at(&self, at: DateTime<Utc>) -> u8;
}

#[derive(Debug, thiserror::Error)]
pub enum AlmanacError {
    #[error(transparent)]
    NoSunrise(#[from] NoSunrise),
    #[error("the computation stopped: {0}")]
    Stopped(String),
}
