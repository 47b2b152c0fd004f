//! Text messages (ADR 0148): the provider that carries them ([`TextMessenger`]: Twilio, or a
//! folder in development) and what the site keeps about them ([`TextRepository`]: each member's
//! number and consent, opt-outs by number, the texts themselves as a claim-once outbox, and the
//! month's count against the admin's cap).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_domain::UserId;
use mandir_domain::texting::{TextChannel, TextKind};

use super::RepoError;

/// One text to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingText {
    /// E.164, e.g. `+19165550123`.
    pub to: String,
    pub body: String,
    pub channel: TextChannel,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TextError {
    /// The provider will never take this text (a number that cannot receive texts, one that
    /// replied STOP at the carrier): not retried.
    #[error("refused: {0}")]
    Refused(String),
    /// The provider could not be reached or failed: retried later.
    #[error("unavailable: {0}")]
    Unavailable(String),
}

/// Carries texts (Twilio's Messaging API in production, `.txt` files in development).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait TextMessenger: Send + Sync {
    /// `twilio` or `folder`, as the admin area names it.
    fn name(&self) -> &'static str;
    /// Whether it can send on `channel` (WhatsApp needs a WhatsApp sender).
    fn supports(&self, channel: TextChannel) -> bool;
    /// Sends one text; answers the provider's id for it.
    async fn send(&self, text: &OutgoingText) -> Result<String, TextError>;
    /// Whether an inbound webhook really comes from the provider: `url` is the full address it
    /// was posted to, `params` its form fields, `signature` its signature header.
    #[allow(clippy::needless_lifetimes)] // mockall needs the lifetime named
    fn verify_inbound<'a>(&self, url: &str, params: &[(String, String)], signature: Option<&'a str>) -> bool;
}

/// A member's number and what they agreed to be texted about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextSettings {
    pub user_id: UserId,
    /// E.164; `None` until they give one.
    pub phone: Option<String>,
    /// When `phone` was verified by a code; consent counts only for a verified number.
    pub verified_at: Option<DateTime<Utc>>,
    pub channel: TextChannel,
    pub kinds: Vec<TextKind>,
    /// IANA name of the zone their quiet hours follow.
    pub time_zone: String,
    /// A code being verified: the number it was sent to, its hash, until when it holds and how
    /// many wrong tries were made.
    pub pending_phone: Option<String>,
    pub code_hash: Option<String>,
    pub code_expires_at: Option<DateTime<Utc>>,
    pub code_attempts: i32,
    pub updated_at: DateTime<Utc>,
}

/// One text in the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextMessage {
    /// `<kind>:<what it tells about>`, e.g. `confirmations:reg:<email id>`: one per message.
    pub id: String,
    pub user_id: UserId,
    pub kind: TextKind,
    pub body: String,
    pub created_at: DateTime<Utc>,
    pub attempts: i32,
    pub sent_at: Option<DateTime<Utc>>,
}

/// A text to add to the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewText {
    pub id: String,
    pub user_id: UserId,
    pub kind: TextKind,
    pub body: String,
}

/// A text sent at once, outside the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentText {
    pub id: String,
    pub user_id: UserId,
    /// `code` for a verification code.
    pub kind: String,
    pub body: String,
    pub to_phone: String,
    pub provider_id: String,
}

/// A text as the admin area lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextRecord {
    pub id: String,
    pub kind: String,
    /// The number it went to (after it was sent).
    pub to_phone: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    pub attempts: i32,
    pub last_error: Option<String>,
}

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait TextRepository: Send + Sync {
    async fn settings(&self, user: &UserId) -> Result<Option<TextSettings>, RepoError>;
    /// Saves a member's settings whole.
    async fn save_settings(&self, settings: &TextSettings) -> Result<(), RepoError>;
    /// Whether `phone` replied STOP (and not START since).
    async fn opted_out(&self, phone: &str) -> Result<bool, RepoError>;
    /// Records a STOP (`true`) or a START (`false`) from `phone`.
    async fn set_opted_out(&self, phone: &str, opted_out: bool, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// Adds a text unless one with its id exists; answers whether it was added.
    async fn queue(&self, text: &NewText, now: DateTime<Utc>) -> Result<bool, RepoError>;
    /// Keeps a claimed text until `until` without counting the attempt (quiet hours, the
    /// per-number limit).
    async fn hold(&self, id: &str, until: DateTime<Utc>) -> Result<(), RepoError>;
    /// Records the number and the provider's id of a text being sent.
    async fn record_delivery(&self, id: &str, to_phone: &str, provider_id: &str) -> Result<(), RepoError>;
    /// Records a text sent at once (a verification code, of kind `code`), counted like the others.
    async fn record_sent(&self, sent: &SentText, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// Texts sent to `phone` since `since`.
    async fn sent_to_since(&self, phone: &str, since: DateTime<Utc>) -> Result<u64, RepoError>;
    /// Takes one of `month`'s `cap` texts with one conditional update, so processes together
    /// never pass the cap; `false` when none is left.
    async fn reserve(&self, month: &str, cap: i32) -> Result<bool, RepoError>;
    /// Gives back a reserved text that was not sent.
    async fn release(&self, month: &str) -> Result<(), RepoError>;
    /// Texts sent (or being sent) in `month`.
    async fn month_count(&self, month: &str) -> Result<i64, RepoError>;
    /// The admin's monthly cap; `None` until one is set.
    async fn cap(&self) -> Result<Option<i32>, RepoError>;
    async fn set_cap(&self, cap: i32, now: DateTime<Utc>) -> Result<(), RepoError>;
    /// The latest texts, newest first.
    async fn recent(&self, limit: u64) -> Result<Vec<TextRecord>, RepoError>;
}
