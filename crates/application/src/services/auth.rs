//! Accounts: sign-up with e-mail verification, sign-in, session tokens, password reset.

use std::sync::{Arc, OnceLock};

use chrono::Duration;
use mandir_domain::user::{Email, SignUpInput, User, check_password};
use mandir_domain::{ErrorKind, Failure, ValidationErrors};

use super::throttle::SignInThrottle;
use super::{hash_secret, new_id, new_secret};
use crate::BoxError;
use crate::ports::{
    Clock, GotramRepository, HashError, IssuedToken, Mailer, NewUserRecord, OutgoingEmail, PasswordHasher, RepoError, TokenError,
    TokenIssuer, TokenSubject, UserRepository,
};

pub const RESET_TOKEN_LIFETIME_MINUTES: i64 = 60;

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("An account with this email already exists")]
    EmailTaken,
    #[error("Invalid email or password")]
    InvalidCredentials,
    #[error("Too many failed sign-in attempts. Please try again in a few minutes.")]
    Throttled,
    #[error("Authentication required")]
    Unauthenticated,
    #[error("This reset link is invalid or has expired")]
    InvalidResetToken,
    #[error("This verification link is invalid or has already been used")]
    InvalidVerificationToken,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

impl Failure for AuthError {
    fn kind(&self) -> ErrorKind {
        match self {
            Self::Validation(_) | Self::InvalidResetToken | Self::InvalidVerificationToken => ErrorKind::Invalid,
            Self::EmailTaken => ErrorKind::Conflict,
            Self::InvalidCredentials | Self::Unauthenticated => ErrorKind::Unauthenticated,
            Self::Throttled => ErrorKind::Throttled,
            Self::Unexpected(_) => ErrorKind::Unexpected,
        }
    }

    fn field_errors(&self) -> Option<&ValidationErrors> {
        match self {
            Self::Validation(errors) => Some(errors),
            _ => None,
        }
    }
}

super::unexpected_from!(AuthError: RepoError, HashError, TokenError);

/// Where links in e-mails point, and how the temple signs them.
#[derive(Debug, Clone)]
pub struct AuthSettings {
    pub public_url: String,
    pub temple_name: String,
}

#[derive(Clone)]
pub struct AuthService {
    users: Arc<dyn UserRepository>,
    gotrams: Arc<dyn GotramRepository>,
    hasher: Arc<dyn PasswordHasher>,
    tokens: Arc<dyn TokenIssuer>,
    mailer: Arc<dyn Mailer>,
    clock: Arc<dyn Clock>,
    throttle: Arc<SignInThrottle>,
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
    pub clock: Arc<dyn Clock>,
    pub throttle: Arc<SignInThrottle>,
}

impl AuthService {
    pub fn new(deps: AuthDeps, settings: AuthSettings) -> Self {
        Self {
            users: deps.users,
            gotrams: deps.gotrams,
            hasher: deps.hasher,
            tokens: deps.tokens,
            mailer: deps.mailer,
            clock: deps.clock,
            throttle: deps.throttle,
            settings,
            dummy_hash: Arc::new(OnceLock::new()),
        }
    }

    fn link(&self, path_and_query: &str) -> String {
        format!("{}{}", self.settings.public_url.trim_end_matches('/'), path_and_query)
    }

    async fn send(&self, email: OutgoingEmail) {
        let to = email.to.clone();
        if let Err(error) = self.mailer.send(email).await {
            tracing::error!(error = ?error, %to, "sending e-mail failed");
        }
    }

