//! Account Settings (ADR 0107): what a member manages about their own account without asking an
//! admin: the password (the current one required; every other session ends), the e-mail address
//! (the new one verified by a link, the old one told), reminders, a copy of their data, and the
//! deletion of the account (registrations and volunteering go; payments stay with the donor's
//! name and address as the receipts require).

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use mandir_domain::ValidationErrors;
use mandir_domain::event::Event;
use mandir_domain::language::Language;
use mandir_domain::payment::Payment;
use mandir_domain::registration::Attendee;
use mandir_domain::user::{Email, User, check_password};
use mandir_domain::volunteer::Volunteer;
use mandir_domain::{EventId, RetryAfter};

use super::rate_limits::{Action, LimitError, RateLimiter};
use super::{hash_secret, new_secret};
use crate::BoxError;
use crate::email::{EmailChangeEmail, EmailMessage, EmailTemplates, SiteContext};
use crate::ports::{
    AccountRepository, AccountSettings, AdminRemoval, AttendeeRepository, ChangeNotifier, Clock, EventRepository, HashError, IssuedToken,
    Mailer, PasswordHasher, PaymentFilter, PaymentRepository, RepoError, TempleName, TokenError, TokenIssuer, TokenSubject, Topic,
    UserRepository,
};

/// How long the link confirming a new e-mail address works.
pub const EMAIL_CHANGE_LINK_HOURS: i64 = 48;

