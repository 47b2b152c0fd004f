//! The member directory: search, one member, and the CSV export (staff who find members; the
//! export is the admins', and recorded). Roles: [`super::staff`].

use std::sync::Arc;

use mandir_domain::audit::AuditKind;
use mandir_domain::staff::Permission;
use mandir_domain::user::User;
use mandir_domain::{UserId, ValidationErrors};

use super::Actor;
use super::audit::{Action, Recorder, Target};
use super::paging::PageQuery;
use crate::BoxError;
use crate::ports::{MemberSearch, RepoError, UserRepository};

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
    #[error("Member not found")]
    MemberNotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(AdminError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::Forbidden => Forbidden,
    Self::MemberNotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(AdminError: RepoError);

#[derive(Clone)]
pub struct AdminService {
    users: Arc<dyn UserRepository>,
    audit: Recorder,
}

impl AdminService {
    pub fn new(users: Arc<dyn UserRepository>, audit: Recorder) -> Self {
        Self { users, audit }
    }

    /// A page of the members whose name, e-mail or phone matches every word of `q`, by name.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn members(&self, actor: &Actor, q: Option<&str>, page: &PageQuery) -> Result<MemberPage, AdminError> {
        actor.require(Permission::FindMembers)?;
        let (page, page_size) = page.read().map_err(AdminError::Validation)?;
        let search = MemberSearch { words: words(q), offset: (page - 1).saturating_mul(page_size), limit: Some(page_size) };
        let (items, total) = self.users.search(&search).await?;
        Ok(MemberPage { items, total, page, page_size })
    }

    /// Every member matching `q`, by name (the CSV export, recorded in the audit log).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn export_members(&self, actor: &Actor, q: Option<&str>) -> Result<Vec<User>, AdminError> {
        actor.require(Permission::ExportMembers)?;
        let words = words(q);
        let members = self.users.search(&MemberSearch { words: words.clone(), offset: 0, limit: None }).await?.0;
        let filter = if words.is_empty() { String::new() } else { format!(" matching \"{}\"", words.join(" ")) };
        let summary = format!("Downloaded the member list{filter} ({} members)", members.len());
        self.audit.acted(actor, Action::new(AuditKind::Exports, "export.members", Target::whole("members")), summary, Vec::new()).await;
        Ok(members)
    }

    /// One member's account.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn member(&self, actor: &Actor, id: &UserId) -> Result<User, AdminError> {
        actor.require(Permission::FindMembers)?;
        self.users.find_by_id(id).await?.ok_or(AdminError::MemberNotFound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{admin, recorder, staff, user};
    use mandir_domain::Failure;
    use mandir_domain::staff::Role;

    fn service(users: MockUserRepository) -> AdminService {
        AdminService::new(Arc::new(users), crate::services::test_fixtures::recorder().0)
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
        assert!(matches!(directory.export_members(&crate::services::test_fixtures::member(), None).await, Err(AdminError::Forbidden)));
        // The front desk finds members but takes no list away.
        assert!(matches!(directory.export_members(&staff(&[Role::FrontDesk]), None).await, Err(AdminError::Forbidden)));
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

    #[tokio::test]
    async fn the_export_is_recorded_with_its_filter_and_size() {
        let mut users = MockUserRepository::new();
        users.expect_search().withf(|s| s.limit.is_none()).returning(|_| Ok((vec![user("u1"), user("u2")], 2)));
        let (audit, entries) = recorder();
        let exported = AdminService::new(Arc::new(users), audit).export_members(&admin(), Some("rao")).await.expect("export");
        assert_eq!(exported.len(), 2);
        let entries = entries.lock().expect("lock");
        assert_eq!(entries.len(), 1);
        assert_eq!(
            (entries[0].action.as_str(), entries[0].summary.as_str()),
            ("export.members", "Downloaded the member list matching \"rao\" (2 members)")
        );
    }
}
