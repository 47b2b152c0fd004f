use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::UserId;
use mandir_domain::audit::AuditEntry;
use mandir_domain::staff::Roles;
use mandir_domain::user::{Email, User};

use super::{NewUserRecord, RepoError};

/// A pending invitation to join the staff (docs/decisions/0128-staff-invitations.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffInvitation {
    pub id: String,
    pub email: Email,
    pub roles: Roles,
    /// SHA-256 (hex) of the link's token.
    pub token_hash: String,
    pub invited_by_id: Option<UserId>,
    /// The inviting admin's name, as it was then.
    pub invited_by_name: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// Who accepts an invitation: a new account made from it, or the account already at its address.
#[derive(Debug, Clone, PartialEq)]
pub enum Acceptor {
    NewAccount(Box<NewUserRecord>),
    Account(UserId),
}

/// What accepting came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Accepted {
    /// The account, holding the invitation's roles (besides any it held).
    Done(Box<User>),
    /// No pending, unexpired invitation has that token (used, withdrawn, replaced or expired).
    NoInvitation,
    /// The invitation is for another address than the account's.
    OtherAccount,
    /// A new account was asked for, but one has that address by now.
    AccountExists,
}

/// Pending staff invitations. Each write goes with its audit entry in one transaction.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait StaffInvitationRepository: Send + Sync {
    /// Stores `invitation`, replacing any pending one for the same address (whose link stops
    /// working).
    async fn invite(&self, invitation: StaffInvitation, audit: AuditEntry) -> Result<StaffInvitation, RepoError>;
    /// Every pending invitation, newest first (expired ones too).
    async fn pending(&self) -> Result<Vec<StaffInvitation>, RepoError>;
    /// The unexpired invitation with this token's hash.
    async fn find_by_token(&self, token_hash: &str, now: DateTime<Utc>) -> Result<Option<StaffInvitation>, RepoError>;
    /// Withdraws the invitation; `None` when it is not pending.
    async fn withdraw(&self, id: &str, audit: AuditEntry) -> Result<Option<StaffInvitation>, RepoError>;
    /// Uses the invitation once: in one transaction, deletes it, gives `acceptor` its roles
    /// (a new account is created verified; an existing one becomes verified, since the link
    /// reached its address) and writes `audit` with the roles before and after.
    async fn accept(&self, token_hash: &str, now: DateTime<Utc>, acceptor: Acceptor, audit: AuditEntry) -> Result<Accepted, RepoError>;
}