pub const WRONG_PASSWORD: &str = "Your current password is not correct";
pub const SAME_EMAIL: &str = "This is already your email address";
pub const LAST_ADMIN: &str = "You are the only admin: make another member an admin before deleting your account";

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Authentication required")]
    Unauthenticated,
    #[error("An account with this email already exists")]
    EmailTaken,
    #[error("This link is invalid or has expired")]
    InvalidLink,
    #[error("{0}")]
    Conflict(&'static str),
    #[error("Too many attempts. Please try again in a few minutes.")]
    Throttled(RetryAfter),
    #[error("{}", mandir_domain::EMAIL_NOT_VERIFIED)]
    EmailNotVerified,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(AccountError, fields: Validation, throttled: Throttled, unverified: EmailNotVerified, {
    Self::Validation(_) | Self::InvalidLink => Invalid,
    Self::EmailNotVerified => Forbidden,
    Self::Unauthenticated => Unauthenticated,
    Self::EmailTaken | Self::Conflict(_) => Conflict,
    Self::Throttled(_) => Throttled,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(AccountError: RepoError, HashError, TokenError);

impl From<LimitError> for AccountError {
    fn from(error: LimitError) -> Self {
        match error {
            LimitError::Exceeded(wait) => Self::Throttled(wait),
            LimitError::Store(error) => error.into(),
        }
    }
}

fn gone(error: RepoError) -> AccountError {
    match error {
        RepoError::NotFound => AccountError::Unauthenticated,
        other => other.into(),
    }
}

/// An event's name and date, while it exists.
pub type EventLabel = (String, DateTime<Utc>);

/// Everything the temple keeps about a member, for "Download my data".
#[derive(Debug, Clone, PartialEq)]
pub struct AccountData {
    pub exported_at: DateTime<Utc>,
    pub user: User,
    pub settings: AccountSettings,
    pub registrations: Vec<(Event, Attendee)>,
    /// Each sign-up with its event's name and date while the event exists.
    pub volunteering: Vec<(Volunteer, Option<EventLabel>)>,
    pub payments: Vec<Payment>,
}

pub struct AccountDeps {
    pub users: Arc<dyn UserRepository>,
    pub accounts: Arc<dyn AccountRepository>,
    pub attendees: Arc<dyn AttendeeRepository>,
    pub events: Arc<dyn EventRepository>,
    pub payments: Arc<dyn PaymentRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenIssuer>,
    pub mailer: Arc<dyn Mailer>,
    pub temple: Arc<dyn TempleName>,
    pub clock: Arc<dyn Clock>,
    /// Password checks count as sign-in attempts of the account.
    pub limiter: RateLimiter,
    pub changes: Arc<dyn ChangeNotifier>,
    pub public_url: String,
}

#[derive(Clone)]
pub struct AccountService {
    deps: Arc<AccountDeps>,
    templates: Arc<EmailTemplates>,
}

impl AccountService {
    pub fn new(deps: AccountDeps) -> Self {
        Self { deps: Arc::new(deps), templates: Arc::new(EmailTemplates::new()) }
    }

    #[tracing::instrument(skip_all, fields(user = %user.id))]
    pub async fn settings(&self, user: &User) -> Result<AccountSettings, AccountError> {
        self.deps.accounts.settings(&user.id).await.map_err(gone)
    }

    /// Turns the day-before reminders on or off.
    #[tracing::instrument(skip_all, fields(user = %user.id))]
    pub async fn set_reminders(&self, user: &User, enabled: bool) -> Result<AccountSettings, AccountError> {
        self.deps.accounts.set_reminders(&user.id, enabled, self.deps.clock.now()).await.map_err(gone)?;
        self.settings(user).await
    }

    /// Sets the language of the member's pages, e-mails and texts (ADR 0149).
    #[tracing::instrument(skip_all, fields(user = %user.id))]
    pub async fn set_language(&self, user: &User, language: Language) -> Result<(), AccountError> {
        self.deps.users.set_language(&user.id, language, self.deps.clock.now()).await.map_err(gone)?;
        // The sessions' cached accounts carry the language: forget them before answering.
        self.deps.changes.publish(Topic::Users).await;
        Ok(())
    }

    /// Checks the member's current password, counted against the account's own limit of such
    /// checks (so a session cannot be used to guess it).
    async fn check_current_password(&self, user: &User, password: &str) -> Result<(), AccountError> {
        if password.is_empty() {
            return Err(AccountError::Validation(ValidationErrors::single("currentPassword", "Required")));
        }
        let attempt = self.deps.limiter.reserve(Action::CurrentPassword, user.id.as_str(), self.deps.clock.now()).await?;
        let credentials = self.deps.users.find_by_email(&user.email).await?.ok_or(AccountError::Unauthenticated)?;
        let password = password.chars().take(mandir_domain::user::PASSWORD_MAX + 1).collect::<String>();
        if self.deps.hasher.verify(password, credentials.password_hash).await? {
            self.deps.limiter.give_back(attempt).await;
            Ok(())
        } else {
            Err(AccountError::Validation(ValidationErrors::single("currentPassword", WRONG_PASSWORD)))
        }
    }

    /// Sets a new password. Every session of the account ends (the token version moves on); the
    /// answer is a new token for this one, so the member stays signed in here only.
    #[tracing::instrument(skip_all, fields(user = %user.id))]
    pub async fn change_password(&self, user: &User, current: &str, new_password: &str) -> Result<(IssuedToken, User), AccountError> {
        let new_password =
            check_password(new_password).map_err(|m| AccountError::Validation(ValidationErrors::single("newPassword", &m)))?;
        self.check_current_password(user, current).await?;
        let hash = self.deps.hasher.hash(new_password).await?;
        self.deps.users.set_password(&user.id, &hash, self.deps.clock.now()).await.map_err(gone)?;
        self.deps.changes.publish(Topic::Users).await;
        let user = self.deps.users.find_by_id(&user.id).await?.ok_or(AccountError::Unauthenticated)?;
        let token = self.deps.tokens.issue(&TokenSubject { user_id: user.id.clone(), version: user.token_version })?;
        tracing::info!(user = %user.id, "password changed; other sessions ended");
        Ok((token, user))
    }

    async fn send<M: EmailMessage>(&self, language: Language, to: &str, message: &M) -> Result<(), AccountError> {
        let site = SiteContext { temple_name: self.deps.temple.temple_name().await?, public_url: self.deps.public_url.clone() };
        let email = self.templates.render_in(language, to, &site, message).map_err(|e| AccountError::Unexpected(e.into()))?;
        if let Err(error) = self.deps.mailer.send(email).await {
            tracing::error!(error = ?error, %to, "sending e-mail failed");
        }
        Ok(())
    }

    /// Starts a change of address: the new address gets a link that makes it the account's, the
    /// old one a notice. Nothing changes until the link is opened. Each change sends mail to an
    /// address the member types, so it takes a verified account, the current password and a
    /// place within the member's limit ([`Action::EmailChange`]).
    #[tracing::instrument(skip_all, fields(user = %user.id))]
    pub async fn request_email_change(&self, user: &User, new_email: &str, current_password: &str) -> Result<(), AccountError> {
        if !user.email_verified {
            return Err(AccountError::EmailNotVerified);
        }
        let email = Email::parse_own(new_email).map_err(|m| AccountError::Validation(ValidationErrors::single("newEmail", &m)))?;
        if email == user.email {
            return Err(AccountError::Validation(ValidationErrors::single("newEmail", SAME_EMAIL)));
        }
        self.check_current_password(user, current_password).await?;
        self.deps.limiter.reserve(Action::EmailChange, user.id.as_str(), self.deps.clock.now()).await?;
        let (token, hash) = new_secret();
        let expires_at = self.deps.clock.now() + Duration::hours(EMAIL_CHANGE_LINK_HOURS);
        self.deps.accounts.request_email_change(&user.id, &email, &hash, expires_at).await.map_err(|error| match error {
            RepoError::Conflict(_) => AccountError::EmailTaken,
            other => gone(other),
        })?;
        let link = format!("{}/api/account/confirm-email?token={token}", self.deps.public_url.trim_end_matches('/'));
        let confirm = EmailChangeEmail {
            first_name: &user.first_name,
            new_email: email.as_str(),
            link: &link,
            hours: EMAIL_CHANGE_LINK_HOURS,
            notice: false,
        };
        self.send(user.language, email.as_str(), &confirm).await?;
        let notice = EmailChangeEmail {
            first_name: &user.first_name,
            new_email: email.as_str(),
            link: "",
            hours: EMAIL_CHANGE_LINK_HOURS,
            notice: true,
        };
        self.send(user.language, user.email.as_str(), &notice).await?;
        Ok(())
    }

    /// The link from the new address: it becomes the account's (verified).
    #[tracing::instrument(skip_all)]
    pub async fn confirm_email_change(&self, token: &str) -> Result<(), AccountError> {
        if token.is_empty() || token.len() > 200 {
            return Err(AccountError::InvalidLink);
        }
        let changed =
            self.deps.accounts.confirm_email_change(&hash_secret(token), self.deps.clock.now()).await.map_err(|error| match error {
                RepoError::Conflict(_) => AccountError::EmailTaken,
                other => other.into(),
            })?;
        let changed = changed.ok_or(AccountError::InvalidLink)?;
        self.deps.changes.publish(Topic::Users).await;
        tracing::info!(user = %changed.user_id, "e-mail address changed");
        Ok(())
    }

    /// Everything kept about the member.
    #[tracing::instrument(skip_all, fields(user = %user.id))]
    pub async fn export(&self, user: &User) -> Result<AccountData, AccountError> {
        let settings = self.settings(user).await?;
        let registrations = self.deps.attendees.list_for_user(&user.id).await?;
        let events = self.deps.events.list().await?;
        let event_of = |id: &EventId| events.iter().find(|e| &e.id == id).map(|e| (e.name.clone(), e.event_date));
        let volunteering = self.deps.accounts.volunteering(&user.id).await?.into_iter().map(|v| {
            let event = event_of(&v.event_id);
            (v, event)
        });
        let payments = self.deps.payments.list(PaymentFilter { user_id: Some(user.id.clone()), ..PaymentFilter::default() }).await?;
        Ok(AccountData {
            exported_at: self.deps.clock.now(),
            user: user.clone(),
            settings,
            registrations,
            volunteering: volunteering.collect(),
            payments,
        })
    }

    /// Deletes the member's account after checking their password. The last admin cannot: the
    /// repository checks it in the deletion's transaction, so two admins deleting their accounts
    /// at once cannot leave the site with none.
    #[tracing::instrument(skip_all, fields(user = %user.id))]
    pub async fn delete_account(&self, user: &User, current_password: &str) -> Result<(), AccountError> {
        self.check_current_password(user, current_password).await?;
        if self.deps.accounts.delete_account(&user.id).await.map_err(gone)? == AdminRemoval::LastAdmin {
            return Err(AccountError::Conflict(LAST_ADMIN));
        }
        for topic in [Topic::Users, Topic::Registrations, Topic::Volunteers] {
            self.deps.changes.publish(topic).await;
        }
        tracing::info!(user = %user.id, "account deleted by its member");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::UserCredentials;
    use crate::ports::account_repository::MockAccountRepository;
    use crate::ports::attendee_repository::MockAttendeeRepository;

    use crate::ports::event_repository::MockEventRepository;
    use crate::ports::mailer::MockMailer;
    use crate::ports::password_hasher::MockPasswordHasher;
    use crate::ports::payment_repository::MockPaymentRepository;
    use crate::ports::token_issuer::MockTokenIssuer;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::rate_limits::RateLimitPolicy;
    use crate::services::test_fixtures::{self, now, temple_name, user};
    use std::sync::Mutex;

    struct Mocks {
        users: MockUserRepository,
        accounts: MockAccountRepository,
        hasher: MockPasswordHasher,
        tokens: MockTokenIssuer,
        mailer: MockMailer,
    }

    impl Mocks {
        fn new() -> Self {
            let mut users = MockUserRepository::new();
            users.expect_find_by_email().returning(|email| {
                let id = email.as_str().split('@').next().unwrap_or_default().to_owned();
                Ok(Some(UserCredentials { user: user(&id), password_hash: "hash-of-secret1".into() }))
            });
            let mut hasher = MockPasswordHasher::new();
            hasher.expect_verify().returning(|password, hash| Ok(hash == format!("hash-of-{password}")));
            hasher.expect_hash().returning(|password| Ok(format!("hash-of-{password}")));
            Self { users, accounts: MockAccountRepository::new(), hasher, tokens: MockTokenIssuer::new(), mailer: MockMailer::new() }
        }

        fn service(self) -> AccountService {
            let clock = crate::services::test_fixtures::fixed_clock();
            AccountService::new(AccountDeps {
                users: Arc::new(self.users),
                accounts: Arc::new(self.accounts),
                attendees: Arc::new(MockAttendeeRepository::new()),
                events: Arc::new(MockEventRepository::new()),
                payments: Arc::new(MockPaymentRepository::new()),
                hasher: Arc::new(self.hasher),
                tokens: Arc::new(self.tokens),
                mailer: Arc::new(self.mailer),
                temple: temple_name("Sri Ganesha Temple"),
                clock: Arc::new(clock),
                limiter: test_fixtures::limiter(RateLimitPolicy::default()),
                changes: test_fixtures::changes(),
                public_url: "http://temple.test".into(),
            })
        }
    }

    fn field(error: AccountError, name: &str) -> String {
        match error {
            AccountError::Validation(errors) => errors.get(name).unwrap_or_else(|| panic!("no {name} error")).to_owned(),
            other => panic!("not a validation error: {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_wrong_current_password_changes_nothing() {
        let mut m = Mocks::new();
        m.users.expect_set_password().never();
        let error = m.service().change_password(&user("u1"), "wrong", "another1").await.expect_err("refused");
        assert_eq!(field(error, "currentPassword"), WRONG_PASSWORD);
    }

    #[tokio::test]
    async fn a_new_password_ends_the_sessions_and_answers_a_token_of_the_new_version() {
        let mut m = Mocks::new();
        m.users
            .expect_set_password()
            .withf(|id, hash, _| id.as_str() == "u1" && hash == "hash-of-another1")
            .times(1)
            .returning(|_, _, _| Ok(()));
        m.users.expect_find_by_id().returning(|_| Ok(Some(User { token_version: 4, ..user("u1") })));
        m.tokens
            .expect_issue()
            .withf(|subject| subject.version == 4)
            .returning(|_| Ok(IssuedToken { token: "fresh".into(), expires_at: now() }));
        let (token, changed) = m.service().change_password(&user("u1"), "secret1", "another1").await.expect("changed");
        assert_eq!(token.token, "fresh");
        assert_eq!(changed.token_version, 4);
    }

    #[tokio::test]
    async fn a_change_of_address_mails_the_new_address_a_link_and_the_old_one_a_notice() {
        let mut m = Mocks::new();
        let stored = Arc::new(Mutex::new(String::new()));
        let keep = stored.clone();
        m.accounts.expect_request_email_change().times(1).returning(move |_, email, hash, expires| {
            assert_eq!(email.as_str(), "new@example.org");
            assert_eq!(expires, now() + Duration::hours(EMAIL_CHANGE_LINK_HOURS));
            *keep.lock().expect("lock") = hash.to_owned();
            Ok(())
        });
        let sent = Arc::new(Mutex::new(Vec::new()));
        let mails = sent.clone();
        m.mailer.expect_send().times(2).returning(move |email| {
            mails.lock().expect("lock").push(email);
            Ok(())
        });
        m.service().request_email_change(&user("u1"), "New@Example.org", "secret1").await.expect("asked");
        let sent = sent.lock().expect("lock");
        assert_eq!(sent[0].to, "new@example.org");
        assert_eq!(sent[0].subject, "Confirm your new Sri Ganesha Temple e-mail address");
        let link = sent[0].text_body.lines().find(|l| l.contains("/api/account/confirm-email?token=")).expect("link");
        let token = link.rsplit("token=").next().expect("token");
        assert_eq!(hash_secret(token), *stored.lock().expect("lock"), "only the hash is stored");
        assert_eq!(sent[1].to, "u1@example.org");
        assert!(sent[1].text_body.contains("new@example.org"));
        assert!(!sent[1].text_body.contains("token="), "the old address gets no link");
    }

    #[tokio::test]
    async fn the_same_address_a_reserved_one_or_a_taken_one_is_refused() {
        let m = Mocks::new();
        let error = m.service().request_email_change(&user("u1"), "u1@example.org", "secret1").await.expect_err("same");
        assert_eq!(field(error, "newEmail"), SAME_EMAIL);
        let mut m = Mocks::new();
        m.accounts.expect_request_email_change().never();
        let error = m.service().request_email_change(&user("u1"), "Admin@Mandir.local", "secret1").await.expect_err("reserved");
        assert_eq!(field(error, "newEmail"), mandir_domain::user::RESERVED_EMAIL);
        let mut m = Mocks::new();
        m.accounts.expect_request_email_change().returning(|_, _, _, _| Err(RepoError::Conflict("users.email".into())));
        m.mailer.expect_send().never();
        let error = m.service().request_email_change(&user("u1"), "other@example.org", "secret1").await.expect_err("taken");
        assert!(matches!(error, AccountError::EmailTaken));
    }

    #[tokio::test]
    async fn the_only_admin_keeps_their_account_and_a_member_can_delete_theirs() {
        let mut m = Mocks::new();
        m.accounts.expect_delete_account().times(1).returning(|_| Ok(AdminRemoval::LastAdmin));
        let admin = User { roles: mandir_domain::staff::Roles::of(&[mandir_domain::staff::Role::Admin]), ..user("a1") };
        assert!(matches!(m.service().delete_account(&admin, "secret1").await, Err(AccountError::Conflict(LAST_ADMIN))));

        let mut m = Mocks::new();
        m.accounts.expect_delete_account().withf(|id| id.as_str() == "u1").times(1).returning(|_| Ok(AdminRemoval::Done(())));
        m.service().delete_account(&user("u1"), "secret1").await.expect("deleted");
        let mut m = Mocks::new();
        m.accounts.expect_delete_account().never();
        let error = m.service().delete_account(&user("u1"), "wrong").await.expect_err("refused");
        assert_eq!(field(error, "currentPassword"), WRONG_PASSWORD);
    }
}
