//! Accounts: sign-up with e-mail verification, sign-in, session tokens, password reset.

use std::sync::{Arc, OnceLock};

use chrono::Duration;
use mandir_domain::user::{Email, SignUpInput, User, check_password};
use mandir_domain::{RetryAfter, ValidationErrors};

use super::rate_limits::{Action, ClientAddress, LimitError, RateLimiter};
use super::sessions::SessionCache;
use super::{hash_secret, new_id, new_secret};
use crate::BoxError;
use crate::email::{AccountExistsEmail, EmailMessage, EmailTemplates, PasswordResetEmail, SiteContext, VerificationEmail};
use crate::ports::{
    ChangeNotifier, Clock, GotramRepository, HashError, IssuedToken, Mailer, NewUserRecord, PasswordHasher, RepoError, TempleName,
    TokenError, TokenIssuer, TokenSubject, Topic, UserRepository, VerifiedToken,
};

pub const RESET_TOKEN_LIFETIME_MINUTES: i64 = 60;
/// How long an e-mail verification link works.
pub const VERIFICATION_LINK_LIFETIME_HOURS: i64 = 48;

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Invalid email or password")]
    InvalidCredentials,
    #[error("Too many failed sign-in attempts. Please try again in a few minutes.")]
    Throttled(RetryAfter),
    #[error("Too many requests. Please try again later.")]
    TooManyRequests(RetryAfter),
    #[error("Authentication required")]
    Unauthenticated,
    #[error("This reset link is invalid or has expired")]
    InvalidResetToken,
    #[error("This verification link is invalid or has already been used")]
    InvalidVerificationToken,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(AuthError, fields: Validation, throttled: Throttled | TooManyRequests, {
    Self::Validation(_) | Self::InvalidResetToken | Self::InvalidVerificationToken => Invalid,
    Self::InvalidCredentials | Self::Unauthenticated => Unauthenticated,
    Self::Throttled(_) | Self::TooManyRequests(_) => Throttled,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(AuthError: RepoError, HashError, TokenError);

impl From<LimitError> for AuthError {
    fn from(error: LimitError) -> Self {
        match error {
            LimitError::Exceeded(wait) => Self::TooManyRequests(wait),
            LimitError::Store(error) => error.into(),
        }
    }
}

/// Over a sign-in limit: the sign-in message.
/// The account a sign-up answers with, as it would be stored: also the answer for an address
/// that has an account already, which stays as it is.
fn unsaved(record: &NewUserRecord) -> User {
    User {
        id: record.id.clone(),
        username: record.username.clone(),
        first_name: record.first_name.clone(),
        last_name: record.last_name.clone(),
        email: record.email.clone(),
        phone_number: record.phone_number.clone(),
        gotram_id: record.gotram_id,
        custom_gotram: record.custom_gotram.clone(),
        mailing_address: None,
        email_verified: record.email_verified,
        roles: record.roles,
        token_version: 0,
        language: record.language,
        created_at: record.now,
        updated_at: record.now,
    }
}

fn sign_in_limit(error: LimitError) -> AuthError {
    match error {
        LimitError::Exceeded(wait) => AuthError::Throttled(wait),
        other => other.into(),
    }
}

/// A signed-in member and the token they called with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authenticated {
    pub user: User,
    pub token: VerifiedToken,
}

/// What asking for a new verification link came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResendOutcome {
    Sent,
    AlreadyVerified,
}

/// Where links in e-mails point, and how the temple signs them.
#[derive(Debug, Clone)]
pub struct AuthSettings {
    pub public_url: String,
}

/// Which verification e-mail to send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum VerificationMail {
    /// After sign-up.
    Welcome,
    /// Asked for again; the older link stops working.
    Renewal,
}

#[derive(Clone)]
pub struct AuthService {
    users: Arc<dyn UserRepository>,
    gotrams: Arc<dyn GotramRepository>,
    hasher: Arc<dyn PasswordHasher>,
    tokens: Arc<dyn TokenIssuer>,
    mailer: Arc<dyn Mailer>,
    temple: Arc<dyn TempleName>,
    templates: Arc<EmailTemplates>,
    clock: Arc<dyn Clock>,
    limiter: RateLimiter,
    changes: Arc<dyn ChangeNotifier>,
    sessions: Arc<SessionCache>,
    settings: AuthSettings,
    /// A hash to verify against when the e-mail is unknown, so timing does not reveal it.
    dummy_hash: Arc<OnceLock<String>>,
}

pub struct AuthDeps {
    pub users: Arc<dyn UserRepository>,
    pub gotrams: Arc<dyn GotramRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenIssuer>,
    pub mailer: Arc<dyn Mailer>,
    /// The temple's name in the e-mails (the site settings').
    pub temple: Arc<dyn TempleName>,
    pub clock: Arc<dyn Clock>,
    pub limiter: RateLimiter,
    /// Told about every change to a member's access data and every sign-out.
    pub changes: Arc<dyn ChangeNotifier>,
}

