//! The texting service over an in-memory store that keeps its rows as the tables do, a fixed clock
//! and a mocked provider.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use chrono::TimeZone;
use mandir_domain::staff::Role;

use super::*;
use crate::ports::clock::MockClock;
use crate::ports::password_hasher::MockPasswordHasher;
use crate::ports::receipt_outbox::MockOutboxWake;
use crate::ports::temple_zone::FixedTempleZone;
use crate::ports::texting::MockTextMessenger;
use crate::ports::user_repository::MockUserRepository;
use crate::services::rate_limits::RateLimitPolicy;
use crate::services::test_fixtures::{clock_at, limiter, member, recorder, staff, temple_name, user};

#[derive(Default)]
struct Row {
    text: NewText,
    created_at: DateTime<Utc>,
    claimed_until: Option<DateTime<Utc>>,
    attempts: i32,
    sent_at: Option<DateTime<Utc>>,
    error: Option<String>,
    to: Option<String>,
}

impl Default for NewText {
    fn default() -> Self {
        Self { id: String::new(), user_id: "".into(), kind: TextKind::Confirmations, body: String::new() }
    }
}

/// Keeps settings, opt-outs, texts and the month's count as the tables would.
#[derive(Default)]
struct Store {
    settings: Mutex<BTreeMap<String, TextSettings>>,
    stopped: Mutex<BTreeSet<String>>,
    rows: Mutex<BTreeMap<String, Row>>,
    sent_direct: Mutex<Vec<(SentText, DateTime<Utc>)>>,
    months: Mutex<BTreeMap<String, i64>>,
    cap: Mutex<Option<i32>>,
}

#[async_trait]
impl TextRepository for Store {
    async fn settings(&self, user: &UserId) -> Result<Option<TextSettings>, RepoError> {
        Ok(self.settings.lock().expect("lock").get(user.as_str()).cloned())
    }
    async fn save_settings(&self, settings: &TextSettings) -> Result<(), RepoError> {
        self.settings.lock().expect("lock").insert(settings.user_id.to_string(), settings.clone());
        Ok(())
    }
    async fn opted_out(&self, phone: &str) -> Result<bool, RepoError> {
        Ok(self.stopped.lock().expect("lock").contains(phone))
    }
    async fn set_opted_out(&self, phone: &str, opted_out: bool, _now: DateTime<Utc>) -> Result<(), RepoError> {
        let mut stopped = self.stopped.lock().expect("lock");
        if opted_out {
            stopped.insert(phone.to_owned());
        } else {
            stopped.remove(phone);
        }
        Ok(())
    }
    async fn queue(&self, text: &NewText, now: DateTime<Utc>) -> Result<bool, RepoError> {
        let mut rows = self.rows.lock().expect("lock");
        if rows.contains_key(&text.id) {
            return Ok(false);
        }
        rows.insert(text.id.clone(), Row { text: text.clone(), created_at: now, ..Row::default() });
        Ok(true)
    }
    async fn hold(&self, id: &str, until: DateTime<Utc>) -> Result<(), RepoError> {
        let mut rows = self.rows.lock().expect("lock");
        let row = rows.get_mut(id).expect("row");
        row.claimed_until = Some(until);
        row.attempts -= 1;
        Ok(())
    }
    async fn record_delivery(&self, id: &str, to_phone: &str, _provider_id: &str) -> Result<(), RepoError> {
        self.rows.lock().expect("lock").get_mut(id).expect("row").to = Some(to_phone.to_owned());
        Ok(())
    }
    async fn record_sent(&self, sent: &SentText, now: DateTime<Utc>) -> Result<(), RepoError> {
        self.sent_direct.lock().expect("lock").push((sent.clone(), now));
        Ok(())
    }
    async fn sent_to_since(&self, phone: &str, since: DateTime<Utc>) -> Result<u64, RepoError> {
        let rows = self.rows.lock().expect("lock");
        let queued = rows.values().filter(|r| r.to.as_deref() == Some(phone) && r.sent_at.is_some_and(|at| at >= since)).count();
        let direct = self.sent_direct.lock().expect("lock").iter().filter(|(s, at)| s.to_phone == phone && *at >= since).count();
        Ok((queued + direct) as u64)
    }
    async fn reserve(&self, month: &str, cap: i32) -> Result<bool, RepoError> {
        let mut months = self.months.lock().expect("lock");
        let count = months.entry(month.to_owned()).or_insert(0);
        if *count >= i64::from(cap) {
            return Ok(false);
        }
        *count += 1;
        Ok(true)
    }
    async fn release(&self, month: &str) -> Result<(), RepoError> {
        *self.months.lock().expect("lock").entry(month.to_owned()).or_insert(1) -= 1;
        Ok(())
    }
    async fn month_count(&self, month: &str) -> Result<i64, RepoError> {
        Ok(self.months.lock().expect("lock").get(month).copied().unwrap_or(0))
    }
    async fn cap(&self) -> Result<Option<i32>, RepoError> {
        Ok(*self.cap.lock().expect("lock"))
    }
    async fn set_cap(&self, cap: i32, _now: DateTime<Utc>) -> Result<(), RepoError> {
        *self.cap.lock().expect("lock") = Some(cap);
        Ok(())
    }
    async fn recent(&self, _limit: u64) -> Result<Vec<TextRecord>, RepoError> {
        Ok(Vec::new())
    }
}

