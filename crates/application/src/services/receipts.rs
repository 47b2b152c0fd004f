//! Donation receipts: the e-mail sent once when a payment becomes completed, an admin's resend,
//! and the printable receipt behind a signed link (ADR 0091, ADR 0092).
//!
//! The row saying "send a receipt for this payment" is written by the payment repository in the
//! transaction that completes the payment, so a replayed webhook or a second process cannot add
//! another. This service delivers the rows: right after the commit (woken through `OutboxWake`)
//! and from the periodic `send-receipts` job, each row claimed once across processes.

use mandir_domain::language::Language;
use std::sync::Arc;

use async_trait::async_trait;
use mandir_domain::exchange::{Acknowledged, Exchange};
use mandir_domain::payment::{Channel, DonationDetail, Payment, PaymentMethodKind, PaymentStatus};
use mandir_domain::site::SiteSettings;
use mandir_domain::staff::Permission;
use mandir_domain::{PaymentId, UserId};
use serde::Serialize;

use super::jobs::{Job, Step};
use super::outbox::{Delivery, Drain, deliver_due, deliver_one};
use super::{Actor, new_id};
use crate::BoxError;
use crate::email::{EmailMessage, EmailTemplates, SiteContext};
use crate::ports::{LinkSigner, Mailer, Outbox, PaymentRepository, ReceiptEmail, ReceiptOutbox, ReceiptReason, RepoError, SiteRepository};

/// Attempts before a receipt e-mail is given up (it stays listed, with its last error).
pub const MAX_ATTEMPTS: i32 = 8;
/// Receipt e-mails handled per delivery round.
const BATCH: u64 = 50;
const DRAIN: Drain = Drain { max_attempts: MAX_ATTEMPTS, batch: BATCH };

pub const NOT_COMPLETED: &str = "Only completed payments have a receipt";
pub const NO_DONOR_EMAIL: &str = "This payment has no donor e-mail address to send a receipt to";

#[derive(Debug, thiserror::Error)]
pub enum ReceiptError {
    #[error("Admin access required")]
    Forbidden,
    #[error("Receipt not found")]
    NotFound,
    #[error("Payment not found")]
    PaymentNotFound,
    #[error("{0}")]
    Conflict(&'static str),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(ReceiptError, {
    Self::Forbidden => Forbidden,
    Self::NotFound | Self::PaymentNotFound => NotFound,
    Self::Conflict(_) => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(ReceiptError: RepoError);

pub use mandir_domain::receipt::{ReceiptLine, ReceiptView};

/// The receipt e-mail's fields.
#[derive(Debug, Serialize)]
struct ReceiptMessage<'a> {
    receipt: &'a ReceiptView,
    link: &'a str,
    resent: bool,
    /// A recurring gift's signed page, when the payment is one of its charges.
    manage: Option<String>,
    /// The acknowledgement's translation, shown beside the English in a translated e-mail.
    acknowledgement_translation: Option<String>,
}

impl EmailMessage for ReceiptMessage<'_> {
    const TEMPLATE: &'static str = "receipt.jinja";
}

fn method_label(method: PaymentMethodKind) -> &'static str {
    match method {
        PaymentMethodKind::CreditCard => "Card",
        PaymentMethodKind::Paypal => "PayPal",
        PaymentMethodKind::Zelle => "Zelle",
        PaymentMethodKind::Cash => "Cash",
        PaymentMethodKind::Check => "Check",
        PaymentMethodKind::Split => "Split",
    }
}