impl AuthService {
    pub fn new(deps: AuthDeps, settings: AuthSettings) -> Self {
        Self {
            users: deps.users,
            gotrams: deps.gotrams,
            hasher: deps.hasher,
            tokens: deps.tokens,
            mailer: deps.mailer,
            temple: deps.temple,
            templates: Arc::new(EmailTemplates::new()),
            clock: deps.clock,
            limiter: deps.limiter,
            changes: deps.changes,
            sessions: Arc::default(),
            settings,
            dummy_hash: Arc::new(OnceLock::new()),
        }
    }

    /// The sessions this process keeps (ADR 0070), to subscribe to the change notifier: the
    /// cache is cleared only through it.
    pub fn session_cache(&self) -> Arc<SessionCache> {
        self.sessions.clone()
    }

    fn link(&self, path_and_query: &str) -> String {
        format!("{}{}", self.settings.public_url.trim_end_matches('/'), path_and_query)
    }

    /// E-mails `message` to `to` in `language` (the account's, ADR 0149).
    async fn send<M: EmailMessage>(&self, language: mandir_domain::language::Language, to: &str, message: &M) {
        let temple_name = match self.temple.temple_name().await {
            Ok(name) => name,
            Err(error) => {
                tracing::error!(error = ?error, %to, "reading the temple's name for an e-mail failed");
                return;
            }
        };
        let site = SiteContext { temple_name, public_url: self.settings.public_url.clone() };
        let email = match self.templates.render_in(language, to, &site, message) {
            Ok(email) => email,
            Err(error) => {
                tracing::error!(error = ?error, %to, "rendering e-mail failed");
                return;
            }
        };
        if let Err(error) = self.mailer.send(email).await {
            tracing::error!(error = ?error, %to, "sending e-mail failed");
        }
    }

    /// E-mails `user` the verification link carrying `token`: the welcome after sign-up, or a
    /// renewed link.
    async fn send_verification_link(&self, user: &User, token: &str, mail: VerificationMail) {
        let link = self.link(&format!("/api/auth/verify-email?token={token}"));
        let message = VerificationEmail {
            first_name: &user.first_name,
            link: &link,
            hours: VERIFICATION_LINK_LIFETIME_HOURS,
            renewal: mail == VerificationMail::Renewal,
        };
        self.send(user.language, user.email.as_str(), &message).await;
    }

    /// Creates an account and e-mails a verification link. The member signs in afterwards.
    /// Limited per client address. For an address that has an account already, nothing is
    /// created: the answer is the same as for a new account (so sign-up does not tell who is a
    /// member), and the owner is e-mailed instead.
    #[tracing::instrument(skip_all)]
    pub async fn sign_up(&self, input: SignUpInput, from: &ClientAddress) -> Result<User, AuthError> {
        let valid = input.validate().map_err(AuthError::Validation)?;
        self.limiter.reserve(Action::SignUp, from.as_str(), self.clock.now()).await?;
        if let Some(gotram_id) = valid.gotram_id
            && self.gotrams.get(gotram_id).await?.is_none()
        {
            return Err(AuthError::Validation(ValidationErrors::single("gotramId", "Please choose a gotram from the list")));
        }
        let password_hash = self.hasher.hash(valid.password.clone()).await?;
        let (verification_token, verification_hash) = new_secret();
        let record = NewUserRecord {
            id: new_id(),
            username: valid.username,
            first_name: valid.first_name,
            last_name: valid.last_name,
            email: valid.email,
            phone_number: Some(valid.phone_number),
            gotram_id: valid.gotram_id,
            custom_gotram: valid.custom_gotram,
            password_hash,
            roles: mandir_domain::staff::Roles::NONE,
            email_verified: false,
            verification_token_hash: Some(verification_hash),
            verification_expires_at: Some(self.clock.now() + Duration::hours(VERIFICATION_LINK_LIFETIME_HOURS)),
            demo: false,
            language: valid.language,
            now: self.clock.now(),
        };
        let answer = unsaved(&record);
        match self.users.create(record).await {
            Ok(user) => {
                self.send_verification_link(&user, &verification_token, VerificationMail::Welcome).await;
                Ok(user)
            }
            Err(RepoError::Conflict(_)) => {
                if let Some(owner) = self.users.find_by_email(&answer.email).await? {
                    let (sign_in_link, reset_link) = (self.link("/sign-in"), self.link("/forgot-password"));
                    let message =
                        AccountExistsEmail { first_name: &owner.user.first_name, sign_in_link: &sign_in_link, reset_link: &reset_link };
                    self.send(owner.user.language, owner.user.email.as_str(), &message).await;
                }
                Ok(answer)
            }
            Err(other) => Err(other.into()),
        }
    }

