//! First-run setup: while no admin exists, `mandir serve` opens a one-time setup link; the page
//! behind it creates the first admin (verified) and saves the temple's basics
//! (docs/decisions/0081-first-run-setup-link.md).

use std::sync::Arc;

use mandir_domain::ValidationErrors;
use mandir_domain::site::SetupInput;
use mandir_domain::user::User;

use super::site::SiteService;
use super::{hash_secret, new_id, new_secret};
use crate::BoxError;
use crate::ports::{
    ChangeNotifier, Clock, HashError, NewUserRecord, PasswordHasher, RepoError, SetupCompletion, SetupRepository, Topic, UserRepository,
};

pub const SETUP_LINK_INVALID: &str = "This setup link is not valid: it was used already, replaced by a newer one, or an admin exists";
pub const SETUP_EMAIL_TAKEN: &str = "An account with this e-mail already exists";

#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("{}", SETUP_LINK_INVALID)]
    LinkInvalid,
    #[error("{}", SETUP_EMAIL_TAKEN)]
    EmailTaken,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(SetupError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::LinkInvalid => NotFound,
    Self::EmailTaken => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(SetupError: RepoError, HashError);

impl From<super::site::SiteError> for SetupError {
    fn from(error: super::site::SiteError) -> Self {
        Self::Unexpected(error.into())
    }
}

pub struct SetupDeps {
    pub setup: Arc<dyn SetupRepository>,
    pub users: Arc<dyn UserRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub clock: Arc<dyn Clock>,
    pub changes: Arc<dyn ChangeNotifier>,
    pub site: SiteService,
}

#[derive(Clone)]
pub struct SetupService {
    setup: Arc<dyn SetupRepository>,
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    site: SiteService,
}

impl SetupService {
    pub fn new(deps: SetupDeps) -> Self {
        let SetupDeps { setup, users, hasher, clock, changes, site } = deps;
        Self { setup, users, hasher, clock, changes, site }
    }

    /// When no admin exists: a fresh one-time token (replacing any earlier one) for the setup
    /// link. `None` once an admin exists: the repository checks again in the transaction that
    /// keeps the token, as an admin made meanwhile deletes the tokens in its own.
    #[tracing::instrument(skip_all)]
    pub async fn open(&self) -> Result<Option<String>, SetupError> {
        if self.users.count_admins().await? > 0 {
            return Ok(None);
        }
        let (token, hash) = new_secret();
        Ok(self.setup.replace_token(&hash, self.clock.now()).await?.then_some(token))
    }

    /// Whether the link still works (the page asks before showing its form).
    #[tracing::instrument(skip_all)]
    pub async fn check(&self, token: &str) -> Result<(), SetupError> {
        if self.setup.token_is_open(&hash_secret(token)).await? { Ok(()) } else { Err(SetupError::LinkInvalid) }
    }

    /// Creates the first admin (verified) and saves the temple's basics, using up the link.
    #[tracing::instrument(skip_all)]
    pub async fn complete(&self, token: &str, input: SetupInput) -> Result<User, SetupError> {
        let hash = hash_secret(token);
        if !self.setup.token_is_open(&hash).await? {
            return Err(SetupError::LinkInvalid);
        }
        let valid = input.validate(self.site.settings().await?).map_err(SetupError::Validation)?;
        let now = self.clock.now();
        let admin = NewUserRecord {
            id: new_id(),
            username: None,
            first_name: valid.first_name,
            last_name: valid.last_name,
            email: valid.email,
            phone_number: None,
            gotram_id: None,
            custom_gotram: None,
            password_hash: self.hasher.hash(valid.password).await?,
            roles: mandir_domain::staff::Roles::of(&[mandir_domain::staff::Role::Admin]),
            email_verified: true,
            verification_token_hash: None,
            verification_expires_at: None,
            demo: false,
            language: mandir_domain::language::Language::English,
            now,
        };
        match self.setup.complete(&hash, admin, &valid.settings, now).await? {
            SetupCompletion::Done(user) => {
                let user = *user;
                self.changes.publish(Topic::Site).await;
                self.changes.publish(Topic::Users).await;
                tracing::info!(admin = %user.id, "first-run setup completed");
                Ok(user)
            }
            SetupCompletion::UnknownToken | SetupCompletion::AdminExists => Err(SetupError::LinkInvalid),
            SetupCompletion::EmailTaken => Err(SetupError::EmailTaken),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ports::password_hasher::MockPasswordHasher;
    use crate::ports::setup_repository::MockSetupRepository;
    use crate::ports::site_repository::MockSiteRepository;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{changes, user};
    use mandir_domain::site::SiteSettings;
    use mandir_domain::{ErrorKind, Failure};

    fn service(setup: MockSetupRepository, users: MockUserRepository) -> SetupService {
        let clock = crate::services::test_fixtures::fixed_clock();
        let clock: Arc<dyn Clock> = Arc::new(clock);
        let mut site = MockSiteRepository::new();
        site.expect_settings().returning(|| Ok(None));
        site.expect_list_notices().returning(|| Ok(vec![]));
        let seed = SiteSettings { temple_name: "Seeded".into(), zelle_memo: "Temple Donation".into(), ..SiteSettings::default() };
        let site = SiteService::new(Arc::new(site), clock.clone(), changes(), seed, crate::services::test_fixtures::recorder().0);
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|p| Ok(format!("hashed:{p}")));
        SetupService::new(SetupDeps {
            setup: Arc::new(setup),
            users: Arc::new(users),
            hasher: Arc::new(hasher),
            clock,
            changes: changes(),
            site,
        })
    }

    fn input() -> SetupInput {
        SetupInput {
            first_name: "Asha".into(),
            last_name: "Rao".into(),
            email: "asha@example.org".into(),
            password: "secret1".into(),
            temple_name: "Sri Test Temple".into(),
            address: "1 Main St".into(),
            phone: "916-555-0100".into(),
            temple_email: "office@example.org".into(),
            time_zone: "America/Chicago".into(),
            latitude: Some(29.7604),
            longitude: Some(-95.3698),
        }
    }

    #[tokio::test]
    async fn a_link_is_opened_only_while_no_admin_exists() {
        let mut users = MockUserRepository::new();
        users.expect_count_admins().times(1).returning(|| Ok(0));
        let mut setup = MockSetupRepository::new();
        setup.expect_replace_token().withf(|hash, _| hash.len() == 64).times(1).returning(|_, _| Ok(true));
        let token = service(setup, users).open().await.expect("opened").expect("a token");
        assert_eq!(token.len(), 64);

        // An admin made between the count and the token's transaction: no link.
        let mut users = MockUserRepository::new();
        users.expect_count_admins().returning(|| Ok(0));
        let mut setup = MockSetupRepository::new();
        setup.expect_replace_token().times(1).returning(|_, _| Ok(false));
        assert_eq!(service(setup, users).open().await.expect("checked"), None);

        let mut users = MockUserRepository::new();
        users.expect_count_admins().returning(|| Ok(1));
        let mut setup = MockSetupRepository::new();
        setup.expect_replace_token().never();
        assert_eq!(service(setup, users).open().await.expect("checked"), None);
    }

    #[tokio::test]
    async fn completing_creates_a_verified_admin_with_the_temple_basics() {
        let mut setup = MockSetupRepository::new();
        setup.expect_token_is_open().withf(|hash| hash == hash_secret("tok")).returning(|_| Ok(true));
        setup
            .expect_complete()
            .withf(|hash, admin, settings, _| {
                hash == hash_secret("tok")
                    && admin.roles.has(mandir_domain::staff::Role::Admin)
                    && admin.email_verified
                    && admin.password_hash == "hashed:secret1"
                    && settings.temple_name == "Sri Test Temple"
                    && settings.email == "office@example.org"
                    && settings.time_zone == "America/Chicago"
                    && settings.zelle_memo == "Temple Donation"
            })
            .times(1)
            .returning(|_, _, _, _| Ok(SetupCompletion::Done(Box::new(user("new-admin")))));
        let created = service(setup, MockUserRepository::new()).complete("tok", input()).await.expect("done");
        assert_eq!(created.id, "new-admin");
    }

    #[tokio::test]
    async fn a_used_or_unknown_link_is_refused_before_anything_else() {
        let mut setup = MockSetupRepository::new();
        setup.expect_token_is_open().returning(|_| Ok(false));
        setup.expect_complete().never();
        let service = service(setup, MockUserRepository::new());
        let error = service.complete("tok", SetupInput::default()).await.expect_err("refused");
        assert!(matches!(error, SetupError::LinkInvalid));
        assert_eq!(error.kind(), ErrorKind::NotFound);
        assert!(matches!(service.check("tok").await, Err(SetupError::LinkInvalid)));
    }

    #[tokio::test]
    async fn invalid_input_and_races_answer_clearly() {
        let mut setup = MockSetupRepository::new();
        setup.expect_token_is_open().returning(|_| Ok(true));
        let mut outcomes = vec![SetupCompletion::EmailTaken, SetupCompletion::AdminExists].into_iter();
        setup.expect_complete().times(2).returning(move |_, _, _, _| Ok(outcomes.next().expect("outcome")));
        let service = service(setup, MockUserRepository::new());
        let bad = SetupInput { email: "nope".into(), time_zone: "Atlantis/Capital".into(), ..input() };
        let error = service.complete("tok", bad).await.expect_err("invalid");
        assert_eq!(error.kind(), ErrorKind::Invalid);
        assert_eq!(error.field_errors().and_then(|e| e.get("timeZone")), Some(mandir_domain::site::INVALID_TIME_ZONE));
        let error = service.complete("tok", input()).await.expect_err("taken");
        assert_eq!((error.kind(), error.to_string()), (ErrorKind::Conflict, SETUP_EMAIL_TAKEN.to_owned()));
        assert!(matches!(service.complete("tok", input()).await, Err(SetupError::LinkInvalid)));
    }
}
