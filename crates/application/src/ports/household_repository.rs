use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::household::{Household, HouseholdFields, HouseholdInvitation, HouseholdView};
use mandir_domain::{HouseholdId, UserId};

use super::RepoError;

/// A household to store, with its first member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewHousehold {
    pub id: HouseholdId,
    pub user_id: UserId,
    pub fields: HouseholdFields,
    pub now: DateTime<Utc>,
}

/// An invitation to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewInvitation {
    pub id: String,
    pub household_id: HouseholdId,
    /// Lowercase.
    pub email: String,
    pub invited_by: UserId,
    pub now: DateTime<Utc>,
}

/// What accepting an invitation came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Joining {
    /// The member joined this household; the invitation is gone.
    Joined(HouseholdId),
    /// No such invitation for the address (cancelled, declined, or another's).
    Gone,
    /// The member belongs to a household already: nothing changed.
    AlreadyInOne,
    /// The household has [`mandir_domain::household::MAX_MEMBERS`] members: nothing changed.
    Full,
}

/// The households, their members and their invitations.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait HouseholdRepository: Send + Sync {
    /// The member's household, with its members (and their family members) and its waiting
    /// invitations.
    async fn of_member(&self, user_id: &UserId) -> Result<Option<HouseholdView>, RepoError>;
    /// Stores the household with the member in it; `RepoError::Conflict` when the member belongs
    /// to a household already (checked and written under a lock on the member's row).
    async fn create(&self, new: NewHousehold) -> Result<Household, RepoError>;
    /// Changes a household's fields; `None` when it is gone.
    async fn update(&self, id: &HouseholdId, fields: HouseholdFields, now: DateTime<Utc>) -> Result<Option<Household>, RepoError>;
    /// Stores an invitation; `RepoError::Conflict` when the address is invited to this household already.
    async fn invite(&self, invitation: NewInvitation) -> Result<(), RepoError>;
    /// Removes a household's waiting invitation; answers whether there was one.
    async fn cancel_invitation(&self, household_id: &HouseholdId, id: &str) -> Result<bool, RepoError>;
    /// The invitations waiting for an address (lowercase), newest first.
    async fn invitations_for(&self, email: &str) -> Result<Vec<HouseholdInvitation>, RepoError>;
    /// The member joins by the invitation to their address (lowercase), in one transaction under
    /// a lock on the member's row: the invitation goes and the membership is written.
    async fn accept(&self, id: &str, user_id: &UserId, email: &str, now: DateTime<Utc>) -> Result<Joining, RepoError>;
    /// Removes the invitation to the address; answers whether there was one.
    async fn decline(&self, id: &str, email: &str) -> Result<bool, RepoError>;
    /// The member leaves their household; the last to leave removes it with its invitations.
    /// Answers whether they belonged to one.
    async fn leave(&self, user_id: &UserId) -> Result<bool, RepoError>;
    /// Every household with its members (no invitations), for the year-end statements.
    async fn all(&self) -> Result<Vec<HouseholdView>, RepoError>;
}