    /// E-mails the member a new verification link (the older one stops working), unless the
    /// address is verified already. Limited per account and per client address.
    #[tracing::instrument(skip_all, fields(user = %user.id))]
    pub async fn resend_verification(&self, user: &User, from: &ClientAddress) -> Result<ResendOutcome, AuthError> {
        if user.email_verified {
            return Ok(ResendOutcome::AlreadyVerified);
        }
        let now = self.clock.now();
        self.limiter.reserve(Action::ResendVerificationAccount, user.id.as_str(), now).await?;
        self.limiter.reserve(Action::ResendVerificationAddress, from.as_str(), now).await?;
        let (token, token_hash) = new_secret();
        self.users.store_verification_token(&user.id, &token_hash, now + Duration::hours(VERIFICATION_LINK_LIFETIME_HOURS)).await?;
        self.send_verification_link(user, &token, VerificationMail::Renewal).await;
        Ok(ResendOutcome::Sent)
    }

    #[tracing::instrument(skip_all)]
    pub async fn verify_email(&self, token: &str) -> Result<(), AuthError> {
        if token.is_empty() || token.len() > 200 {
            return Err(AuthError::InvalidVerificationToken);
        }
        if self.users.verify_email(&hash_secret(token), self.clock.now()).await? {
            self.changes.publish(Topic::Users).await;
            Ok(())
        } else {
            Err(AuthError::InvalidVerificationToken)
        }
    }

    async fn dummy_hash(&self) -> Result<String, AuthError> {
        if let Some(hash) = self.dummy_hash.get() {
            return Ok(hash.clone());
        }
        let hash = self.hasher.hash("timing-equaliser".to_owned()).await?;
        Ok(self.dummy_hash.get_or_init(|| hash).clone())
    }

    /// Checks the credentials. Unknown e-mail and wrong password answer alike. Each attempt is
    /// reserved against the account's and the client address's limits before the password is
    /// checked, so parallel guesses cannot slip past them; a successful sign-in gives both back.
    #[tracing::instrument(skip_all)]
    pub async fn sign_in(&self, email: &str, password: &str, from: &ClientAddress) -> Result<(IssuedToken, User), AuthError> {
        let mut errors = ValidationErrors::new();
        let email = errors.check("email", Email::parse(email));
        if password.is_empty() {
            errors.add("password", "Required");
        }
        let email = match email {
            Some(email) if errors.is_empty() => email,
            _ => return Err(AuthError::Validation(errors)),
        };
        let now = self.clock.now();
        // Wrong passwords lock out the account from the address they came from, not the owner
        // elsewhere: the lockout counts per account and address.
        let pair =
            self.limiter.reserve(Action::SignInAccountAddress, &format!("{}|{from}", email.as_str()), now).await.map_err(sign_in_limit)?;
        let address = match self.limiter.reserve(Action::SignInAddress, from.as_str(), now).await {
            Ok(address) => address,
            Err(error) => {
                // This attempt never reaches the password: it does not count against the account.
                self.limiter.give_back(pair).await;
                return Err(sign_in_limit(error));
            }
        };
        // Past the account's limit over all addresses, an address with no failures for it still
        // gets its one attempt, so the owner's correct password gets through.
        let account = match self.limiter.reserve(Action::SignInAccount, email.as_str(), now).await {
            Ok(account) => Some(account),
            Err(LimitError::Exceeded(_)) if pair.attempts() == 1 => None,
            Err(error) => {
                self.limiter.give_back(pair).await;
                self.limiter.give_back(address).await;
                return Err(sign_in_limit(error));
            }
        };
        let found = self.users.find_by_email(&email).await?;
        let (user, hash) = match found {
            Some(credentials) => (Some(credentials.user), credentials.password_hash),
            None => (None, self.dummy_hash().await?),
        };
        let password = password.chars().take(mandir_domain::user::PASSWORD_MAX + 1).collect::<String>();
        let matches = self.hasher.verify(password, hash).await?;
        match user {
            Some(user) if matches => {
                self.limiter.give_back(pair).await;
                self.limiter.give_back(address).await;
                if let Some(account) = account {
                    self.limiter.give_back(account).await;
                }
                let token = self.tokens.issue(&TokenSubject { user_id: user.id.clone(), version: user.token_version })?;
                Ok((token, user))
            }
            _ => Err(AuthError::InvalidCredentials),
        }
    }