#[async_trait]
impl Outbox<TextMessage> for Store {
    async fn due(&self, now: DateTime<Utc>, max_attempts: i32, limit: u64) -> Result<Vec<String>, RepoError> {
        let rows = self.rows.lock().expect("lock");
        Ok(rows
            .iter()
            .filter(|(_, r)| r.sent_at.is_none() && r.attempts < max_attempts && r.claimed_until.is_none_or(|c| c < now))
            .map(|(id, _)| id.clone())
            .take(usize::try_from(limit).unwrap_or(usize::MAX))
            .collect())
    }
    async fn claim(&self, id: &str, now: DateTime<Utc>, until: DateTime<Utc>) -> Result<Option<TextMessage>, RepoError> {
        let mut rows = self.rows.lock().expect("lock");
        let Some(row) = rows.get_mut(id).filter(|r| r.sent_at.is_none() && r.claimed_until.is_none_or(|c| c < now)) else {
            return Ok(None);
        };
        row.claimed_until = Some(until);
        row.attempts += 1;
        Ok(Some(TextMessage {
            id: id.to_owned(),
            user_id: row.text.user_id.clone(),
            kind: row.text.kind,
            body: row.text.body.clone(),
            created_at: row.created_at,
            attempts: row.attempts,
            sent_at: None,
        }))
    }
    async fn mark_sent(&self, id: &str, now: DateTime<Utc>) -> Result<(), RepoError> {
        self.rows.lock().expect("lock").get_mut(id).expect("row").sent_at = Some(now);
        Ok(())
    }
    async fn mark_failed(&self, id: &str, error: &str) -> Result<(), RepoError> {
        self.rows.lock().expect("lock").get_mut(id).expect("row").error = Some(error.to_owned());
        Ok(())
    }
}

const PHONE: &str = "+19165550123";

/// 10 AM in Folsom (PST) on Dec 5, 2026.
fn morning() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 5, 18, 0, 0).single().expect("a time")
}

/// 10 PM in Folsom.
fn night() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 6, 6, 0, 0).single().expect("a time")
}

struct Setup {
    store: Arc<Store>,
    sent: Arc<Mutex<Vec<OutgoingText>>>,
    messenger: Option<MockTextMessenger>,
    clock: MockClock,
}

impl Setup {
    fn at(at: DateTime<Utc>) -> Self {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let mut messenger = MockTextMessenger::new();
        messenger.expect_name().return_const("folder");
        messenger.expect_supports().returning(|channel| channel == TextChannel::Sms);
        let kept = sent.clone();
        messenger.expect_send().returning(move |text| {
            kept.lock().expect("lock").push(text.clone());
            Ok("SM1".to_owned())
        });
        messenger.expect_verify_inbound().returning(|_, _, signature| signature == Some("good"));
        Self { store: Arc::default(), sent, messenger: Some(messenger), clock: clock_at(at) }
    }

