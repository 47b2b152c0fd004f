//! A member's own profile.

use std::sync::Arc;

use mandir_domain::ValidationErrors;
use mandir_domain::gotram::Gotram;
use mandir_domain::user::{ProfileInput, User};

use super::Actor;
use crate::BoxError;
use crate::ports::{ChangeNotifier, Clock, GotramRepository, RepoError, Topic, UserRepository};

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("User not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(ProfileError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(ProfileError: RepoError);

/// A user with the gotram they chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserProfile {
    pub user: User,
    pub gotram: Option<Gotram>,
}

#[derive(Clone)]
pub struct ProfileService {
    users: Arc<dyn UserRepository>,
    gotrams: Arc<dyn GotramRepository>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
}

impl ProfileService {
    pub fn new(
        users: Arc<dyn UserRepository>,
        gotrams: Arc<dyn GotramRepository>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
    ) -> Self {
        Self { users, gotrams, clock, changes }
    }

    /// Joins the user's gotram.
    #[tracing::instrument(skip_all)]
    pub async fn profile_of(&self, user: User) -> Result<UserProfile, ProfileError> {
        let gotram = match user.gotram_id {
            Some(id) => self.gotrams.get(id).await?,
            None => None,
        };
        Ok(UserProfile { user, gotram })
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn update_own(&self, actor: &Actor, input: ProfileInput) -> Result<UserProfile, ProfileError> {
        let update = input.validate().map_err(ProfileError::Validation)?;
        let gotram =
            match update.gotram_id {
                Some(id) => Some(self.gotrams.get(id).await?.ok_or_else(|| {
                    ProfileError::Validation(ValidationErrors::single("gotramId", "Please choose a gotram from the list"))
                })?),
                None => None,
            };
        let user = self.users.update_profile(&actor.user_id, &update, self.clock.now()).await.map_err(|e| match e {
            RepoError::NotFound => ProfileError::NotFound,
            other => other.into(),
        })?;
        // Sessions keep the user, which `GET /api/users/me` shows.
        self.changes.publish(Topic::Users).await;
        Ok(UserProfile { user, gotram })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::clock::MockClock;
    use crate::ports::gotram_repository::MockGotramRepository;
    use crate::ports::user_repository::MockUserRepository;
    use chrono::Utc;
    use mandir_domain::Failure;
    use mandir_domain::user::Email;

    fn actor() -> Actor {
        Actor {
            user_id: "u1".into(),
            email: "a@b.co".into(),
            roles: mandir_domain::staff::Roles::NONE,
            email_verified: true,
            address: None,
        }
    }

    fn user() -> User {
        User {
            id: "u1".into(),
            username: None,
            first_name: "Ravi".into(),
            last_name: "Kumar".into(),
            email: Email::parse("a@b.co").expect("email"),
            phone_number: None,
            gotram_id: Some(3),
            custom_gotram: None,
            mailing_address: None,
            email_verified: true,
            roles: mandir_domain::staff::Roles::NONE,
            token_version: 0,
            language: mandir_domain::language::Language::English,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    fn clock() -> Arc<MockClock> {
        let mut clock = MockClock::new();
        clock.expect_now().returning(Utc::now);
        Arc::new(clock)
    }

    #[tokio::test]
    async fn update_changes_only_the_callers_profile() {
        let mut users = MockUserRepository::new();
        users.expect_update_profile().withf(|id, u, _| id == "u1" && u.first_name == "Ravi").returning(|_, _, _| Ok(user()));
        let mut gotrams = MockGotramRepository::new();
        gotrams
            .expect_get()
            .returning(|id| Ok(Some(Gotram { id, gotranamalu: "Kashyapa".into(), nakshtram: "Rohini".into(), rasi: "Vrishabha".into() })));
        let service = ProfileService::new(Arc::new(users), Arc::new(gotrams), clock(), crate::services::test_fixtures::changes());
        let input = ProfileInput { first_name: "Ravi".into(), last_name: "Kumar".into(), gotram_id: Some(3), ..ProfileInput::default() };
        let profile = service.update_own(&actor(), input).await.expect("updated");
        assert_eq!(profile.gotram.map(|g| g.label()), Some("Kashyapa - Rohini (Vrishabha)".into()));
    }

    #[tokio::test]
    async fn update_refuses_unknown_gotram_and_bad_names() {
        let mut gotrams = MockGotramRepository::new();
        gotrams.expect_get().returning(|_| Ok(None));
        let service =
            ProfileService::new(Arc::new(MockUserRepository::new()), Arc::new(gotrams), clock(), crate::services::test_fixtures::changes());
        let input = ProfileInput { first_name: "Ravi".into(), last_name: "Kumar".into(), gotram_id: Some(99), ..ProfileInput::default() };
        assert!(matches!(service.update_own(&actor(), input).await, Err(ProfileError::Validation(_))));
        let input = ProfileInput { first_name: "R".into(), ..ProfileInput::default() };
        let error = service.update_own(&actor(), input).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("firstName")), Some("First name is required"));
    }
}