    /// The user a bearer token speaks for, with the token (what signing out ends). Read from the
    /// database (one statement, which also refuses a signed-out token) unless this process read
    /// it for the same token within [`super::sessions::SESSION_CACHE_TTL`] and no change to
    /// users was published since (ADR 0070).
    #[tracing::instrument(skip_all)]
    pub async fn authenticate(&self, token: &str) -> Result<Authenticated, AuthError> {
        let token = self.tokens.verify(token).ok_or(AuthError::Unauthenticated)?;
        let user = match self.sessions.lookup(&token.id) {
            Ok(user) => user,
            Err(since) => {
                let Some(user) = self.users.find_for_session(&token.subject.user_id, &token.id).await? else {
                    return Err(AuthError::Unauthenticated);
                };
                self.sessions.store(since, &token.id, user.clone());
                user
            }
        };
        if user.token_version == token.subject.version { Ok(Authenticated { user, token }) } else { Err(AuthError::Unauthenticated) }
    }

    /// Ends this session on the server: its token is refused from now on (until it expires).
    #[tracing::instrument(skip_all)]
    pub async fn sign_out(&self, token: &VerifiedToken) -> Result<(), AuthError> {
        self.users.revoke_token(&token.id, token.expires_at).await?;
        self.changes.publish(Topic::Users).await;
        Ok(())
    }

    /// Ends every session of the member, this one included.
    #[tracing::instrument(skip_all, fields(user = %user.id))]
    pub async fn sign_out_everywhere(&self, user: &User) -> Result<(), AuthError> {
        self.users.end_sessions(&user.id, self.clock.now()).await.map_err(|error| match error {
            RepoError::NotFound => AuthError::Unauthenticated,
            other => other.into(),
        })?;
        self.changes.publish(Topic::Users).await;
        Ok(())
    }

    /// E-mails a reset link when the account exists; answers the same either way (the mailer
    /// sends in the background, so the answer does not wait for it). Limited per client address.
    #[tracing::instrument(skip_all)]
    pub async fn forgot_password(&self, email: &str, from: &ClientAddress) -> Result<(), AuthError> {
        let email = Email::parse(email).map_err(|m| AuthError::Validation(ValidationErrors::single("email", &m)))?;
        self.limiter.reserve(Action::ForgotPassword, from.as_str(), self.clock.now()).await?;
        let Some(credentials) = self.users.find_by_email(&email).await? else {
            return Ok(());
        };
        let (token, token_hash) = new_secret();
        let expires_at = self.clock.now() + Duration::minutes(RESET_TOKEN_LIFETIME_MINUTES);
        self.users.store_reset_token(&credentials.user.id, &token_hash, expires_at).await?;
        let link = self.link(&format!("/reset-password?token={token}"));
        self.send(
            credentials.user.language,
            credentials.user.email.as_str(),
            &PasswordResetEmail { first_name: &credentials.user.first_name, link: &link },
        )
        .await;
        Ok(())
    }

    /// Forgets what has expired: finished rate-limit windows. Idempotent, so every process may
    /// run it periodically. Answers how many rows went.
    #[tracing::instrument(skip_all)]
    pub async fn purge_expired(&self) -> Result<u64, AuthError> {
        let now = self.clock.now();
        let windows = self.limiter.purge(now).await?;
        let revocations = self.users.purge_revoked_tokens(now).await?;
        Ok(windows + revocations)
    }

    /// Sets a new password with a reset token. The token works once; older sessions end.
    #[tracing::instrument(skip_all)]
    pub async fn reset_password(&self, token: &str, new_password: &str) -> Result<(), AuthError> {
        let mut errors = ValidationErrors::new();
        if token.trim().is_empty() {
            errors.add("token", "Required");
        }
        let password = errors.check("newPassword", check_password(new_password));
        let password = match password {
            Some(p) if errors.is_empty() => p,
            _ => return Err(AuthError::Validation(errors)),
        };
        if token.len() > 200 {
            return Err(AuthError::InvalidResetToken);
        }
        let hash = self.hasher.hash(password).await?;
        if self.users.reset_password_with_token(&hash_secret(token), &hash, self.clock.now()).await? {
            self.changes.publish(Topic::Users).await;
            Ok(())
        } else {
            Err(AuthError::InvalidResetToken)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::UserCredentials;

    use crate::ports::gotram_repository::MockGotramRepository;
    use crate::ports::mailer::MockMailer;
    use crate::ports::password_hasher::MockPasswordHasher;
    use crate::ports::token_issuer::MockTokenIssuer;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::rate_limits::{Limit, RateLimitPolicy};
    use crate::services::test_fixtures::{self, now};
    use mandir_domain::{ErrorKind, Failure};

    fn here() -> ClientAddress {
        ClientAddress::new("203.0.113.1")
    }

    fn user(id: &str, version: i32) -> User {
        User {
            email: Email::parse("lakshmi@example.org").expect("email"),
            email_verified: false,
            token_version: version,
            ..test_fixtures::user(id)
        }
    }

    struct Mocks {
        users: MockUserRepository,
        gotrams: MockGotramRepository,
        hasher: MockPasswordHasher,
        tokens: MockTokenIssuer,
        mailer: MockMailer,
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                users: MockUserRepository::new(),
                gotrams: MockGotramRepository::new(),
                hasher: MockPasswordHasher::new(),
                tokens: MockTokenIssuer::new(),
                mailer: MockMailer::new(),
            }
        }

        fn service(self) -> AuthService {
            let policy = RateLimitPolicy::default()
                .with(Action::SignInAccountAddress, Limit { max: 3, window: Duration::minutes(15) })
                .with(Action::SignInAccount, Limit { max: 3, window: Duration::minutes(15) })
                .with(Action::SignInAddress, Limit { max: 5, window: Duration::minutes(15) })
                .with(Action::SignUp, Limit { max: 2, window: Duration::minutes(60) })
                .with(Action::ForgotPassword, Limit { max: 2, window: Duration::minutes(60) });
            self.service_with(policy)
        }

        fn service_with(self, policy: RateLimitPolicy) -> AuthService {
            let clock = crate::services::test_fixtures::fixed_clock();
            AuthService::new(
                AuthDeps {
                    users: Arc::new(self.users),
                    gotrams: Arc::new(self.gotrams),
                    hasher: Arc::new(self.hasher),
                    tokens: Arc::new(self.tokens),
                    mailer: Arc::new(self.mailer),
                    temple: test_fixtures::temple_name("Test Temple"),
                    clock: Arc::new(clock),
                    limiter: test_fixtures::limiter(policy),
                    changes: test_fixtures::changes(),
                },
                AuthSettings { public_url: "http://temple.test/".into() },
            )
        }
    }