    fn service(self) -> (TextingService, Arc<Store>, Arc<Mutex<Vec<OutgoingText>>>) {
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|code| Ok(format!("hash:{code}")));
        hasher.expect_verify().returning(|code, hash| Ok(hash == format!("hash:{code}")));
        let mut users = MockUserRepository::new();
        users.expect_find_by_id().returning(|id| Ok(Some(user(id.as_str()))));
        let mut wake = MockOutboxWake::new();
        wake.expect_wake().return_const(());
        let (recorder, _) = recorder();
        let service = TextingService::new(TextingDeps {
            texts: self.store.clone(),
            outbox: self.store.clone(),
            messenger: self.messenger.map(|m| Arc::new(m) as Arc<dyn TextMessenger>),
            off_reason: None,
            users: Arc::new(users),
            hasher: Arc::new(hasher),
            limiter: limiter(RateLimitPolicy::default()),
            temple: temple_name("Sri Temple"),
            zone: Arc::new(FixedTempleZone::default()),
            clock: Arc::new(self.clock),
            wake: Arc::new(wake),
            recorder,
            public_url: "https://temple.test".to_owned(),
        });
        (service, self.store, self.sent)
    }
}

fn preferences(kinds: &[TextKind]) -> TextPreferences {
    TextPreferences { kinds: kinds.to_vec(), channel: TextChannel::Sms, time_zone: "America/Los_Angeles".to_owned() }
}

/// The code in the last text sent.
fn code_in(sent: &Mutex<Vec<OutgoingText>>) -> String {
    let body = sent.lock().expect("lock").last().expect("a text").body.clone();
    body.split_whitespace().find(|w| w.len() == 7 && w.ends_with('.')).expect("a code").trim_end_matches('.').to_owned()
}

/// A member who verified `PHONE` and agreed to `kinds`.
async fn verified(service: &TextingService, sent: &Mutex<Vec<OutgoingText>>, kinds: &[TextKind]) {
    service.send_code(&member(), "(916) 555-0123", TextChannel::Sms).await.expect("code sent");
    let code = code_in(sent);
    let view = service.confirm(&member(), &code, preferences(kinds)).await.expect("verified");
    assert_eq!(view.phone.as_deref(), Some(PHONE));
}

fn notice(id: &str, kind: TextKind) -> TextNotice {
    TextNotice { id: id.to_owned(), user_id: member().user_id, kind, message: "Your Archana on Sat, Dec 12 is booked.".to_owned() }
}

#[tokio::test]
async fn a_number_is_verified_by_the_code_texted_to_it_and_a_wrong_code_counts() {
    let (service, store, sent) = Setup::at(morning()).service();
    let view = service.send_code(&member(), "916 555 0123", TextChannel::Sms).await.expect("sent");
    assert_eq!(view.pending_phone.as_deref(), Some(PHONE));
    assert_eq!(view.phone, None, "not the member's until verified");
    let text = sent.lock().expect("lock")[0].clone();
    assert_eq!(text.to, PHONE);
    assert!(text.body.starts_with("Sri Temple: your code is ") && text.body.ends_with("Reply STOP to opt out."), "{}", text.body);
    let code = code_in(&sent);
    let (kept, _) = store.sent_direct.lock().expect("lock")[0].clone();
    assert!(!kept.body.contains(&code), "the code itself is not kept: {}", kept.body);
    assert_eq!(store.month_count("2026-12").await.expect("count"), 1, "the code counts against the month");

    let wrong = if code == "000000" { "111111" } else { "000000" };
    let error = service.confirm(&member(), wrong, preferences(&[TextKind::Confirmations])).await.expect_err("wrong");
    assert!(matches!(&error, TextingError::Validation(e) if e.to_string().contains(CODE_WRONG)), "{error:?}");
    let view = service.confirm(&member(), &code, preferences(&[TextKind::Confirmations, TextKind::Confirmations])).await.expect("right");
    assert_eq!(view.phone.as_deref(), Some(PHONE));
    assert_eq!(view.kinds, [TextKind::Confirmations]);
    let settings = store.settings(&member().user_id).await.expect("read").expect("kept");
    assert_eq!(settings.verified_at, Some(morning()), "the consent's time is kept");
    assert_eq!(settings.code_hash, None);
}

