use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::star_birthday::{NewStarBirthday, StarBirthday};
use mandir_domain::{FamilyMemberId, StarBirthdayId, UserId};

use super::RepoError;

/// A star birthday whose reminder is on, with whom it is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StarReminderTarget {
    pub id: StarBirthdayId,
    pub user_id: UserId,
    /// The family member's name, or the member's first name for their own.
    pub person: String,
    pub own: bool,
    pub nakshatra: u8,
    pub days_before: u8,
}

/// Members' records of their own and their family members' birth stars.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait StarBirthdayRepository: Send + Sync {
    /// A member's records: their own first, then their family members' in the order they were added.
    async fn list(&self, user_id: &UserId) -> Result<Vec<StarBirthday>, RepoError>;
    /// Records the birth star of the member (no family member) or of one of their family members,
    /// replacing what was recorded (`id` names a new record). `RepoError::NotFound` when the family
    /// member is not the member's.
    async fn put(
        &self,
        id: &StarBirthdayId,
        user_id: &UserId,
        family_member: Option<FamilyMemberId>,
        star: &NewStarBirthday,
        now: DateTime<Utc>,
    ) -> Result<StarBirthday, RepoError>;
    /// `RepoError::NotFound` when nothing is recorded for that person.
    async fn delete(&self, user_id: &UserId, family_member: Option<FamilyMemberId>) -> Result<(), RepoError>;
    /// Every record whose reminder is on, of members whose e-mail is verified.
    async fn reminding(&self) -> Result<Vec<StarReminderTarget>, RepoError>;
}
