//! Granting and removing admin rights by e-mail (admins only).

use std::sync::Arc;

use mandir_domain::user::{ADMIN_INVALID_EMAIL, Email, User};
use mandir_domain::{ErrorKind, Failure, ValidationErrors};

use super::Actor;
use crate::BoxError;
use crate::ports::{Clock, RepoError, UserRepository};

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("No user found with that email address")]
    UserNotFound,
    #[error("You cannot remove your own admin privileges")]
    CannotRemoveSelf,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

impl Failure for AdminError {
    fn kind(&self) -> ErrorKind {
        match self {
            Self::Validation(_) | Self::CannotRemoveSelf => ErrorKind::Invalid,
            Self::Forbidden => ErrorKind::Forbidden,
            Self::UserNotFound => ErrorKind::NotFound,
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

super::unexpected_from!(AdminError: RepoError);

#[derive(Clone)]
pub struct AdminService {
    users: Arc<dyn UserRepository>,
    clock: Arc<dyn Clock>,
}

impl AdminService {
    pub fn new(users: Arc<dyn UserRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { users, clock }
    }

    async fn target(&self, actor: &Actor, email: &str) -> Result<User, AdminError> {
        if !actor.is_admin {
            return Err(AdminError::Forbidden);
        }
        let email = Email::parse(email).map_err(|_| AdminError::Validation(ValidationErrors::single("email", ADMIN_INVALID_EMAIL)))?;
        let credentials = self.users.find_by_email(&email).await?.ok_or(AdminError::UserNotFound)?;
        Ok(credentials.user)
    }

    pub async fn set_admin(&self, actor: &Actor, email: &str) -> Result<User, AdminError> {
        let user = self.target(actor, email).await?;
        Ok(self.users.set_admin(&user.id, true, &actor.user_id, self.clock.now()).await?)
    }

    pub async fn remove_admin(&self, actor: &Actor, email: &str) -> Result<User, AdminError> {
        let user = self.target(actor, email).await?;
        if user.id == actor.user_id {
            return Err(AdminError::CannotRemoveSelf);
        }
        Ok(self.users.set_admin(&user.id, false, &actor.user_id, self.clock.now()).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::UserCredentials;
    use crate::ports::clock::MockClock;
    use crate::ports::user_repository::MockUserRepository;
    use chrono::Utc;

    fn member(id: &str, admin: bool) -> User {
        User {
            id: id.into(),
            username: None,
            first_name: "Sita".into(),
            last_name: "Devi".into(),
            email: Email::parse(&format!("{id}@example.org")).expect("email"),
            phone_number: None,
            gotram_id: None,
            custom_gotram: None,
            email_verified: true,
            is_admin: admin,
            token_version: 0,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    fn service(users: MockUserRepository) -> AdminService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(Utc::now);
        AdminService::new(Arc::new(users), Arc::new(clock))
    }

    fn admin() -> Actor {
        Actor { user_id: "boss".into(), email: "boss@example.org".into(), is_admin: true }
    }

    #[tokio::test]
    async fn members_cannot_grant() {
        let service = service(MockUserRepository::new());
        let actor = Actor { is_admin: false, ..admin() };
        assert!(matches!(service.set_admin(&actor, "x@example.org").await, Err(AdminError::Forbidden)));
        assert!(matches!(service.remove_admin(&actor, "x@example.org").await, Err(AdminError::Forbidden)));
    }

    #[tokio::test]
    async fn admin_grants_by_email() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|e| {
            let id = e.as_str().split('@').next().unwrap_or_default().to_owned();
            Ok(Some(UserCredentials { user: member(&id, false), password_hash: String::new() }))
        });
        users
            .expect_set_admin()
            .withf(|id, admin, by, _| id == "sita" && *admin && by == "boss")
            .returning(|id, _, _, _| Ok(member(id, true)));
        let user = service(users).set_admin(&admin(), "Sita@Example.org").await.expect("granted");
        assert!(user.is_admin);
    }

    #[tokio::test]
    async fn unknown_email_is_not_found_and_bad_email_invalid() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| Ok(None));
        let service = service(users);
        assert!(matches!(service.set_admin(&admin(), "nobody@example.org").await, Err(AdminError::UserNotFound)));
        let error = service.set_admin(&admin(), "not-an-email").await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("email")), Some(ADMIN_INVALID_EMAIL));
    }

    #[tokio::test]
    async fn admin_cannot_remove_self() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: member("boss", true), password_hash: String::new() })));
        users.expect_set_admin().never();
        let error = service(users).remove_admin(&admin(), "boss@example.org").await.expect_err("refused");
        assert!(matches!(error, AdminError::CannotRemoveSelf));
    }
}
