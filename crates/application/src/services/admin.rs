//! The member directory (search, one member, export) and granting and removing admin rights by
//! e-mail (admins only).

use std::sync::Arc;

use mandir_domain::user::{ADMIN_INVALID_EMAIL, Email, User};
use mandir_domain::{UserId, ValidationErrors};

use super::Actor;
use super::payments::PageQuery;
use crate::BoxError;
use crate::ports::{AdminRemoval, ChangeNotifier, Clock, MemberSearch, RepoError, Topic, UserRepository};

/// Removing admin rights would leave the site with none (two admins removing each other at once:
/// the second change finds the first one done).
pub const LAST_ADMIN: &str = "The site must keep at least one admin: make another member an admin first";

/// At most this many words of a directory search are used.
const MAX_SEARCH_WORDS: usize = 8;

/// One page of the member directory and how many members match in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberPage {
    pub items: Vec<User>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
}

fn words(q: Option<&str>) -> Vec<String> {
    q.unwrap_or_default().split_whitespace().take(MAX_SEARCH_WORDS).map(|w| w.chars().take(100).collect()).collect()
}

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("No user found with that email address")]
    UserNotFound,
    #[error("Member not found")]
    MemberNotFound,
    #[error("You cannot remove your own admin privileges")]
    CannotRemoveSelf,
    #[error("This member has not verified their email address yet; only verified accounts can be made admins")]
    NotVerified,
    #[error("{}", LAST_ADMIN)]
    LastAdmin,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(AdminError, fields: Validation, {
    Self::Validation(_) | Self::CannotRemoveSelf => Invalid,
    Self::Forbidden => Forbidden,
    Self::UserNotFound | Self::MemberNotFound => NotFound,
    Self::NotVerified | Self::LastAdmin => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(AdminError: RepoError);

/// The account went between its lookup and the change.
fn gone(error: RepoError) -> AdminError {
    match error {
        RepoError::NotFound => AdminError::UserNotFound,
        other => other.into(),
    }
}

#[derive(Clone)]
pub struct AdminService {
    users: Arc<dyn UserRepository>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
}

impl AdminService {
    pub fn new(users: Arc<dyn UserRepository>, clock: Arc<dyn Clock>, changes: Arc<dyn ChangeNotifier>) -> Self {
        Self { users, clock, changes }
    }

    /// A page of the members whose name, e-mail or phone matches every word of `q`, by name.
    pub async fn members(&self, actor: &Actor, q: Option<&str>, page: &PageQuery) -> Result<MemberPage, AdminError> {
        actor.require_admin()?;
        let (page, page_size) = page.read().map_err(AdminError::Validation)?;
        let search = MemberSearch { words: words(q), offset: (page - 1).saturating_mul(page_size), limit: Some(page_size) };
        let (items, total) = self.users.search(&search).await?;
        Ok(MemberPage { items, total, page, page_size })
    }

    /// Every member matching `q`, by name (the CSV export).
    pub async fn all_members(&self, actor: &Actor, q: Option<&str>) -> Result<Vec<User>, AdminError> {
        actor.require_admin()?;
        Ok(self.users.search(&MemberSearch { words: words(q), offset: 0, limit: None }).await?.0)
    }

    /// One member's account.
    pub async fn member(&self, actor: &Actor, id: &UserId) -> Result<User, AdminError> {
        actor.require_admin()?;
        self.users.find_by_id(id).await?.ok_or(AdminError::MemberNotFound)
    }

    async fn target(&self, actor: &Actor, email: &str) -> Result<User, AdminError> {
        actor.require_admin()?;
        let email = Email::parse(email).map_err(|_| AdminError::Validation(ValidationErrors::single("email", ADMIN_INVALID_EMAIL)))?;
        let credentials = self.users.find_by_email(&email).await?.ok_or(AdminError::UserNotFound)?;
        Ok(credentials.user)
    }

    /// Grants admin rights to a verified account (an address nobody proved to own must not hold them).
    pub async fn set_admin(&self, actor: &Actor, email: &str) -> Result<User, AdminError> {
        let user = self.target(actor, email).await?;
        if !user.email_verified {
            return Err(AdminError::NotVerified);
        }
        let user = self.users.grant_admin(&user.id, &actor.user_id, self.clock.now()).await.map_err(gone)?;
        self.changes.publish(Topic::Users).await;
        Ok(user)
    }

    /// Removes another admin's rights. The site keeps at least one admin: the repository checks
    /// it in the change's transaction, where admin changes take turns.
    pub async fn remove_admin(&self, actor: &Actor, email: &str) -> Result<User, AdminError> {
        let user = self.target(actor, email).await?;
        if user.id == actor.user_id {
            return Err(AdminError::CannotRemoveSelf);
        }
        match self.users.remove_admin(&user.id, &actor.user_id, self.clock.now()).await.map_err(gone)? {
            AdminRemoval::Done(user) => {
                self.changes.publish(Topic::Users).await;
                Ok(user)
            }
            AdminRemoval::LastAdmin => Err(AdminError::LastAdmin),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::UserCredentials;
    use crate::ports::clock::MockClock;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{admin, user};
    use chrono::Utc;
    use mandir_domain::Failure;

    fn member(id: &str, admin: bool) -> User {
        User { is_admin: admin, ..user(id) }
    }

    fn service(users: MockUserRepository) -> AdminService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(Utc::now);
        AdminService::new(Arc::new(users), Arc::new(clock), crate::services::test_fixtures::changes())
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
        users.expect_grant_admin().withf(|id, by, _| id == "sita" && by == "admin").returning(|id, _, _| Ok(member(id, true)));
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
    async fn unverified_accounts_cannot_be_made_admins() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| {
            Ok(Some(UserCredentials { user: User { email_verified: false, ..member("sita", false) }, password_hash: String::new() }))
        });
        users.expect_grant_admin().never();
        let error = service(users).set_admin(&admin(), "sita@example.org").await.expect_err("refused");
        assert!(matches!(error, AdminError::NotVerified));
        assert_eq!(error.kind(), mandir_domain::ErrorKind::Conflict);
    }

    #[tokio::test]
    async fn admin_cannot_remove_self() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: member("admin", true), password_hash: String::new() })));
        users.expect_remove_admin().never();
        let error = service(users).remove_admin(&admin(), "admin@example.org").await.expect_err("refused");
        assert!(matches!(error, AdminError::CannotRemoveSelf));
    }

    #[tokio::test]
    async fn removing_the_last_admin_is_a_conflict() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: member("sita", true), password_hash: String::new() })));
        users
            .expect_remove_admin()
            .withf(|id, by, _| id == "sita" && by == "admin")
            .times(1)
            .returning(|_, _, _| Ok(AdminRemoval::LastAdmin));
        let error = service(users).remove_admin(&admin(), "sita@example.org").await.expect_err("refused");
        assert!(matches!(error, AdminError::LastAdmin));
        assert_eq!((error.kind(), error.to_string()), (mandir_domain::ErrorKind::Conflict, LAST_ADMIN.to_owned()));
    }

    #[tokio::test]
    async fn removing_rights_answers_the_member() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| Ok(Some(UserCredentials { user: member("sita", true), password_hash: String::new() })));
        users.expect_remove_admin().returning(|id, _, _| Ok(AdminRemoval::Done(member(id, false))));
        let user = service(users).remove_admin(&admin(), "sita@example.org").await.expect("removed");
        assert!(!user.is_admin);
    }

    #[tokio::test]
    async fn the_directory_is_for_admins_and_pages_the_search() {
        let mut users = MockUserRepository::new();
        users.expect_search().never();
        let directory = service(users);
        assert!(matches!(
            directory.members(&crate::services::test_fixtures::member(), None, &PageQuery::default()).await,
            Err(AdminError::Forbidden)
        ));
        assert!(matches!(directory.all_members(&crate::services::test_fixtures::member(), None).await, Err(AdminError::Forbidden)));
        assert!(matches!(directory.member(&crate::services::test_fixtures::member(), &"u".into()).await, Err(AdminError::Forbidden)));
        let bad = PageQuery { page: Some("0".into()), page_size: Some("500".into()) };
        let error = directory.members(&admin(), None, &bad).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("pageSize")), Some("Page size must be a whole number from 1 to 100"));

        let mut users = MockUserRepository::new();
        users
            .expect_search()
            .withf(|s| s.words == ["ravi", "916"] && s.offset == 20 && s.limit == Some(10))
            .returning(|_| Ok((vec![user("u")], 21)));
        let directory = service(users);
        let page = PageQuery { page: Some("3".into()), page_size: Some("10".into()) };
        let found = directory.members(&admin(), Some("  ravi   916 "), &page).await.expect("page");
        assert_eq!((found.items.len(), found.total, found.page, found.page_size), (1, 21, 3, 10));
    }
}