    /// Creates an account and e-mails a verification link. The member signs in afterwards.
    pub async fn sign_up(&self, input: SignUpInput) -> Result<User, AuthError> {
        let valid = input.validate().map_err(AuthError::Validation)?;
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
            is_admin: false,
            email_verified: false,
            verification_token_hash: Some(verification_hash),
            now: self.clock.now(),
        };
        let user = self.users.create(record).await.map_err(|e| match e {
            RepoError::Conflict(_) => AuthError::EmailTaken,
            other => other.into(),
        })?;
        let link = self.link(&format!("/api/auth/verify-email?token={verification_token}"));
        self.send(OutgoingEmail {
            to: user.email.to_string(),
            subject: format!("Welcome to {}: please verify your email", self.settings.temple_name),
            text_body: format!(
                "Namaste {},\n\nThank you for joining the {} community.\nPlease verify your email address by opening this link:\n\n{link}\n\nIf you did not create this account, you can ignore this message.\n",
                user.first_name, self.settings.temple_name
            ),
        })
        .await;
        Ok(user)
    }

    pub async fn verify_email(&self, token: &str) -> Result<(), AuthError> {
        if token.is_empty() || token.len() > 200 {
            return Err(AuthError::InvalidVerificationToken);
        }
        if self.users.verify_email(&hash_secret(token), self.clock.now()).await? {
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

    /// Checks the credentials. Unknown e-mail and wrong password answer alike.
    pub async fn sign_in(&self, email: &str, password: &str) -> Result<(IssuedToken, User), AuthError> {
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
        if !self.throttle.allows(email.as_str(), now) {
            return Err(AuthError::Throttled);
        }
        let found = self.users.find_by_email(&email).await?;
        let (user, hash) = match found {
            Some(credentials) => (Some(credentials.user), credentials.password_hash),
            None => (None, self.dummy_hash().await?),
        };
        let password = password.chars().take(mandir_domain::user::PASSWORD_MAX + 1).collect::<String>();
        let matches = self.hasher.verify(password, hash).await?;
        match user {
            Some(user) if matches => {
                self.throttle.record_success(email.as_str());
                let token = self.tokens.issue(&TokenSubject { user_id: user.id.clone(), version: user.token_version })?;
                Ok((token, user))
            }
            _ => {
                self.throttle.record_failure(email.as_str(), now);
                Err(AuthError::InvalidCredentials)
            }
        }
    }

    /// The user a bearer token speaks for, read fresh from the database.
    pub async fn authenticate(&self, token: &str) -> Result<User, AuthError> {
        let subject = self.tokens.verify(token).ok_or(AuthError::Unauthenticated)?;
        match self.users.find_by_id(&subject.user_id).await? {
            Some(user) if user.token_version == subject.version => Ok(user),
            _ => Err(AuthError::Unauthenticated),
        }
    }

    /// E-mails a reset link when the account exists; answers the same either way.
    pub async fn forgot_password(&self, email: &str) -> Result<(), AuthError> {
        let email = Email::parse(email).map_err(|m| AuthError::Validation(ValidationErrors::single("email", &m)))?;
        let Some(credentials) = self.users.find_by_email(&email).await? else {
            return Ok(());
        };
        let (token, token_hash) = new_secret();
        let expires_at = self.clock.now() + Duration::minutes(RESET_TOKEN_LIFETIME_MINUTES);
        self.users.store_reset_token(&credentials.user.id, &token_hash, expires_at).await?;
        let link = self.link(&format!("/reset-password?token={token}"));
        self.send(OutgoingEmail {
            to: credentials.user.email.to_string(),
            subject: format!("Reset your {} password", self.settings.temple_name),
            text_body: format!(
                "Namaste {},\n\nWe received a request to reset your password. Open this link within one hour to choose a new one:\n\n{link}\n\nIf you did not ask for this, you can ignore this message; your password stays the same.\n",
                credentials.user.first_name
            ),
        })
        .await;
        Ok(())
    }

    /// Sets a new password with a reset token. The token works once; older sessions end.
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
    use crate::ports::clock::MockClock;
    use crate::ports::gotram_repository::MockGotramRepository;
    use crate::ports::mailer::MockMailer;
    use crate::ports::password_hasher::MockPasswordHasher;
    use crate::ports::token_issuer::MockTokenIssuer;
    use crate::ports::user_repository::MockUserRepository;
    use chrono::{TimeZone, Utc};

    fn now() -> chrono::DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).single().expect("date")
    }

    fn user(id: &str, version: i32) -> User {
        User {
            id: id.into(),
            username: None,
            first_name: "Lakshmi".into(),
            last_name: "Rao".into(),
            email: Email::parse("lakshmi@example.org").expect("email"),
            phone_number: Some("9165550100".into()),
            gotram_id: None,
            custom_gotram: None,
            email_verified: false,
            is_admin: false,
            token_version: version,
            created_at: now(),
            updated_at: now(),
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

        fn service(self) -> (AuthService, Arc<SignInThrottle>) {
            let mut clock = MockClock::new();
            clock.expect_now().returning(now);
            let throttle = Arc::new(SignInThrottle::new(3, Duration::minutes(15)));
            let service = AuthService::new(
                AuthDeps {
                    users: Arc::new(self.users),
                    gotrams: Arc::new(self.gotrams),
                    hasher: Arc::new(self.hasher),
                    tokens: Arc::new(self.tokens),
                    mailer: Arc::new(self.mailer),
                    clock: Arc::new(clock),
                    throttle: throttle.clone(),
                },
                AuthSettings { public_url: "http://temple.test/".into(), temple_name: "Test Temple".into() },
            );
            (service, throttle)
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
            .withf(|r| r.password_hash == "HASH" && r.email.as_str() == "lakshmi@example.org" && !r.is_admin)
            .returning(|_| Ok(user("u1", 0)));
        m.mailer
            .expect_send()
            .withf(|e| e.to == "lakshmi@example.org" && e.text_body.contains("http://temple.test/api/auth/verify-email?token="))
            .times(1)
            .returning(|_| Ok(()));
        let (service, _) = m.service();
        let created = service.sign_up(sign_up_input()).await.expect("created");
        assert_eq!(created.id, "u1");
    }

    #[tokio::test]
    async fn sign_up_reports_duplicate_email() {
        let mut m = Mocks::new();
        m.hasher.expect_hash().returning(|_| Ok("HASH".into()));
        m.users.expect_create().returning(|_| Err(RepoError::Conflict("users_email".into())));
        let (service, _) = m.service();
        let error = service.sign_up(sign_up_input()).await.expect_err("duplicate");
        assert!(matches!(error, AuthError::EmailTaken));
        assert_eq!(error.kind(), ErrorKind::Conflict);
    }

    #[tokio::test]
    async fn sign_up_validates_before_touching_anything() {
        let (service, _) = Mocks::new().service();
        let error = service.sign_up(SignUpInput::default()).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("password")), Some("Password must be at least 6 characters"));
    }

    #[tokio::test]
    async fn sign_up_refuses_unknown_gotram() {
        let mut m = Mocks::new();
        m.gotrams.expect_get().returning(|_| Ok(None));
        let (service, _) = m.service();
        let input = SignUpInput { gotram_id: Some(999), ..sign_up_input() };
        let error = service.sign_up(input).await.expect_err("invalid");
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
        let (service, _) = m.service();
        let (token, user) = service.sign_in("LAKSHMI@example.org", "secret1").await.expect("signed in");
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
        let (service, _) = m.service();
        let unknown = service.sign_in("nobody@example.org", "whatever").await.expect_err("fails");
        let wrong = service.sign_in("known@example.org", "whatever").await.expect_err("fails");
        assert_eq!(unknown.to_string(), wrong.to_string());
        assert_eq!(unknown.kind(), ErrorKind::Unauthenticated);
    }

    #[tokio::test]
    async fn repeated_failures_are_throttled_per_account() {
        let mut m = Mocks::new();
        m.users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: user("u1", 0), password_hash: "H".into() })));
        m.hasher.expect_verify().returning(|_, _| Ok(false));
        let (service, throttle) = m.service();
        for _ in 0..3 {
            assert!(matches!(service.sign_in("a@example.org", "bad").await, Err(AuthError::InvalidCredentials)));
        }
        assert!(matches!(service.sign_in("a@example.org", "bad").await, Err(AuthError::Throttled)));
        assert!(throttle.allows("b@example.org", now()));
    }

    #[tokio::test]
    async fn authenticate_refuses_tokens_from_before_a_reset() {
        let mut m = Mocks::new();
        m.tokens.expect_verify().returning(|_| Some(TokenSubject { user_id: "u1".into(), version: 1 }));
        m.users.expect_find_by_id().returning(|_| Ok(Some(user("u1", 2))));
        let (service, _) = m.service();
        assert!(matches!(service.authenticate("old").await, Err(AuthError::Unauthenticated)));
    }

    #[tokio::test]
    async fn authenticate_refuses_bad_tokens_and_deleted_users() {
        let mut m = Mocks::new();
        m.tokens.expect_verify().returning(|t| (t == "good").then(|| TokenSubject { user_id: "gone".into(), version: 0 }));
        m.users.expect_find_by_id().returning(|_| Ok(None));
        let (service, _) = m.service();
        assert!(matches!(service.authenticate("forged").await, Err(AuthError::Unauthenticated)));
        assert!(matches!(service.authenticate("good").await, Err(AuthError::Unauthenticated)));
    }

    #[tokio::test]
    async fn forgot_password_is_silent_for_unknown_email() {
        let mut m = Mocks::new();
        m.users.expect_find_by_email().returning(|_| Ok(None));
        m.mailer.expect_send().never();
        let (service, _) = m.service();
        service.forgot_password("nobody@example.org").await.expect("same answer");
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
        let (service, _) = m.service();
        service.forgot_password("lakshmi@example.org").await.expect("sent");
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
        let (service, _) = m.service();
        service.reset_password("tok", "newpass").await.expect("reset");
        assert!(matches!(service.reset_password("tok", "newpass").await, Err(AuthError::InvalidResetToken)));
    }

    #[tokio::test]
    async fn reset_password_validates_length() {
        let (service, _) = Mocks::new().service();
        let error = service.reset_password("tok", "123").await.expect_err("short");
        assert_eq!(error.field_errors().and_then(|e| e.get("newPassword")), Some("Password must be at least 6 characters"));
    }

    #[tokio::test]
    async fn verify_email_rejects_unknown_token() {
        let mut m = Mocks::new();
        m.users.expect_verify_email().returning(|_, _| Ok(false));
        let (service, _) = m.service();
        assert!(matches!(service.verify_email("nope").await, Err(AuthError::InvalidVerificationToken)));
    }
}