#[tokio::test]
async fn a_code_tried_too_often_must_be_asked_for_again() {
    let (service, _, sent) = Setup::at(morning()).service();
    service.send_code(&member(), "9165550123", TextChannel::Sms).await.expect("sent");
    let code = code_in(&sent);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..texting::CODE_ATTEMPTS {
        service.confirm(&member(), wrong, preferences(&[])).await.expect_err("wrong");
    }
    let error = service.confirm(&member(), &code, preferences(&[])).await.expect_err("too many");
    assert!(matches!(&error, TextingError::Validation(e) if e.to_string().contains(CODE_EXPIRED)), "{error:?}");
}

#[tokio::test]
async fn bad_numbers_whatsapp_without_a_sender_and_an_off_site_are_refused_clearly() {
    let (service, _, _) = Setup::at(morning()).service();
    let error = service.send_code(&member(), "555-0123", TextChannel::Sms).await.expect_err("short");
    assert!(matches!(&error, TextingError::Validation(e) if e.to_string().contains(texting::PHONE_INVALID)));
    let error = service.send_code(&member(), "9165550123", TextChannel::WhatsApp).await.expect_err("no whatsapp");
    assert!(matches!(&error, TextingError::Validation(e) if e.to_string().contains(NO_WHATSAPP)));
    let error = service.update(&member(), preferences(&[TextKind::Reminders])).await.expect_err("unverified");
    assert!(matches!(error, TextingError::Conflict(VERIFY_FIRST)));

    let mut off = Setup::at(morning());
    off.messenger = None;
    let (service, _, _) = off.service();
    assert!(!service.view(&member()).await.expect("view").available);
    assert!(matches!(service.send_code(&member(), "9165550123", TextChannel::Sms).await, Err(TextingError::Conflict(TEXTING_OFF))));
}

#[tokio::test]
async fn a_text_is_queued_once_for_a_kind_agreed_to_and_sent_with_the_temple_and_the_stop_line() {
    let (service, store, sent) = Setup::at(morning()).service();
    verified(&service, &sent, &[TextKind::Confirmations]).await;
    service.notify(notice("seva:b1", TextKind::Confirmations)).await;
    service.notify(notice("seva:b1", TextKind::Confirmations)).await;
    service.notify(notice("reminder:e1", TextKind::Reminders)).await;
    assert_eq!(store.rows.lock().expect("lock").len(), 1, "once per notice, and none for a kind not agreed to");
    assert_eq!(service.deliver_due().await.expect("sent"), 1);
    assert_eq!(service.deliver_due().await.expect("again"), 0, "claimed once");
    let text = sent.lock().expect("lock").last().cloned().expect("text");
    assert_eq!(text.body, "Sri Temple: Your Archana on Sat, Dec 12 is booked. Reply STOP to opt out.");
    assert_eq!(text.to, PHONE);
}

#[tokio::test]
async fn texts_wait_through_the_night_in_the_members_zone() {
    let (service, store, sent) = Setup::at(night()).service();
    // The code is sent at once, when the member asks for it.
    verified(&service, &sent, &[TextKind::Reminders]).await;
    service.notify(notice("reminder:e1", TextKind::Reminders)).await;
    assert_eq!(service.deliver_due().await.expect("run"), 0);
    assert_eq!(sent.lock().expect("lock").len(), 1, "only the code");
    let row = store.rows.lock().expect("lock").get("reminders:reminder:e1").map(|r| (r.claimed_until, r.attempts, r.sent_at));
    let eight = Utc.with_ymd_and_hms(2026, 12, 6, 16, 0, 0).single().expect("8 AM PST");
    assert_eq!(row, Some((Some(eight), 0, None)), "held until 8 AM, the attempt not counted");

    // In New York it is already... 1 AM; in Honolulu 8 PM: a member there gets it now.
    service
        .update(&member(), TextPreferences { time_zone: "Pacific/Honolulu".into(), ..preferences(&[TextKind::Reminders]) })
        .await
        .expect("zone");
    store.rows.lock().expect("lock").get_mut("reminders:reminder:e1").expect("row").claimed_until = None;
    assert_eq!(service.deliver_due().await.expect("run"), 1);
}

