//! Text messages to members (ADR 0148; the rules in docs/product.md#text-messages).
//!
//! - A member gives a US mobile number, gets a code by text and enters it; then they choose what
//!   they want texted (confirmations, reminders, receipts), each on its own.
//! - Other services tell this one what happened ([`TextNotice`]); a text is queued only for a
//!   member who agreed to that kind on a verified number, in the `text_messages` outbox, once per
//!   notice id.
//! - The outbox is sent by the one claim-once loop (`services::outbox`), from the e-mail sender's
//!   wake-ups and the `send-texts` job. Each text is checked again when it goes: consent, STOP,
//!   the quiet hours in the member's zone (held until 8 AM), the per-number limit (held for a
//!   while), then one of the month's texts is taken from the admin's cap with one conditional
//!   update (none left: not sent; e-mail goes on).
//! - Replies come to the provider's webhook: STOP, START and HELP.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use mandir_domain::staff::Permission;
use mandir_domain::texting::{self, Keyword, TextChannel, TextKind};
use mandir_domain::{RetryAfter, UserId, ValidationErrors};
use rand::Rng;
use serde::Serialize;

use super::audit::{Action as AuditAction, Recorder, Target};
use super::outbox::{Delivery, Drain, deliver_due};
use super::rate_limits::{Action, LimitError, RateLimiter};
use super::{Actor, PermissionRequired, unexpected_from};
use crate::BoxError;
use crate::ports::outbox::Outbox;
use crate::ports::{
    Clock, HashError, NewText, OutboxWake, OutgoingText, PasswordHasher, RepoError, SentText, TempleName, TempleZone, TextError,
    TextMessage, TextMessenger, TextRecord, TextRepository, TextSettings,
};

const DRAIN: Drain = Drain { max_attempts: 3, batch: 50 };
/// How long a text over the per-number limit waits before it is tried again.
const LIMIT_WAIT_MINUTES: i64 = 15;
/// A text not sent within this long after what it tells about is not sent at all (a confirmation
/// two days late helps nobody). Long enough for a night's quiet hours and an outage.
const STALE_HOURS: i64 = 36;
/// The texts the admin area lists.
const RECENT: u64 = 50;

pub const TEXTING_OFF: &str = "Text messages are not available on this site.";
pub const NUMBER_STOPPED: &str = "This number replied STOP. Text START to the temple's number, then ask for a code again.";
pub const CAP_REACHED: &str = "The temple's texts for this month are used up. Please try again next month.";
pub const NOT_SENT: &str = "We could not send a text to this number. Check it and try again.";
pub const CODE_WRONG: &str = "That code is not right. Check the text and try again.";
pub const CODE_EXPIRED: &str = "This code has expired or was tried too often. Ask for a new one.";
pub const NO_CODE: &str = "Ask for a code first.";
pub const VERIFY_FIRST: &str = "Verify your mobile number first.";
pub const NO_WHATSAPP: &str = "WhatsApp is not available on this site; choose text messages.";

#[derive(Debug, thiserror::Error)]
pub enum TextingError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("{0}")]
    Conflict(&'static str),
    #[error("Too many attempts. Please try again in a few minutes.")]
    Throttled(RetryAfter),
    /// Texting is off, or a webhook came for a provider this site does not use.
    #[error("Not found")]
    NotFound,
    #[error("Forbidden")]
    Forbidden,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(TextingError, fields: Validation, throttled: Throttled, {
    Self::Validation(_) => Invalid,
    Self::Conflict(_) => Conflict,
    Self::Throttled(_) => Throttled,
    Self::NotFound => NotFound,
    Self::Forbidden => Forbidden,
    Self::Unexpected(_) => Unexpected,
});

unexpected_from!(TextingError: RepoError, HashError);

impl From<LimitError> for TextingError {
    fn from(error: LimitError) -> Self {
        match error {
            LimitError::Exceeded(wait) => Self::Throttled(wait),
            LimitError::Store(error) => error.into(),
        }
    }
}

impl From<PermissionRequired> for TextingError {
    fn from(_: PermissionRequired) -> Self {
        Self::Forbidden
    }
}

fn invalid(field: &str, message: &str) -> TextingError {
    TextingError::Validation(ValidationErrors::single(field, message))
}

/// Something a member may be texted about, as the service that did it tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextNotice {
    /// Unique per message: `<what>:<id>` (the e-mail's id, the booking's, the receipt's).
    pub id: String,
    pub user_id: UserId,
    pub kind: TextKind,
    /// The message without the temple's name and the stop line, which every text gets.
    pub message: String,
}