fn non_empty(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

fn receipt_line(detail: &DonationDetail) -> ReceiptLine {
    let value = matches!(detail.exchange, Exchange::Goods(_)).then(|| detail.exchange.value().to_string());
    ReceiptLine { label: detail.name.clone(), amount: detail.amount.to_string(), kind: detail.exchange.kind(), value }
}

/// What a payment's lines gave in return, for its acknowledgement.
pub fn acknowledged(payment: &Payment) -> Acknowledged {
    Acknowledged::of(payment.donation_details.iter().map(|d| d.exchange))
}

/// The receipt of a completed payment under the temple's settings; `sandbox_site` when payments
/// on this site are simulated (staging, development), which marks every receipt a test.
pub fn receipt_of(payment: &Payment, settings: &SiteSettings, sandbox_site: bool) -> ReceiptView {
    let day = payment.payment_date.with_timezone(&settings.zone()).date_naive();
    let acknowledged = acknowledged(payment);
    ReceiptView {
        receipt_number: payment.receipt_number.clone().unwrap_or_default(),
        date: day.format("%B %-d, %Y").to_string(),
        paid_at: payment.payment_date,
        amount: payment.amount.to_string(),
        method: method_label(payment.method).to_owned(),
        event_name: payment.event_name.clone(),
        lines: payment.donation_details.iter().map(receipt_line).collect(),
        donor_name: payment.donor_name.clone().unwrap_or_default(),
        donor_email: payment.donor_email.clone().unwrap_or_default(),
        donor_address: payment.donor_address.clone(),
        in_honor_of: payment.in_honor_of.clone(),
        organization: non_empty(&settings.legal_name).unwrap_or_else(|| settings.temple_name.trim().to_owned()),
        ein: non_empty(&settings.ein),
        organization_address: non_empty(&settings.address),
        acknowledgement: acknowledged.sentence(payment.amount),
        deductible: acknowledged.deductible(payment.amount).to_string(),
        test: sandbox_site || payment.is_test(),
    }
}

/// The ports the receipts use.
pub struct ReceiptDeps {
    pub payments: Arc<dyn PaymentRepository>,
    /// The receipt e-mails to send.
    pub outbox: Arc<dyn Outbox<ReceiptEmail>>,
    /// Resends and a payment's e-mails (the same table as `outbox`).
    pub receipt_emails: Arc<dyn ReceiptOutbox>,
    pub site: Arc<dyn SiteRepository>,
    /// A mailer that answers once the message is handed over (not the background one), so a
    /// receipt is marked sent only when it was.
    pub mailer: Arc<dyn Mailer>,
    pub signer: Arc<dyn LinkSigner>,
    /// Which recurring gift a payment is a charge of (its receipt links to the gift's page).
    pub recurring: Arc<dyn crate::ports::RecurringGiftRepository>,
    /// Prints a receipt as a letter (a PDF).
    pub documents: Arc<dyn crate::ports::Documents>,
    pub clock: Arc<dyn crate::ports::Clock>,
    /// The site's address, for the links.
    pub public_url: String,
    /// The settings until an admin saves some (as the site service's seed).
    pub seed: SiteSettings,
    /// Payments on this site are simulated (the sandbox provider): every receipt is a test.
    pub sandbox: bool,
    /// Texts a counter receipt's link to members who agreed to it (ADR 0148).
    pub texts: Arc<dyn super::texting::TextNotices>,
    /// A member's language, for their receipts (ADR 0149).
    pub users: Arc<dyn crate::ports::UserRepository>,
}

#[derive(Clone)]
pub struct ReceiptService {
    deps: Arc<ReceiptDeps>,
    templates: Arc<EmailTemplates>,
}

impl ReceiptService {
    pub fn new(deps: ReceiptDeps) -> Self {
        Self { deps: Arc::new(deps), templates: Arc::new(EmailTemplates::new()) }
    }

    async fn settings(&self) -> Result<SiteSettings, ReceiptError> {
        Ok(self.deps.site.settings().await?.unwrap_or_else(|| self.deps.seed.clone()))
    }

    /// The signed link to a receipt's printable page.
    pub fn link(&self, receipt_number: &str) -> String {
        format!("{}/receipts/{receipt_number}?sig={}", self.deps.public_url.trim_end_matches('/'), self.deps.signer.sign(receipt_number))
    }

    /// Sends the receipt e-mails that are due; answers how many went out.
    #[tracing::instrument(skip_all)]
    pub async fn deliver_due(&self) -> Result<u64, ReceiptError> {
        deliver_due(self.deps.outbox.as_ref(), || self.deps.clock.now(), DRAIN, |row| self.send(row)).await
    }

    /// Sends one claimed receipt e-mail. A payment that is gone or has no donor e-mail is a
    /// failure kept on the row (and retried, like a refusal).
    async fn send(&self, row: ReceiptEmail) -> Result<Delivery, ReceiptError> {
        let Some(payment) = self.deps.payments.find_by_id(&row.payment_id).await? else {
            return Ok(Delivery::Failed("the payment is gone".to_owned()));
        };
        let Some(to) = payment.donor_email.clone().filter(|e| !e.trim().is_empty()) else {
            tracing::warn!(payment = %payment.id, "no donor e-mail: receipt not sent");
            return Ok(Delivery::Failed("no donor e-mail address".to_owned()));
        };
        let settings = self.settings().await?;
        let receipt = receipt_of(&payment, &settings, self.deps.sandbox);
        let link = self.link(&receipt.receipt_number);
        let site = SiteContext { temple_name: settings.temple_name.clone(), public_url: self.deps.public_url.clone() };
        let manage = self.deps.recurring.gift_of_payment(&payment.id).await?.map(|gift| {
            let path = super::recurring_gifts::manage_path(self.deps.signer.as_ref(), &gift);
            format!("{}{path}", self.deps.public_url.trim_end_matches('/'))
        });
        // A member's receipt is in their language (ADR 0149); a guest's in English.
        let language = match &payment.user_id {
            Some(user_id) => self.deps.users.find_by_id(user_id).await?.map(|u| u.language).unwrap_or_default(),
            None => Language::English,
        };
        // A counter sale to a member: its receipt's link by text too, once, if they agreed.
        if let (Some(user_id), Channel::Counter, false) = (&payment.user_id, payment.channel, row.reason == ReceiptReason::Resend) {
            let text = super::texting::TextNotice {
                id: format!("receipt:{}", payment.id),
                user_id: user_id.clone(),
                kind: mandir_domain::texting::TextKind::Receipts,
                message: crate::i18n::message(
                    language,
                    "text.receipt",
                    &[("number", &receipt.receipt_number), ("amount", &format!("${}", payment.amount)), ("link", &link)],
                ),
            };
            self.deps.texts.notify(text).await;
        }
        let acknowledgement_translation = crate::i18n::acknowledgement_translation(language, &receipt.acknowledgement);
        let message = ReceiptMessage {
            receipt: &receipt,
            link: &link,
            resent: row.reason == ReceiptReason::Resend,
            manage,
            acknowledgement_translation,
        };
        let email = self.templates.render_in(language, &to, &site, &message).map_err(|e| ReceiptError::Unexpected(e.into()))?;
        match self.deps.mailer.send(email).await {
            Ok(()) => {
                tracing::info!(payment = %payment.id, receipt = %receipt.receipt_number, reason = row.reason.as_str(), "receipt e-mailed");
                Ok(Delivery::Sent)
            }
            Err(error) => {
                tracing::warn!(error = ?error, payment = %payment.id, attempt = row.attempts, "sending a receipt failed; retried later");
                Ok(Delivery::Failed(error.to_string()))
            }
        }
    }

    /// An admin sends a completed payment's receipt again (recorded as a resend); answers the
    /// row, sent unless the mail server refused it (then retried like any other).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, payment = %payment_id))]
    pub async fn resend(&self, actor: &Actor, payment_id: &PaymentId) -> Result<ReceiptEmail, ReceiptError> {
        actor.require(Permission::ReadLedger)?;
        let payment = self.deps.payments.find_by_id(payment_id).await?.ok_or(ReceiptError::PaymentNotFound)?;
        if payment.status != PaymentStatus::Completed {
            return Err(ReceiptError::Conflict(NOT_COMPLETED));
        }
        if payment.donor_email.as_deref().is_none_or(|e| e.trim().is_empty()) {
            return Err(ReceiptError::Conflict(NO_DONOR_EMAIL));
        }
        let id = format!("resend:{}", new_id::<String>());
        let by: UserId = actor.user_id.clone();
        let row = match self.deps.receipt_emails.add_resend(&id, payment_id, &by, self.deps.clock.now()).await {
            Err(RepoError::NotFound) => return Err(ReceiptError::PaymentNotFound),
            other => other?,
        };
        deliver_one(self.deps.outbox.as_ref(), &|| self.deps.clock.now(), &row.id, &mut |row| self.send(row)).await?;
        tracing::info!(payment = %payment_id, admin = %actor.user_id, "receipt resent");
        let rows = self.deps.receipt_emails.for_payment(payment_id).await?;
        Ok(rows.into_iter().find(|r| r.id == id).unwrap_or(row))
    }

    /// A payment's receipt e-mails (admins).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, payment = %payment_id))]
    pub async fn history(&self, actor: &Actor, payment_id: &PaymentId) -> Result<Vec<ReceiptEmail>, ReceiptError> {
        actor.require(Permission::ReadLedger)?;
        self.deps.payments.find_by_id(payment_id).await?.ok_or(ReceiptError::PaymentNotFound)?;
        Ok(self.deps.receipt_emails.for_payment(payment_id).await?)
    }

    /// The receipt for its signed link, its owner or an admin; 404 for anyone else, and for a
    /// payment that is not completed.
    #[tracing::instrument(skip_all)]
    pub async fn view(&self, receipt_number: &str, signature: Option<&str>, actor: Option<&Actor>) -> Result<ReceiptView, ReceiptError> {
        let payment = self.deps.payments.find_by_receipt_number(receipt_number).await?.ok_or(ReceiptError::NotFound)?;
        let signed = signature.is_some_and(|sig| self.deps.signer.verify(receipt_number, sig));
        let owner = actor.is_some_and(|a| a.can(Permission::ReadLedger) || payment.user_id.as_ref() == Some(&a.user_id));
        if !(signed || owner) || payment.status != PaymentStatus::Completed {
            return Err(ReceiptError::NotFound);
        }
        Ok(receipt_of(&payment, &self.settings().await?, self.deps.sandbox))
    }

    /// The same receipt as a letter from the temple (a PDF), for whoever may see it.
    #[tracing::instrument(skip_all)]
    pub async fn printed(&self, receipt_number: &str, signature: Option<&str>, actor: Option<&Actor>) -> Result<Vec<u8>, ReceiptError> {
        let receipt = self.view(receipt_number, signature, actor).await?;
        let today = self.settings().await?.today(self.deps.clock.now());
        Ok(self.deps.documents.receipt(&receipt, today))
    }
}

/// The periodic job sending what the wake-up after a commit missed (a crash, a mail outage).
pub struct SendReceipts(pub ReceiptService);

#[async_trait]
impl Job for SendReceipts {
    fn name(&self) -> &'static str {
        "send-receipts"
    }

    fn description(&self) -> &'static str {
        "Sends the receipt e-mails of completed payments not sent yet"
    }

    async fn step(&self, _cursor: Option<String>) -> Result<Step, BoxError> {
        Ok(Step::done(self.0.deliver_due().await?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ports::mailer::MockMailer;
    use crate::ports::outbox::MockOutbox;
    use crate::ports::payment_repository::MockPaymentRepository;
    use crate::ports::receipt_outbox::{MockLinkSigner, MockReceiptOutbox};
    use crate::ports::site_repository::MockSiteRepository;
    use crate::services::test_fixtures::{admin, member, now, payment};
    use mandir_domain::payment::PaymentProvider;
    use std::sync::atomic::{AtomicBool, Ordering};

    pub(crate) fn completed_payment() -> Payment {
        Payment {
            receipt_number: Some("AUTO-1-7".into()),
            donor_name: Some("Ravi Kumar".into()),
            donor_email: Some("ravi@example.org".into()),
            donor_address: Some("1 Temple Rd\nFolsom, CA 95630".into()),
            in_honor_of: Some("In memory of my father".into()),
            amount: mandir_domain::Money::from_cents(30_000),
            ..payment("p1", PaymentStatus::Completed, PaymentProvider::Stripe)
        }
    }

    pub(crate) fn row(id: &str, reason: ReceiptReason) -> ReceiptEmail {
        ReceiptEmail {
            id: id.into(),
            payment_id: "p1".into(),
            reason,
            requested_by: None,
            created_at: now(),
            attempts: 1,
            sent_at: None,
            last_error: None,
        }
    }

    pub(crate) struct Mocks {
        pub(crate) payments: MockPaymentRepository,
        pub(crate) outbox: MockOutbox<ReceiptEmail>,
        pub(crate) receipt_emails: MockReceiptOutbox,
        pub(crate) site: MockSiteRepository,
        pub(crate) mailer: MockMailer,
        pub(crate) documents: crate::ports::documents::MockDocuments,
    }

    impl Mocks {
        pub(crate) fn new() -> Self {
            let mut site = MockSiteRepository::new();
            site.expect_settings().returning(|| {
                Ok(Some(SiteSettings {
                    temple_name: "Sri Ganesha Temple".into(),
                    legal_name: "Sri Ganesha Temple of Folsom, Inc.".into(),
                    ein: "12-3456789".into(),
                    ..SiteSettings::default()
                }))
            });
            Self {
                payments: MockPaymentRepository::new(),
                outbox: MockOutbox::new(),
                receipt_emails: MockReceiptOutbox::new(),
                site,
                mailer: MockMailer::new(),
                documents: crate::ports::documents::MockDocuments::new(),
            }
        }

        pub(crate) fn service(self) -> ReceiptService {
            let clock = crate::services::test_fixtures::fixed_clock();
            let mut signer = MockLinkSigner::new();
            signer.expect_sign().returning(|s| format!("sig-{s}"));
            signer.expect_verify().returning(|s, sig| sig == format!("sig-{s}"));
            ReceiptService::new(ReceiptDeps {
                payments: Arc::new(self.payments),
                outbox: Arc::new(self.outbox),
                receipt_emails: Arc::new(self.receipt_emails),
                site: Arc::new(self.site),
                mailer: Arc::new(self.mailer),
                signer: Arc::new(signer),
                recurring: Arc::new({
                    let mut gifts = crate::ports::recurring_gift_repository::MockRecurringGiftRepository::new();
                    gifts.expect_gift_of_payment().returning(|_| Ok(None));
                    gifts
                }),
                documents: Arc::new(self.documents),
                clock: Arc::new(clock),
                public_url: "http://temple.test".into(),
                seed: SiteSettings::default(),
                sandbox: false,
                users: Arc::new({
                    let mut users = crate::ports::user_repository::MockUserRepository::new();
                    users.expect_find_by_id().returning(|_| Ok(None));
                    users
                }),
                texts: {
                    let mut texts = crate::services::texting::MockTextNotices::new();
                    texts.expect_notify().returning(|_| ());
                    Arc::new(texts)
                },
            })
        }
    }

    #[tokio::test]
    async fn a_due_receipt_is_e_mailed_with_the_acknowledgement_and_marked_sent() {
        let mut m = Mocks::new();
        m.outbox.expect_due().times(1).returning(|_, _, _| Ok(vec!["completed:p1".into()]));
        m.outbox.expect_claim().times(1).returning(|id, _, _| Ok(Some(row(id, ReceiptReason::Completed))));
        m.payments.expect_find_by_id().returning(|_| Ok(Some(completed_payment())));
        m.mailer
            .expect_send()
            .withf(|e| {
                e.to == "ravi@example.org"
                    && e.subject == "Your donation receipt AUTO-1-7 from Sri Ganesha Temple of Folsom, Inc."
                    && e.text_body.contains("Amount: $300.00")
                    && e.text_body.contains("Sri Ganesha Temple of Folsom, Inc., EIN 12-3456789")
                    && e.text_body.contains(mandir_domain::exchange::NO_GOODS)
                    && e.text_body.contains("In memory of my father")
                    && e.text_body.contains("http://temple.test/receipts/AUTO-1-7?sig=sig-AUTO-1-7")
                    && e.html_body.contains(mandir_domain::exchange::NO_GOODS)
                    && !e.text_body.contains("TEST")
            })
            .times(1)
            .returning(|_| Ok(()));
        m.outbox.expect_mark_sent().withf(|id, _| id == "completed:p1").times(1).returning(|_, _| Ok(()));
        assert_eq!(m.service().deliver_due().await.expect("delivered"), 1);
    }

    #[test]
    fn a_receipt_acknowledges_what_its_lines_gave_in_return() {
        use mandir_domain::exchange::{NO_GOODS, RELIGIOUS_ONLY};
        use mandir_domain::{Money, payment::DonationDetail};
        let line = |name: &str, cents: i64, exchange| DonationDetail {
            fund_id: None,
            donation_type_id: "custom".into(),
            amount: Money::from_cents(cents),
            name: name.into(),
            exchange,
        };
        let paying = |lines: Vec<DonationDetail>| Payment {
            amount: Money::from_cents(lines.iter().map(|l| l.amount.cents()).sum()),
            donation_details: lines,
            ..completed_payment()
        };
        let settings = SiteSettings::default();

        let gift = receipt_of(&paying(vec![line("Annadanam", 5100, Exchange::Nothing)]), &settings, false);
        assert_eq!((gift.acknowledgement.as_str(), gift.deductible.as_str()), (NO_GOODS, "51.00"));
        assert_eq!((gift.lines[0].kind, gift.lines[0].value.as_deref()), ("donation", None));

        let seva = paying(vec![line("Seva: Archana", 1100, Exchange::Religious), line("Annadanam", 5100, Exchange::Nothing)]);
        let seva = receipt_of(&seva, &settings, false);
        assert_eq!((seva.acknowledgement.as_str(), seva.deductible.as_str()), (RELIGIOUS_ONLY, "62.00"));
        assert_eq!(seva.lines[0].kind, "religious");

        let dinner = paying(vec![line("Deepavali dinner", 5000, Exchange::Goods(Money::from_cents(2000)))]);
        let dinner = receipt_of(&dinner, &settings, false);
        assert!(dinner.acknowledgement.contains("estimated fair market value of $20.00"), "{}", dinner.acknowledgement);
        assert_eq!((dinner.deductible.as_str(), dinner.lines[0].kind, dinner.lines[0].value.as_deref()), ("30.00", "goods", Some("20.00")));
        let site = SiteContext { temple_name: "Temple".into(), public_url: "http://t".into() };
        let mail = EmailTemplates::new()
            .render(
                "a@b.co",
                &site,
                &ReceiptMessage { receipt: &dinner, link: "http://t/r", resent: false, manage: None, acknowledgement_translation: None },
            )
            .expect("mail");
        for text in [&mail.text_body, &mail.html_body] {
            assert!(text.contains("(fair market value $20.00)") && text.contains("Deductible amount") && text.contains("$30.00"), "{text}");
        }
        let mail = EmailTemplates::new()
            .render(
                "a@b.co",
                &site,
                &ReceiptMessage { receipt: &seva, link: "http://t/r", resent: false, manage: None, acknowledgement_translation: None },
            )
            .expect("mail");
        assert!(mail.text_body.contains(RELIGIOUS_ONLY) && !mail.text_body.contains("Deductible amount"), "{}", mail.text_body);
        // In a member's language: the English acknowledgement, and its translation beside it.
        for language in [Language::Telugu, Language::Tamil, Language::Hindi, Language::Kannada] {
            let translation = crate::i18n::acknowledgement_translation(language, RELIGIOUS_ONLY).expect("translated");
            let message = ReceiptMessage {
                receipt: &seva,
                link: "http://t/r",
                resent: false,
                manage: None,
                acknowledgement_translation: Some(translation.clone()),
            };
            let mail = EmailTemplates::new().render_in(language, "a@b.co", &site, &message).expect("mail");
            for text in [&mail.text_body, &mail.html_body] {
                assert!(text.contains(RELIGIOUS_ONLY) && text.contains(&translation), "{language}: {text}");
            }
            assert!(mail.html_body.contains(&format!("<html lang=\"{language}\"")), "{language}");
        }
    }

    #[tokio::test]
    async fn a_test_gift_or_a_sandbox_sites_receipt_is_marked_test_not_a_receipt() {
        use mandir_domain::donor::TEST_RECEIPT;
        let sandbox_gift = || Payment { provider: PaymentProvider::Sandbox, ..completed_payment() };
        let settings = SiteSettings::default();
        assert!(receipt_of(&sandbox_gift(), &settings, false).test, "a simulated gift");
        assert!(receipt_of(&completed_payment(), &settings, true).test, "any gift on a sandbox site");
        assert!(!receipt_of(&completed_payment(), &settings, false).test);

        let mut m = Mocks::new();
        m.outbox.expect_due().returning(|_, _, _| Ok(vec!["completed:p1".into()]));
        m.outbox.expect_claim().returning(|id, _, _| Ok(Some(row(id, ReceiptReason::Completed))));
        m.payments.expect_find_by_id().returning(move |_| Ok(Some(sandbox_gift())));
        m.mailer
            .expect_send()
            .withf(|e| {
                e.subject.starts_with(&format!("{TEST_RECEIPT}: Your donation receipt"))
                    && e.text_body.starts_with(&format!("{TEST_RECEIPT}. This gift was made on a test site"))
                    && e.html_body.contains(TEST_RECEIPT)
            })
            .times(1)
            .returning(|_| Ok(()));
        m.outbox.expect_mark_sent().returning(|_, _| Ok(()));
        assert_eq!(m.service().deliver_due().await.expect("delivered"), 1);
    }

    #[tokio::test]
    async fn two_concurrent_senders_send_a_receipt_once() {
        let mut m = Mocks::new();
        m.outbox.expect_due().times(2).returning(|_, _, _| Ok(vec!["completed:p1".into()]));
        // The store's conditional update lets one claimant through.
        let claimed = AtomicBool::new(false);
        m.outbox
            .expect_claim()
            .times(2)
            .returning(move |id, _, _| Ok((!claimed.swap(true, Ordering::SeqCst)).then(|| row(id, ReceiptReason::Completed))));
        m.payments.expect_find_by_id().returning(|_| Ok(Some(completed_payment())));
        m.mailer.expect_send().times(1).returning(|_| Ok(()));
        m.outbox.expect_mark_sent().times(1).returning(|_, _| Ok(()));
        let service = m.service();
        let (a, b) = futures_join(service.deliver_due(), service.deliver_due()).await;
        assert_eq!(a.expect("a") + b.expect("b"), 1);
    }

    /// Runs two futures concurrently on the test's runtime.
    async fn futures_join<A: std::future::Future, B: std::future::Future>(a: A, b: B) -> (A::Output, B::Output) {
        tokio::join!(a, b)
    }

    #[tokio::test]
    async fn a_failed_send_is_recorded_for_a_retry() {
        let mut m = Mocks::new();
        m.outbox.expect_due().returning(|_, _, _| Ok(vec!["completed:p1".into()]));
        m.outbox.expect_claim().returning(|id, _, _| Ok(Some(row(id, ReceiptReason::Completed))));
        m.payments.expect_find_by_id().returning(|_| Ok(Some(completed_payment())));
        m.mailer.expect_send().times(1).returning(|_| Err(crate::ports::MailError("smtp down".into())));
        m.outbox.expect_mark_sent().never();
        m.outbox.expect_mark_failed().times(1).returning(|_, _| Ok(()));
        assert_eq!(m.service().deliver_due().await.expect("round"), 0);
    }

    #[tokio::test]
    async fn only_admins_resend_and_only_completed_payments() {
        let mut m = Mocks::new();
        m.payments.expect_find_by_id().returning(|id| {
            Ok(Some(if id.as_str() == "p1" { completed_payment() } else { payment("p2", PaymentStatus::Pending, PaymentProvider::Zelle) }))
        });
        m.receipt_emails
            .expect_add_resend()
            .times(1)
            .returning(|id, _, by, _| Ok(ReceiptEmail { requested_by: Some(by.clone()), ..row(id, ReceiptReason::Resend) }));
        m.outbox.expect_claim().times(1).returning(|id, _, _| Ok(Some(row(id, ReceiptReason::Resend))));
        m.mailer.expect_send().withf(|e| e.subject.starts_with("Copy of your donation receipt")).times(1).returning(|_| Ok(()));
        m.outbox.expect_mark_sent().times(1).returning(|_, _| Ok(()));
        m.receipt_emails.expect_for_payment().returning(|_| Ok(vec![]));
        let service = m.service();
        assert!(matches!(service.resend(&member(), &"p1".into()).await, Err(ReceiptError::Forbidden)));
        assert!(matches!(service.resend(&admin(), &"p2".into()).await, Err(ReceiptError::Conflict(NOT_COMPLETED))));
        let resent = service.resend(&admin(), &"p1".into()).await.expect("resent");
        assert_eq!(resent.reason, ReceiptReason::Resend);
    }

    #[tokio::test]
    async fn a_receipt_opens_with_its_signature_or_for_its_owner_only() {
        let mut m = Mocks::new();
        m.payments
            .expect_find_by_receipt_number()
            .returning(|n| Ok((n == "AUTO-1-7").then(|| Payment { user_id: Some("m".into()), ..completed_payment() })));
        let service = m.service();
        let receipt = service.view("AUTO-1-7", Some("sig-AUTO-1-7"), None).await.expect("signed");
        assert_eq!(receipt.organization, "Sri Ganesha Temple of Folsom, Inc.");
        assert_eq!(receipt.amount, "300.00");
        assert_eq!(receipt.method, "Card");
        assert!(service.view("AUTO-1-7", None, Some(&member())).await.is_ok(), "the owner (m)");
        assert!(service.view("AUTO-1-7", None, Some(&admin())).await.is_ok(), "an admin");
        for (sig, actor) in [(Some("sig-AUTO-1-8"), None), (None, None)] {
            assert!(matches!(service.view("AUTO-1-7", sig, actor).await, Err(ReceiptError::NotFound)));
        }
        assert!(matches!(service.view("AUTO-9-9", Some("sig-AUTO-9-9"), None).await, Err(ReceiptError::NotFound)));
    }

    #[tokio::test]
    async fn a_printed_receipt_is_the_same_receipt_for_the_same_people_dated_today() {
        let mut m = Mocks::new();
        m.payments
            .expect_find_by_receipt_number()
            .returning(|n| Ok((n == "AUTO-1-7").then(|| Payment { user_id: Some("m".into()), ..completed_payment() })));
        m.documents
            .expect_receipt()
            .withf(|r, day| r.receipt_number == "AUTO-1-7" && r.amount == "300.00" && day.to_string() == "2026-11-01")
            .times(2)
            .returning(|_, _| b"%PDF-1.7".to_vec());
        let service = m.service();
        assert_eq!(service.printed("AUTO-1-7", Some("sig-AUTO-1-7"), None).await.expect("signed"), b"%PDF-1.7");
        assert_eq!(service.printed("AUTO-1-7", None, Some(&member())).await.expect("the owner"), b"%PDF-1.7");
        assert!(matches!(service.printed("AUTO-1-7", None, None).await, Err(ReceiptError::NotFound)));
    }
}