#[tokio::test]
async fn a_number_gets_at_most_five_texts_an_hour_and_the_rest_wait() {
    let (service, store, sent) = Setup::at(morning()).service();
    verified(&service, &sent, &[TextKind::Confirmations]).await;
    for id in ["a", "b", "c", "d", "e", "f"] {
        service.notify(notice(id, TextKind::Confirmations)).await;
    }
    assert_eq!(service.deliver_due().await.expect("run"), 4, "the code and four texts make five in the hour");
    let held: Vec<_> =
        store.rows.lock().expect("lock").values().filter(|r| r.sent_at.is_none()).map(|r| (r.claimed_until, r.attempts)).collect();
    let later = Some(morning() + Duration::minutes(LIMIT_WAIT_MINUTES));
    assert_eq!(held, [(later, 0), (later, 0)], "held 15 minutes without counting an attempt");
    assert_eq!(store.month_count("2026-12").await.expect("count"), 5, "held texts take nothing from the cap");
}

#[tokio::test]
async fn when_the_months_cap_is_reached_texts_stop() {
    let (service, store, sent) = Setup::at(morning()).service();
    verified(&service, &sent, &[TextKind::Confirmations]).await;
    store.set_cap(2, morning()).await.expect("cap");
    service.notify(notice("a", TextKind::Confirmations)).await;
    service.notify(notice("b", TextKind::Confirmations)).await;
    assert_eq!(service.deliver_due().await.expect("run"), 1, "the code and one text make two");
    assert_eq!(sent.lock().expect("lock").len(), 2);
    let errors: Vec<_> = store.rows.lock().expect("lock").values().filter_map(|r| r.error.clone()).collect();
    assert_eq!(errors, ["the month's cap was reached"]);
    let error = service.send_code(&member(), "9165550199", TextChannel::Sms).await.expect_err("capped");
    assert!(matches!(error, TextingError::Conflict(CAP_REACHED)));
}

#[tokio::test]
async fn stop_is_honoured_until_start_and_help_answers_who_and_how() {
    let (service, store, sent) = Setup::at(morning()).service();
    verified(&service, &sent, &[TextKind::Confirmations]).await;
    service.notify(notice("a", TextKind::Confirmations)).await;
    let params = |body: &str| vec![("From".to_owned(), PHONE.to_owned()), ("Body".to_owned(), body.to_owned())];
    assert!(matches!(service.inbound("https://t/hook", &params("STOP"), Some("bad")).await, Err(TextingError::Forbidden)));
    let reply = service.inbound("https://t/hook", &params("stop"), Some("good")).await.expect("stop").expect("reply");
    assert!(reply.contains("unsubscribed") && reply.starts_with("Sri Temple"), "{reply}");
    assert!(service.view(&member()).await.expect("view").opted_out);
    assert_eq!(service.deliver_due().await.expect("run"), 0, "not sent after STOP");
    service.notify(notice("b", TextKind::Confirmations)).await;
    assert!(!store.rows.lock().expect("lock").contains_key("confirmations:b"), "not even queued");

    service.inbound("https://t/hook", &params("START"), Some("good")).await.expect("start");
    service.notify(notice("c", TextKind::Confirmations)).await;
    assert_eq!(service.deliver_due().await.expect("run"), 1);
    let help = service.inbound("https://t/hook", &params("HELP"), Some("good")).await.expect("help").expect("reply");
    assert!(help.contains("Msg & data rates may apply") && help.contains("STOP") && help.contains("https://temple.test"), "{help}");
    assert_eq!(service.inbound("https://t/hook", &params("thank you"), Some("good")).await.expect("other"), None);
}

#[tokio::test]
async fn only_admins_see_texting_and_set_the_cap_which_is_audited() {
    let (service, _, _) = Setup::at(morning()).service();
    assert!(matches!(service.overview(&member()).await, Err(TextingError::Forbidden)));
    assert!(matches!(service.set_cap(&staff(&[Role::Treasurer]), 10).await, Err(TextingError::Forbidden)));
    let error = service.set_cap(&staff(&[Role::Admin]), -1).await.expect_err("negative");
    assert!(matches!(&error, TextingError::Validation(e) if e.to_string().contains(texting::CAP_INVALID)));
    let overview = service.set_cap(&staff(&[Role::Admin]), 120).await.expect("set");
    assert_eq!((overview.monthly_cap, overview.provider, overview.month.as_str()), (120, Some("folder"), "2026-12"));
}