/// Where other services hand what happened; the texting service queues a text when the member
/// wants one.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait TextNotices: Send + Sync {
    /// Queues the notice's text if its member agreed to its kind; never fails the caller's work
    /// (a failure is logged).
    async fn notify(&self, notice: TextNotice);
}

/// A member's texting settings as their account page shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TextingView {
    /// Whether the site can send texts at all.
    pub available: bool,
    pub whatsapp_available: bool,
    /// The verified number, E.164.
    pub phone: Option<String>,
    /// A number a code was sent to and not entered yet.
    pub pending_phone: Option<String>,
    pub channel: TextChannel,
    pub kinds: Vec<TextKind>,
    pub time_zone: String,
    /// The verified number replied STOP: nothing is sent until it replies START.
    pub opted_out: bool,
    /// The number the account was made with, offered when none is set.
    pub account_phone: Option<String>,
}

/// The admin area's view of texting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextingOverview {
    /// `twilio` or `folder`; `None` when texting is off.
    pub provider: Option<&'static str>,
    /// Why texting is off (a production site without a provider).
    pub off_reason: Option<String>,
    pub month: String,
    pub sent_this_month: i64,
    pub monthly_cap: i32,
    pub recent: Vec<TextRecord>,
}

/// What a member changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextPreferences {
    pub kinds: Vec<TextKind>,
    pub channel: TextChannel,
    pub time_zone: String,
}

pub struct TextingDeps {
    pub texts: Arc<dyn TextRepository>,
    /// The `text_messages` outbox (the same table as `texts`).
    pub outbox: Arc<dyn Outbox<TextMessage>>,
    /// `None`: texting is off.
    pub messenger: Option<Arc<dyn TextMessenger>>,
    /// Why texting is off, for the admin area.
    pub off_reason: Option<String>,
    pub users: Arc<dyn crate::ports::UserRepository>,
    /// Hashes the verification codes (as passwords are).
    pub hasher: Arc<dyn PasswordHasher>,
    pub limiter: RateLimiter,
    pub temple: Arc<dyn TempleName>,
    pub zone: Arc<dyn TempleZone>,
    pub clock: Arc<dyn Clock>,
    /// Wakes the sender after a text is queued.
    pub wake: Arc<dyn OutboxWake>,
    pub recorder: Recorder,
    pub public_url: String,
}

#[derive(Clone)]
pub struct TextingService {
    deps: Arc<TextingDeps>,
}

impl TextingService {
    pub fn new(deps: TextingDeps) -> Self {
        Self { deps: Arc::new(deps) }
    }

    fn now(&self) -> DateTime<Utc> {
        self.deps.clock.now()
    }

    fn messenger(&self) -> Result<&Arc<dyn TextMessenger>, TextingError> {
        self.deps.messenger.as_ref().ok_or(TextingError::Conflict(TEXTING_OFF))
    }

    async fn month(&self) -> Result<String, RepoError> {
        Ok(texting::month_of(self.now(), self.deps.zone.time_zone().await?))
    }

    async fn cap(&self) -> Result<i32, RepoError> {
        Ok(self.deps.texts.cap().await?.unwrap_or(texting::DEFAULT_MONTHLY_CAP))
    }

    async fn settings_of(&self, user: &UserId) -> Result<TextSettings, TextingError> {
        if let Some(settings) = self.deps.texts.settings(user).await? {
            return Ok(settings);
        }
        Ok(TextSettings {
            user_id: user.clone(),
            phone: None,
            verified_at: None,
            channel: TextChannel::Sms,
            kinds: Vec::new(),
            time_zone: self.deps.zone.time_zone().await?.name().to_owned(),
            pending_phone: None,
            code_hash: None,
            code_expires_at: None,
            code_attempts: 0,
            updated_at: self.now(),
        })
    }

