use async_trait::async_trait;
use chrono_tz::Tz;

use super::RepoError;

/// The temple's time zone: recurring services fall on local dates and times there. A port because
/// the zone is a setting the admins may change (read from the site settings).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait TempleZone: Send + Sync {
    async fn time_zone(&self) -> Result<Tz, RepoError>;
}

/// A zone fixed at start-up (`MANDIR_TEMPLE_TIME_ZONE`, default `America/Los_Angeles`).
#[derive(Debug, Clone, Copy)]
pub struct FixedTempleZone(pub Tz);

impl Default for FixedTempleZone {
    fn default() -> Self {
        Self(chrono_tz::America::Los_Angeles)
    }
}

#[async_trait]
impl TempleZone for FixedTempleZone {
    async fn time_zone(&self) -> Result<Tz, RepoError> {
        Ok(self.0)
    }
}

/// The temple's name as e-mails and calendars show it: the one of the site settings.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait TempleName: Send + Sync {
    async fn temple_name(&self) -> Result<String, RepoError>;
}

/// The temple's place for the panchangam: its coordinates and zone, from the site settings.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait TemplePlace: Send + Sync {
    async fn place(&self) -> Result<mandir_domain::panchangam::Place, RepoError>;
}
