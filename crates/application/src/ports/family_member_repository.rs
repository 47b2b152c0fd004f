use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::family_member::{FamilyMember, NewFamilyMember};
use mandir_domain::{FamilyMemberId, UserId};

use super::RepoError;

/// The family members saved in members' profiles.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait FamilyMemberRepository: Send + Sync {
    /// A member's family, in the order they were added.
    async fn list(&self, user_id: &UserId) -> Result<Vec<FamilyMember>, RepoError>;
    /// Adds one unless the member already has `max` (`Ok(None)`).
    async fn create(
        &self,
        id: FamilyMemberId,
        user_id: &UserId,
        member: NewFamilyMember,
        max: usize,
        now: DateTime<Utc>,
    ) -> Result<Option<FamilyMember>, RepoError>;
    /// `RepoError::NotFound` unless the member has this family member.
    async fn update(
        &self,
        id: &FamilyMemberId,
        user_id: &UserId,
        member: NewFamilyMember,
        now: DateTime<Utc>,
    ) -> Result<FamilyMember, RepoError>;
    /// `RepoError::NotFound` unless the member has this family member.
    async fn delete(&self, id: &FamilyMemberId, user_id: &UserId) -> Result<(), RepoError>;
}