    async fn view_of(&self, settings: TextSettings) -> Result<TextingView, TextingError> {
        let opted_out = match &settings.phone {
            Some(phone) => self.deps.texts.opted_out(phone).await?,
            None => false,
        };
        let account_phone = match settings.phone {
            Some(_) => None,
            None => {
                self.deps.users.find_by_id(&settings.user_id).await?.and_then(|u| u.phone_number).and_then(|p| texting::us_mobile(&p).ok())
            }
        };
        Ok(TextingView {
            available: self.deps.messenger.is_some(),
            whatsapp_available: self.deps.messenger.as_ref().is_some_and(|m| m.supports(TextChannel::WhatsApp)),
            phone: settings.phone,
            pending_phone: settings.pending_phone,
            channel: settings.channel,
            kinds: settings.kinds,
            time_zone: settings.time_zone,
            opted_out,
            account_phone,
        })
    }

    /// The member's texting settings.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn view(&self, actor: &Actor) -> Result<TextingView, TextingError> {
        let settings = self.settings_of(&actor.user_id).await?;
        self.view_of(settings).await
    }

    /// Texts a six-digit code to `phone` for the member to enter ([`Self::confirm`]). Counted
    /// against the member's limit, the number's hourly limit and the month's cap.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn send_code(&self, actor: &Actor, phone: &str, channel: TextChannel) -> Result<TextingView, TextingError> {
        let messenger = Arc::clone(self.messenger()?);
        let phone = texting::us_mobile(phone).map_err(|m| invalid("phone", m))?;
        if !messenger.supports(channel) {
            return Err(invalid("channel", NO_WHATSAPP));
        }
        if self.deps.texts.opted_out(&phone).await? {
            return Err(TextingError::Conflict(NUMBER_STOPPED));
        }
        let now = self.now();
        self.deps.limiter.reserve(Action::TextCode, actor.user_id.as_str(), now).await?;
        if self.deps.texts.sent_to_since(&phone, now - Duration::hours(1)).await? >= texting::PER_NUMBER_PER_HOUR {
            return Err(TextingError::Throttled(RetryAfter(60 * 60)));
        }
        let month = self.month().await?;
        if !self.deps.texts.reserve(&month, self.cap().await?).await? {
            return Err(TextingError::Conflict(CAP_REACHED));
        }
        let code = format!("{:06}", rand::rng().random_range(0..1_000_000));
        let hash = self.deps.hasher.hash(code.clone()).await?;
        let body = texting::code_text(&self.deps.temple.temple_name().await?, &code);
        let provider_id = match messenger.send(&OutgoingText { to: phone.clone(), body: body.clone(), channel }).await {
            Ok(id) => id,
            Err(error) => {
                self.deps.texts.release(&month).await?;
                tracing::warn!(error = %error, to = %texting::masked(&phone), "a verification code could not be texted");
                return Err(TextingError::Conflict(NOT_SENT));
            }
        };
        let sent = SentText {
            id: format!("code:{}", uuid::Uuid::new_v4()),
            user_id: actor.user_id.clone(),
            kind: "code".to_owned(),
            body: body.replace(&code, "······"),
            to_phone: phone.clone(),
            provider_id,
        };
        self.deps.texts.record_sent(&sent, now).await?;
        let mut settings = self.settings_of(&actor.user_id).await?;
        settings.pending_phone = Some(phone.clone());
        settings.code_hash = Some(hash);
        settings.code_expires_at = Some(now + Duration::minutes(texting::CODE_MINUTES));
        settings.code_attempts = 0;
        settings.channel = channel;
        settings.updated_at = now;
        self.deps.texts.save_settings(&settings).await?;
        tracing::info!(to = %texting::masked(&phone), "verification code texted");
        self.view_of(settings).await
    }

    /// Checks the code; the number is then the member's, and `kinds` what they agreed to (the
    /// consent, recorded with its time).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn confirm(&self, actor: &Actor, code: &str, preferences: TextPreferences) -> Result<TextingView, TextingError> {
        let messenger = Arc::clone(self.messenger()?);
        texting::zone(&preferences.time_zone).map_err(|m| invalid("timeZone", m))?;
        if !messenger.supports(preferences.channel) {
            return Err(invalid("channel", NO_WHATSAPP));
        }
        let mut settings = self.settings_of(&actor.user_id).await?;
        let (Some(phone), Some(hash), Some(expires)) =
            (settings.pending_phone.clone(), settings.code_hash.clone(), settings.code_expires_at)
        else {
            return Err(invalid("code", NO_CODE));
        };
        let now = self.now();
        if expires <= now || settings.code_attempts >= texting::CODE_ATTEMPTS {
            return Err(invalid("code", CODE_EXPIRED));
        }
        let code = code.trim().chars().filter(|c| !c.is_whitespace()).collect::<String>();
        if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) || !self.deps.hasher.verify(code, hash).await? {
            settings.code_attempts += 1;
            self.deps.texts.save_settings(&settings).await?;
            return Err(invalid("code", CODE_WRONG));
        }
        settings.phone = Some(phone.clone());
        settings.verified_at = Some(now);
        settings.pending_phone = None;
        settings.code_hash = None;
        settings.code_expires_at = None;
        settings.code_attempts = 0;
        settings.kinds = dedup(preferences.kinds);
        settings.channel = preferences.channel;
        settings.time_zone = preferences.time_zone.trim().to_owned();
        settings.updated_at = now;
        self.deps.texts.save_settings(&settings).await?;
        tracing::info!(to = %texting::masked(&phone), kinds = ?settings.kinds, "mobile number verified; texting consent recorded");
        self.view_of(settings).await
    }

    /// Changes what the member is texted about, how, and the zone of their quiet hours.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn update(&self, actor: &Actor, preferences: TextPreferences) -> Result<TextingView, TextingError> {
        let messenger = Arc::clone(self.messenger()?);
        texting::zone(&preferences.time_zone).map_err(|m| invalid("timeZone", m))?;
        if !messenger.supports(preferences.channel) {
            return Err(invalid("channel", NO_WHATSAPP));
        }
        let mut settings = self.settings_of(&actor.user_id).await?;
        if settings.phone.is_none() && !preferences.kinds.is_empty() {
            return Err(TextingError::Conflict(VERIFY_FIRST));
        }
        settings.kinds = dedup(preferences.kinds);
        settings.channel = preferences.channel;
        settings.time_zone = preferences.time_zone.trim().to_owned();
        settings.updated_at = self.now();
        self.deps.texts.save_settings(&settings).await?;
        tracing::info!(kinds = ?settings.kinds, "texting preferences changed");
        self.view_of(settings).await
    }

    /// Forgets the member's number and every consent.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn remove(&self, actor: &Actor) -> Result<TextingView, TextingError> {
        let mut settings = self.settings_of(&actor.user_id).await?;
        settings.phone = None;
        settings.verified_at = None;
        settings.pending_phone = None;
        settings.code_hash = None;
        settings.code_expires_at = None;
        settings.kinds = Vec::new();
        settings.updated_at = self.now();
        self.deps.texts.save_settings(&settings).await?;
        tracing::info!("mobile number removed; no texts");
        self.view_of(settings).await
    }

    /// Whether `user` agreed to `kind` on a verified number that has not replied STOP; answers
    /// their settings then.
    async fn consenting(&self, user: &UserId, kind: TextKind) -> Result<Option<(TextSettings, String)>, RepoError> {
        let Some(settings) = self.deps.texts.settings(user).await? else { return Ok(None) };
        let Some(phone) = settings.phone.clone().filter(|_| settings.verified_at.is_some() && settings.kinds.contains(&kind)) else {
            return Ok(None);
        };
        if self.deps.texts.opted_out(&phone).await? {
            return Ok(None);
        }
        Ok(Some((settings, phone)))
    }

    async fn queue(&self, notice: TextNotice) -> Result<bool, BoxError> {
        if self.deps.messenger.is_none() || self.consenting(&notice.user_id, notice.kind).await?.is_none() {
            return Ok(false);
        }
        let body = texting::compose(&self.deps.temple.temple_name().await?, &notice.message);
        let text = NewText { id: format!("{}:{}", notice.kind.as_str(), notice.id), user_id: notice.user_id, kind: notice.kind, body };
        let added = self.deps.texts.queue(&text, self.now()).await?;
        if added {
            self.deps.wake.wake();
        }
        Ok(added)
    }

    /// Sends the texts that are due; answers how many went out.
    #[tracing::instrument(skip_all)]
    pub async fn deliver_due(&self) -> Result<u64, BoxError> {
        if self.deps.messenger.is_none() {
            return Ok(0);
        }
        deliver_due(
            self.deps.outbox.as_ref(),
            || self.deps.clock.now(),
            DRAIN,
            |row: TextMessage| async move {
                Ok::<_, BoxError>(match self.send(&row).await {
                    Ok(delivery) => delivery,
                    Err(error) => {
                        tracing::warn!(error = ?error, text = %row.id, attempt = row.attempts, "sending a text failed; retried later");
                        Delivery::Failed(error.to_string())
                    }
                })
            },
        )
        .await
    }

    async fn send(&self, row: &TextMessage) -> Result<Delivery, BoxError> {
        let Some(messenger) = self.deps.messenger.as_ref() else { return Ok(Delivery::NotNeeded("texting is off")) };
        let now = self.now();
        if row.created_at + Duration::hours(STALE_HOURS) < now {
            return Ok(Delivery::NotNeeded("too late to be useful"));
        }
        let Some((settings, phone)) = self.consenting(&row.user_id, row.kind).await? else {
            return Ok(Delivery::NotNeeded("no consent for this kind, or the number replied STOP"));
        };
        // A zone no longer known (stored before a tz update) falls back to the temple's.
        let zone = match texting::zone(&settings.time_zone) {
            Ok(zone) => zone,
            Err(_) => self.deps.zone.time_zone().await?,
        };
        if let Some(morning) = texting::quiet_until(now, zone) {
            self.deps.texts.hold(&row.id, morning).await?;
            tracing::info!(text = %row.id, until = %morning, "text held for the quiet hours");
            return Ok(Delivery::Held);
        }
        if self.deps.texts.sent_to_since(&phone, now - Duration::hours(1)).await? >= texting::PER_NUMBER_PER_HOUR {
            self.deps.texts.hold(&row.id, now + Duration::minutes(LIMIT_WAIT_MINUTES)).await?;
            tracing::info!(text = %row.id, "text held: the number's hourly limit");
            return Ok(Delivery::Held);
        }
        let month = self.month().await?;
        if !self.deps.texts.reserve(&month, self.cap().await?).await? {
            tracing::info!(text = %row.id, %month, "text not sent: the month's cap is reached");
            return Ok(Delivery::NotNeeded("the month's cap was reached"));
        }
        let channel = if messenger.supports(settings.channel) { settings.channel } else { TextChannel::Sms };
        match messenger.send(&OutgoingText { to: phone.clone(), body: row.body.clone(), channel }).await {
            Ok(provider_id) => {
                self.deps.texts.record_delivery(&row.id, &phone, &provider_id).await?;
                tracing::info!(text = %row.id, to = %texting::masked(&phone), "text sent");
                Ok(Delivery::Sent)
            }
            Err(TextError::Refused(why)) => {
                self.deps.texts.release(&month).await?;
                tracing::warn!(text = %row.id, why = %why, "the provider refused a text; not retried");
                Ok(Delivery::NotNeeded("the provider refused it"))
            }
            Err(error @ TextError::Unavailable(_)) => {
                self.deps.texts.release(&month).await?;
                Ok(Delivery::Failed(error.to_string()))
            }
        }
    }

    /// A reply from a phone, as the provider's webhook posts it: STOP, START and HELP are
    /// answered (the reply, as text); anything else is ignored. `url` is the address it was posted
    /// to and `signature` its signature header, checked first.
    #[tracing::instrument(skip_all)]
    pub async fn inbound(&self, url: &str, params: &[(String, String)], signature: Option<&str>) -> Result<Option<String>, TextingError> {
        let Some(messenger) = self.deps.messenger.as_ref() else { return Err(TextingError::NotFound) };
        if !messenger.verify_inbound(url, params, signature) {
            tracing::warn!("an inbound text's signature did not match");
            return Err(TextingError::Forbidden);
        }
        let field = |name: &str| params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
        let from = field("From").unwrap_or_default();
        let Ok(phone) = texting::us_mobile(from.strip_prefix("whatsapp:").unwrap_or(from)) else {
            return Ok(None);
        };
        let Some(keyword) = texting::keyword(field("Body").unwrap_or_default()) else { return Ok(None) };
        let temple = self.deps.temple.temple_name().await?;
        let now = self.now();
        Ok(Some(match keyword {
            Keyword::Stop => {
                self.deps.texts.set_opted_out(&phone, true, now).await?;
                tracing::info!(from = %texting::masked(&phone), "STOP: the number opted out");
                texting::stop_reply(&temple)
            }
            Keyword::Start => {
                self.deps.texts.set_opted_out(&phone, false, now).await?;
                tracing::info!(from = %texting::masked(&phone), "START: the number opted back in");
                texting::start_reply(&temple)
            }
            Keyword::Help => texting::help_reply(&temple, &format!("{}/profile?tab=settings", self.deps.public_url.trim_end_matches('/'))),
        }))
    }

    /// Texting as the admin area shows it: the provider, this month's count against the cap, and
    /// the latest texts.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn overview(&self, actor: &Actor) -> Result<TextingOverview, TextingError> {
        actor.require(Permission::ManageTexting)?;
        let month = self.month().await?;
        Ok(TextingOverview {
            provider: self.deps.messenger.as_ref().map(|m| m.name()),
            off_reason: self.deps.off_reason.clone(),
            sent_this_month: self.deps.texts.month_count(&month).await?,
            month,
            monthly_cap: self.cap().await?,
            recent: self.deps.texts.recent(RECENT).await?,
        })
    }

    /// Sets the monthly cap (audited). Texts already sent this month count against it.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn set_cap(&self, actor: &Actor, cap: i64) -> Result<TextingOverview, TextingError> {
        actor.require(Permission::ManageTexting)?;
        let cap = texting::monthly_cap(cap).map_err(|m| invalid("monthlyCap", m))?;
        let before = self.cap().await?;
        self.deps.texts.set_cap(cap, self.now()).await?;
        let action = AuditAction::new(mandir_domain::audit::AuditKind::Site, "texting.cap", Target::whole("texting"));
        self.deps
            .recorder
            .changed(
                actor,
                action,
                format!("Set the monthly text cap to {cap}"),
                Some(&CapAudit { monthly_cap: before }),
                Some(&CapAudit { monthly_cap: cap }),
            )
            .await;
        self.overview(actor).await
    }
}

#[derive(Serialize)]
struct CapAudit {
    monthly_cap: i32,
}

fn dedup(mut kinds: Vec<TextKind>) -> Vec<TextKind> {
    kinds.sort();
    kinds.dedup();
    kinds
}

#[async_trait]
impl TextNotices for TextingService {
    async fn notify(&self, notice: TextNotice) {
        let id = notice.id.clone();
        match self.queue(notice).await {
            Ok(true) => tracing::info!(notice = %id, "text queued"),
            Ok(false) => {}
            Err(error) => tracing::warn!(error = ?error, notice = %id, "a text could not be queued"),
        }
    }
}

/// The `send-texts` job: texts a wake-up missed, and those held for the quiet hours or a limit.
pub struct SendTextsJob(pub TextingService);

#[async_trait]
impl super::jobs::Job for SendTextsJob {
    fn name(&self) -> &'static str {
        "send-texts"
    }

    fn description(&self) -> &'static str {
        "Sends the text messages that are due: held through the quiet hours, within the month's cap (ADR 0148)"
    }

    async fn step(&self, _cursor: Option<String>) -> Result<super::jobs::Step, BoxError> {
        Ok(super::jobs::Step::done(self.0.deliver_due().await?))
    }
}

#[cfg(test)]
mod tests;