    fn sign_up_input() -> SignUpInput {
        SignUpInput {
            first_name: "Lakshmi".into(),
            last_name: "Rao".into(),
            email: "Lakshmi@Example.org".into(),
            password: "secret1".into(),
            phone_number: "9165550100".into(),
            ..SignUpInput::default()
        }
    }

    #[tokio::test]
    async fn sign_up_stores_hash_and_mails_a_verification_link() {
        let mut m = Mocks::new();
        m.hasher.expect_hash().withf(|p| p == "secret1").returning(|_| Ok("HASH".into()));
        m.users
            .expect_create()
            .withf(|r| r.password_hash == "HASH" && r.email.as_str() == "lakshmi@example.org" && r.roles.is_empty())
            .returning(|_| Ok(user("u1", 0)));
        m.mailer
            .expect_send()
            .withf(|e| e.to == "lakshmi@example.org" && e.text_body.contains("http://temple.test/api/auth/verify-email?token="))
            .times(1)
            .returning(|_| Ok(()));
        let service = m.service();
        let created = service.sign_up(sign_up_input(), &here()).await.expect("created");
        assert_eq!(created.id, "u1");
    }

    #[tokio::test]
    async fn sign_up_with_a_members_address_answers_as_a_new_one_and_e_mails_the_owner() {
        let mut m = Mocks::new();
        m.hasher.expect_hash().times(1).returning(|_| Ok("HASH".into()));
        m.users.expect_create().returning(|_| Err(RepoError::Conflict("users_email".into())));
        m.users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: user("owner", 0), password_hash: "H".into() })));
        m.mailer
            .expect_send()
            .withf(|e| {
                e.subject.contains("You already have")
                    && e.text_body.contains("http://temple.test/sign-in")
                    && e.text_body.contains("http://temple.test/forgot-password")
                    && !e.text_body.contains("verify-email")
            })
            .times(1)
            .returning(|_| Ok(()));
        let service = m.service();
        let answer = service.sign_up(sign_up_input(), &here()).await.expect("answered as a new account");
        assert_eq!((answer.first_name.as_str(), answer.email.as_str(), answer.email_verified), ("Lakshmi", "lakshmi@example.org", false));
        assert_ne!(answer.id, "owner", "nothing of the existing account is told");
    }

    #[tokio::test]
    async fn sign_up_validates_before_touching_anything() {
        let service = Mocks::new().service();
        let error = service.sign_up(SignUpInput::default(), &here()).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("password")), Some("Password must be at least 6 characters"));
    }

    #[tokio::test]
    async fn sign_up_refuses_every_address_at_the_demo_domain() {
        let mut m = Mocks::new();
        m.users.expect_create().never();
        let service = m.service();
        for email in ["admin@mandir.local", "ADMIN@Mandir.Local", "someone@mandir.local"] {
            let input = SignUpInput { email: email.into(), password: "mandir-admin".into(), ..sign_up_input() };
            let error = service.sign_up(input, &here()).await.expect_err("reserved");
            assert_eq!(error.kind(), ErrorKind::Invalid);
            assert_eq!(error.field_errors().and_then(|e| e.get("email")), Some(mandir_domain::user::RESERVED_EMAIL), "{email}");
        }
    }

    #[tokio::test]
    async fn sign_up_refuses_unknown_gotram() {
        let mut m = Mocks::new();
        m.gotrams.expect_get().returning(|_| Ok(None));
        let service = m.service();
        let input = SignUpInput { gotram_id: Some(999), ..sign_up_input() };
        let error = service.sign_up(input, &here()).await.expect_err("invalid");
        assert!(error.field_errors().and_then(|e| e.get("gotramId")).is_some());
    }

    #[tokio::test]
    async fn sign_in_issues_token_for_right_password() {
        let mut m = Mocks::new();
        m.users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: user("u1", 4), password_hash: "H".into() })));
        m.hasher.expect_verify().returning(|_, _| Ok(true));
        m.tokens
            .expect_issue()
            .withf(|s| s.user_id == "u1" && s.version == 4)
            .returning(|_| Ok(IssuedToken { token: "T".into(), expires_at: now() }));
        let service = m.service();
        let (token, user) = service.sign_in("LAKSHMI@example.org", "secret1", &here()).await.expect("signed in");
        assert_eq!(token.token, "T");
        assert_eq!(user.id, "u1");
    }

    #[tokio::test]
    async fn unknown_email_and_wrong_password_answer_alike() {
        let mut m = Mocks::new();
        m.users.expect_find_by_email().returning(|e| {
            if e.as_str() == "known@example.org" {
                Ok(Some(UserCredentials { user: user("u1", 0), password_hash: "H".into() }))
            } else {
                Ok(None)
            }
        });
        m.hasher.expect_hash().times(1).returning(|_| Ok("DUMMY".into()));
        m.hasher.expect_verify().times(2).returning(|_, _| Ok(false));
        let service = m.service();
        let unknown = service.sign_in("nobody@example.org", "whatever", &here()).await.expect_err("fails");
        let wrong = service.sign_in("known@example.org", "whatever", &here()).await.expect_err("fails");
        assert_eq!(unknown.to_string(), wrong.to_string());
        assert_eq!(unknown.kind(), ErrorKind::Unauthenticated);
    }

    #[tokio::test]
    async fn failures_lock_the_account_out_from_their_address_only_before_the_password_is_checked() {
        let mut m = Mocks::new();
        m.users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: user("u1", 0), password_hash: "H".into() })));
        // Three wrong guesses and the owner's one sign-in: the refused attempts check nothing.
        m.hasher.expect_verify().times(4).returning(|password, _| Ok(password == "secret1"));
        m.tokens.expect_issue().returning(|_| Ok(IssuedToken { token: "T".into(), expires_at: now() }));
        let service = m.service();
        let attacker = ClientAddress::new("203.0.113.66");
        for _ in 0..3 {
            assert!(matches!(service.sign_in("a@example.org", "bad", &attacker).await, Err(AuthError::InvalidCredentials)));
        }
        let error = service.sign_in("A@example.org", "secret1", &attacker).await.expect_err("throttled");
        assert!(matches!(error, AuthError::Throttled(_)), "even the right password, from the address that failed: {error:?}");
        assert_eq!(error.kind(), ErrorKind::Throttled);
        assert_eq!(error.retry_after(), Some(15 * 60), "the window of `now()` ends in 15 minutes");
        service.sign_in("a@example.org", "secret1", &here()).await.expect("the owner, from an address with no failures, signs in");
    }

    #[tokio::test]
    async fn past_the_accounts_limit_only_an_address_with_no_failures_may_try() {
        let mut m = Mocks::new();
        m.users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: user("u1", 0), password_hash: "H".into() })));
        m.hasher.expect_verify().times(5).returning(|password, _| Ok(password == "secret1"));
        m.tokens.expect_issue().returning(|_| Ok(IssuedToken { token: "T".into(), expires_at: now() }));
        let service = m.service();
        let at = |i: u8| ClientAddress::new(format!("203.0.113.{i}"));
        for i in [1, 1, 2] {
            assert!(matches!(service.sign_in("a@example.org", "bad", &at(i)).await, Err(AuthError::InvalidCredentials)));
        }
        // Three failures over all addresses: the account's limit.
        let error = service.sign_in("a@example.org", "bad", &at(1)).await.expect_err("an address that failed");
        assert!(matches!(error, AuthError::Throttled(_)), "{error:?}");
        service.sign_in("a@example.org", "secret1", &at(3)).await.expect("a fresh address with the right password");
        assert!(matches!(service.sign_in("a@example.org", "bad", &at(4)).await, Err(AuthError::InvalidCredentials)), "its one attempt");
        let error = service.sign_in("a@example.org", "secret1", &at(4)).await.expect_err("no longer fresh");
        assert!(matches!(error, AuthError::Throttled(_)), "{error:?}");
    }

    #[tokio::test]
    async fn failures_are_limited_per_address_over_all_accounts() {
        let mut m = Mocks::new();
        m.users.expect_find_by_email().returning(|_| Ok(None));
        m.hasher.expect_hash().returning(|_| Ok("DUMMY".into()));
        m.hasher.expect_verify().times(6).returning(|_, _| Ok(false));
        let service = m.service();
        for i in 0..5 {
            let error = service.sign_in(&format!("guess{i}@example.org"), "bad", &here()).await.expect_err("fails");
            assert!(matches!(error, AuthError::InvalidCredentials));
        }
        let error = service.sign_in("guess9@example.org", "bad", &here()).await.expect_err("throttled");
        assert!(matches!(error, AuthError::Throttled(_)));
        let other = service.sign_in("guess9@example.org", "bad", &ClientAddress::new("198.51.100.7")).await.expect_err("fails");
        assert!(
            matches!(other, AuthError::InvalidCredentials),
            "the refused attempt did not count against the account, and other addresses are counted apart"
        );
    }

    #[tokio::test]
    async fn successful_sign_ins_give_their_attempts_back() {
        let mut m = Mocks::new();
        m.users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: user("u1", 0), password_hash: "H".into() })));
        m.hasher.expect_verify().returning(|password, _| Ok(password == "secret1"));
        m.tokens.expect_issue().returning(|_| Ok(IssuedToken { token: "T".into(), expires_at: now() }));
        let service = m.service();
        for _ in 0..10 {
            service.sign_in("a@example.org", "secret1", &here()).await.expect("signed in");
        }
        for _ in 0..3 {
            assert!(matches!(service.sign_in("a@example.org", "bad", &here()).await, Err(AuthError::InvalidCredentials)));
        }
    }

    #[tokio::test]
    async fn sign_up_and_forgot_password_are_limited_per_address() {
        let mut m = Mocks::new();
        m.hasher.expect_hash().times(2).returning(|_| Ok("HASH".into()));
        m.users.expect_create().times(2).returning(|_| Ok(user("u1", 0)));
        m.users.expect_find_by_email().times(3).returning(|_| Ok(None));
        m.mailer.expect_send().returning(|_| Ok(()));
        let service = m.service();
        for _ in 0..2 {
            service.sign_up(sign_up_input(), &here()).await.expect("created");
            service.forgot_password("a@example.org", &here()).await.expect("answered");
        }
        let error = service.sign_up(sign_up_input(), &here()).await.expect_err("limited");
        assert!(matches!(error, AuthError::TooManyRequests(_)) && error.retry_after().is_some_and(|s| s > 0));
        let error = service.forgot_password("a@example.org", &here()).await.expect_err("limited");
        assert!(matches!(error, AuthError::TooManyRequests(_)));
        service.forgot_password("a@example.org", &ClientAddress::new("198.51.100.7")).await.expect("another address");
    }

    fn verified(user_id: &str, version: i32, id: &str) -> VerifiedToken {
        VerifiedToken { subject: TokenSubject { user_id: user_id.into(), version }, id: id.into(), expires_at: now() + Duration::days(7) }
    }

    #[tokio::test]
    async fn authenticate_refuses_tokens_from_before_a_reset() {
        let mut m = Mocks::new();
        m.tokens.expect_verify().returning(|_| Some(verified("u1", 1, "jti-1")));
        m.users.expect_find_for_session().returning(|_, _| Ok(Some(user("u1", 2))));
        let service = m.service();
        assert!(matches!(service.authenticate("old").await, Err(AuthError::Unauthenticated)));
    }

    #[tokio::test]
    async fn authenticate_refuses_bad_tokens_and_deleted_or_revoked_sessions() {
        let mut m = Mocks::new();
        m.tokens.expect_verify().returning(|t| (t == "good").then(|| verified("gone", 0, "jti-1")));
        m.users.expect_find_for_session().withf(|id, jti| id == "gone" && jti == "jti-1").returning(|_, _| Ok(None));
        let service = m.service();
        assert!(matches!(service.authenticate("forged").await, Err(AuthError::Unauthenticated)));
        assert!(matches!(service.authenticate("good").await, Err(AuthError::Unauthenticated)));
    }

    #[tokio::test]
    async fn sign_out_revokes_this_token_until_it_expires() {
        let mut m = Mocks::new();
        m.tokens.expect_verify().returning(|_| Some(verified("u1", 0, "jti-1")));
        m.users.expect_find_for_session().returning(|_, _| Ok(Some(user("u1", 0))));
        m.users
            .expect_revoke_token()
            .withf(|jti, expires| jti == "jti-1" && *expires == now() + Duration::days(7))
            .times(1)
            .returning(|_, _| Ok(()));
        let service = m.service();
        let session = service.authenticate("T").await.expect("signed in");
        service.sign_out(&session.token).await.expect("signed out");
    }

    #[tokio::test]
    async fn sign_out_everywhere_ends_every_session() {
        let mut m = Mocks::new();
        m.users.expect_end_sessions().withf(|id, _| id == "u1").times(1).returning(|_, _| Ok(()));
        let service = m.service();
        service.sign_out_everywhere(&user("u1", 0)).await.expect("ended");
    }

    #[tokio::test]
    async fn forgot_password_is_silent_for_unknown_email() {
        let mut m = Mocks::new();
        m.users.expect_find_by_email().returning(|_| Ok(None));
        m.mailer.expect_send().never();
        let service = m.service();
        service.forgot_password("nobody@example.org", &here()).await.expect("same answer");
    }

    #[tokio::test]
    async fn forgot_password_stores_hashed_token_and_mails_link() {
        let mut m = Mocks::new();
        m.users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: user("u1", 0), password_hash: "H".into() })));
        m.users
            .expect_store_reset_token()
            .withf(|id, hash, expires| id == "u1" && hash.len() == 64 && *expires == now() + Duration::hours(1))
            .times(1)
            .returning(|_, _, _| Ok(()));
        m.mailer.expect_send().withf(|e| e.text_body.contains("http://temple.test/reset-password?token=")).times(1).returning(|_| Ok(()));
        let service = m.service();
        service.forgot_password("lakshmi@example.org", &here()).await.expect("sent");
    }

    #[tokio::test]
    async fn reset_password_consumes_token_once() {
        let mut m = Mocks::new();
        m.hasher.expect_hash().returning(|_| Ok("NEW".into()));
        let mut first = true;
        m.users.expect_reset_password_with_token().returning(move |hash, new, _| {
            assert_eq!(hash, hash_secret("tok"));
            assert_eq!(new, "NEW");
            let ok = first;
            first = false;
            Ok(ok)
        });
        let service = m.service();
        service.reset_password("tok", "newpass").await.expect("reset");
        assert!(matches!(service.reset_password("tok", "newpass").await, Err(AuthError::InvalidResetToken)));
    }

    #[tokio::test]
    async fn reset_password_validates_length() {
        let service = Mocks::new().service();
        let error = service.reset_password("tok", "123").await.expect_err("short");
        assert_eq!(error.field_errors().and_then(|e| e.get("newPassword")), Some("Password must be at least 6 characters"));
    }

    #[tokio::test]
    async fn resend_verification_stores_a_new_expiring_link_and_mails_it() {
        let mut m = Mocks::new();
        m.users
            .expect_store_verification_token()
            .withf(|id, hash, expires| id == "u1" && hash.len() == 64 && *expires == now() + Duration::hours(48))
            .times(1)
            .returning(|_, _, _| Ok(()));
        m.mailer
            .expect_send()
            .withf(|e| e.to == "lakshmi@example.org" && e.text_body.contains("http://temple.test/api/auth/verify-email?token="))
            .times(1)
            .returning(|_| Ok(()));
        let service = m.service();
        assert_eq!(service.resend_verification(&user("u1", 0), &here()).await.expect("sent"), ResendOutcome::Sent);
    }

    #[tokio::test]
    async fn resend_verification_for_a_verified_member_sends_nothing() {
        let mut m = Mocks::new();
        m.users.expect_store_verification_token().never();
        m.mailer.expect_send().never();
        let service = m.service();
        let verified = User { email_verified: true, ..user("u1", 0) };
        assert_eq!(service.resend_verification(&verified, &here()).await.expect("answered"), ResendOutcome::AlreadyVerified);
    }

    #[tokio::test]
    async fn resend_verification_is_limited_per_account_and_per_address() {
        let mut m = Mocks::new();
        m.users.expect_store_verification_token().returning(|_, _, _| Ok(()));
        m.mailer.expect_send().returning(|_| Ok(()));
        let limit = Limit { max: 2, window: Duration::minutes(60) };
        let policy = RateLimitPolicy::default()
            .with(Action::ResendVerificationAccount, limit)
            .with(Action::ResendVerificationAddress, Limit { max: 3, window: Duration::minutes(60) });
        let service = m.service_with(policy);
        for _ in 0..2 {
            service.resend_verification(&user("u1", 0), &here()).await.expect("sent");
        }
        let error = service.resend_verification(&user("u1", 0), &ClientAddress::new("198.51.100.7")).await.expect_err("per account");
        assert!(matches!(error, AuthError::TooManyRequests(_)));
        service.resend_verification(&user("u2", 0), &here()).await.expect("third from the address");
        let error = service.resend_verification(&user("u3", 0), &here()).await.expect_err("per address");
        assert!(matches!(error, AuthError::TooManyRequests(_)));
    }

    #[tokio::test]
    async fn verify_email_rejects_unknown_token() {
        let mut m = Mocks::new();
        m.users.expect_verify_email().returning(|_, _| Ok(false));
        let service = m.service();
        assert!(matches!(service.verify_email("nope").await, Err(AuthError::InvalidVerificationToken)));
    }
}
