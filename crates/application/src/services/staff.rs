//! Staff roles: who holds which, and changing them (admins, and `mandir grant-role` /
//! `revoke-role` on the command line). Every change is recorded in the audit log, in the
//! change's own transaction (docs/decisions/0126-staff-roles.md).

use std::sync::Arc;

use mandir_domain::audit::AuditKind;
use mandir_domain::priest::Priest;
use mandir_domain::staff::{Permission, Role, RoleChange, Roles};
use mandir_domain::user::{ADMIN_INVALID_EMAIL, Email, User};
use mandir_domain::{PriestId, ValidationErrors};

use super::Actor;
use super::audit::{Action, Recorder, Target};
use crate::BoxError;
use crate::ports::{AdminRemoval, ChangeNotifier, Clock, PriestRepository, RepoError, RolesChanged, Topic, UserRepository};

/// Removing the admin role would leave the site with none (two admins removing each other at
/// once: the second change finds the first one done).
pub const LAST_ADMIN: &str = "The site must keep at least one admin: make another member an admin first";

#[derive(Debug, thiserror::Error)]
pub enum StaffError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("No user found with that email address")]
    UserNotFound,
    #[error("You cannot remove your own admin privileges")]
    CannotRemoveSelf,
    #[error("This member has not verified their email address yet; only verified accounts can be given staff roles")]
    NotVerified,
    #[error("{}", LAST_ADMIN)]
    LastAdmin,
    #[error("Priest not found")]
    PriestNotFound,
    /// Linking a priest's profile to an account refused (not a priest, linked elsewhere).
    #[error("{0}")]
    Conflict(&'static str),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(StaffError, fields: Validation, {
    Self::Validation(_) | Self::CannotRemoveSelf => Invalid,
    Self::Forbidden => Forbidden,
    Self::UserNotFound | Self::PriestNotFound => NotFound,
    Self::NotVerified | Self::LastAdmin | Self::Conflict(_) => Conflict,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(StaffError: RepoError);

/// Linking a priest's profile to an account that does not hold the priest role.
pub const NOT_A_PRIEST: &str = "This account does not hold the priest role: give it the role first";
/// The account is already linked to another priest's profile.
pub const LINKED_ELSEWHERE: &str = "This account is already linked to another priest's profile: unlink it there first";

/// An account holding staff roles, with the priest's profile it is linked to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffMember {
    pub user: User,
    pub priest: Option<Priest>,
}

/// Who is changing roles: an admin over HTTP, or the command line.
enum By<'a> {
    Admin(&'a Actor),
    CommandLine,
}

#[derive(Clone)]
pub struct StaffService {
    users: Arc<dyn UserRepository>,
    priests: Arc<dyn PriestRepository>,
    clock: Arc<dyn Clock>,
    changes: Arc<dyn ChangeNotifier>,
    audit: Recorder,
}

impl StaffService {
    pub fn new(
        users: Arc<dyn UserRepository>,
        priests: Arc<dyn PriestRepository>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
        audit: Recorder,
    ) -> Self {
        Self { users, priests, clock, changes, audit }
    }

    /// Every account holding a staff role, by name, with the priest's profile each is linked to.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn staff(&self, actor: &Actor) -> Result<Vec<StaffMember>, StaffError> {
        actor.require(Permission::ManageStaff)?;
        let priests = self.priests.list().await?;
        let users = self.users.staff().await?;
        Ok(users
            .into_iter()
            .map(|user| {
                let priest = priests.iter().find(|p| p.user_id.as_ref() == Some(&user.id)).cloned();
                StaffMember { user, priest }
            })
            .collect())
    }

    /// Links a priest's profile to the account at `email` (which must hold the priest role), or
    /// unlinks it (`None`). The priest then sees the sevas assigned to that profile.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, priest = %priest_id))]
    pub async fn link_priest(&self, actor: &Actor, priest_id: &PriestId, email: Option<&str>) -> Result<Priest, StaffError> {
        actor.require(Permission::ManageStaff)?;
        let before = self.priests.get(priest_id).await?.ok_or(StaffError::PriestNotFound)?;
        let account = match email.map(str::trim).filter(|e| !e.is_empty()) {
            None => None,
            Some(email) => {
                let email =
                    Email::parse(email).map_err(|_| StaffError::Validation(ValidationErrors::single("email", ADMIN_INVALID_EMAIL)))?;
                let user = self.users.find_by_email(&email).await?.ok_or(StaffError::UserNotFound)?.user;
                if !user.roles.has(Role::Priest) {
                    return Err(StaffError::Conflict(NOT_A_PRIEST));
                }
                Some(user)
            }
        };
        let linked =
            self.priests.set_account(priest_id, account.as_ref().map(|u| u.id.clone()), self.clock.now()).await.map_err(|e| match e {
                RepoError::NotFound => StaffError::PriestNotFound,
                RepoError::Conflict(_) => StaffError::Conflict(LINKED_ELSEWHERE),
                other => other.into(),
            })?;
        let summary = match &account {
            Some(user) => format!("Linked the priest {} to the account {}", linked.name, user.email.as_str()),
            None => format!("Unlinked the priest {} from their account", linked.name),
        };
        let action = Action::new(AuditKind::Roles, "priest.link", Target::of("priest", priest_id));
        self.audit.changed(actor, action, summary, Some(&before), Some(&linked)).await;
        self.changes.publish(Topic::Site).await;
        Ok(linked)
    }

    /// Gives the account at `email` exactly the roles named (none: an ordinary member again);
    /// answers it as the staff list shows it, with its linked priest's profile.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn set_roles(&self, actor: &Actor, email: &str, roles: &[String]) -> Result<StaffMember, StaffError> {
        actor.require(Permission::ManageStaff)?;
        let roles = Roles::parse_names(roles).map_err(|message| StaffError::Validation(ValidationErrors::single("roles", message)))?;
        let user = self.change(By::Admin(actor), email, RoleChange::Exactly(roles)).await?;
        let priest = self.priests.list().await?.into_iter().find(|p| p.user_id.as_ref() == Some(&user.id));
        Ok(StaffMember { user, priest })
    }

    /// Adds `role` to the account's roles.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn grant(&self, actor: &Actor, email: &str, role: Role) -> Result<User, StaffError> {
        actor.require(Permission::ManageStaff)?;
        self.change(By::Admin(actor), email, RoleChange::Grant(role)).await
    }

    /// Takes `role` from the account.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn revoke(&self, actor: &Actor, email: &str, role: Role) -> Result<User, StaffError> {
        actor.require(Permission::ManageStaff)?;
        self.change(By::Admin(actor), email, RoleChange::Revoke(role)).await
    }

    /// `mandir grant-role` and `mandir revoke-role`: whoever runs the command holds the
    /// database, so no account's permission is asked; the audit log names the command line.
    #[tracing::instrument(skip_all)]
    pub async fn change_from_command_line(&self, email: &str, change: RoleChange) -> Result<User, StaffError> {
        self.change(By::CommandLine, email, change).await
    }

    async fn change(&self, by: By<'_>, email: &str, change: RoleChange) -> Result<User, StaffError> {
        let email = Email::parse(email).map_err(|_| StaffError::Validation(ValidationErrors::single("email", ADMIN_INVALID_EMAIL)))?;
        let user = self.users.find_by_email(&email).await?.ok_or(StaffError::UserNotFound)?.user;
        if let By::Admin(actor) = by
            && user.id == actor.user_id
            && change.removes(Role::Admin)
        {
            return Err(StaffError::CannotRemoveSelf);
        }
        // An address nobody proved to own must not hold any key.
        if change.may_add() && !user.email_verified {
            return Err(StaffError::NotVerified);
        }
        let summary = format!("Changed the roles of {} {} ({})", user.first_name, user.last_name, user.email.as_str());
        let action = Action::new(AuditKind::Roles, "roles.change", Target::of("user", &user.id));
        let actor = match by {
            By::Admin(actor) => Some(actor),
            By::CommandLine => None,
        };
        let entry = self.audit.entry(actor, action, summary);
        match self.users.set_roles(&user.id, change, entry).await.map_err(|error| match error {
            RepoError::NotFound => StaffError::UserNotFound,
            other => other.into(),
        })? {
            AdminRemoval::Done(RolesChanged { before, user }) => {
                if before != user.roles {
                    tracing::info!(user = %user.id, before = %before.stored(), after = %user.roles.stored(), "staff roles changed");
                    self.changes.publish(Topic::Users).await;
                }
                Ok(user)
            }
            AdminRemoval::LastAdmin => Err(StaffError::LastAdmin),
        }
    }
}

#[cfg(test)]
mod tests {
    use mandir_domain::Failure;

    use super::*;
    use crate::ports::UserCredentials;
    use crate::ports::priest_repository::MockPriestRepository;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{admin, member, recorder, staff, user};

    fn account(id: &str, roles: &[Role]) -> User {
        User { roles: Roles::of(roles), ..user(id) }
    }

    fn found(users: &mut MockUserRepository, account: User) {
        users.expect_find_by_email().returning(move |_| Ok(Some(UserCredentials { user: account.clone(), password_hash: String::new() })));
    }

    fn service(users: MockUserRepository) -> StaffService {
        service_with(users, MockPriestRepository::new())
    }

    fn service_with(users: MockUserRepository, priests: MockPriestRepository) -> StaffService {
        let mut clock = crate::ports::clock::MockClock::new();
        clock.expect_now().returning(crate::services::test_fixtures::now);
        StaffService::new(Arc::new(users), Arc::new(priests), Arc::new(clock), crate::services::test_fixtures::changes(), recorder().0)
    }

    #[tokio::test]
    async fn only_admins_change_roles_or_list_the_staff() {
        let service = service(MockUserRepository::new());
        for actor in [member(), staff(&[Role::Treasurer, Role::Editor, Role::FrontDesk, Role::Priest, Role::VolunteerCoordinator])] {
            assert!(matches!(service.grant(&actor, "x@example.org", Role::Treasurer).await, Err(StaffError::Forbidden)));
            assert!(matches!(service.revoke(&actor, "x@example.org", Role::Admin).await, Err(StaffError::Forbidden)));
            assert!(matches!(service.set_roles(&actor, "x@example.org", &[]).await, Err(StaffError::Forbidden)));
            assert!(matches!(service.staff(&actor).await, Err(StaffError::Forbidden)));
        }
    }

    #[tokio::test]
    async fn an_admin_sets_roles_by_email_and_the_entry_goes_with_the_change() {
        let mut users = MockUserRepository::new();
        found(&mut users, account("sita", &[]));
        users
            .expect_set_roles()
            .withf(|id, change, entry| {
                id == "sita"
                    && *change == RoleChange::Exactly(Roles::of(&[Role::Treasurer, Role::FrontDesk]))
                    && entry.action == "roles.change"
                    && entry.actor_id.as_deref() == Some("admin")
                    && entry.summary.contains("sita@example.org")
            })
            .times(1)
            .returning(|id, change, _| {
                Ok(AdminRemoval::Done(RolesChanged {
                    before: Roles::NONE,
                    user: account(id, &change.apply(Roles::NONE).iter().collect::<Vec<_>>()),
                }))
            });
        let mut priests = MockPriestRepository::new();
        priests.expect_list().returning(|| Ok(vec![priest("p1", Some("sita")), priest("p2", None)]));
        let names = ["treasurer".to_owned(), "front_desk".to_owned()];
        let member = service_with(users, priests).set_roles(&admin(), "Sita@Example.org", &names).await.expect("set");
        assert_eq!(member.user.roles, Roles::of(&[Role::Treasurer, Role::FrontDesk]));
        assert_eq!(member.priest.map(|p| p.id), Some("p1".into()), "answered with the linked priest's profile");
    }

    #[tokio::test]
    async fn unknown_roles_bad_addresses_and_unknown_accounts_are_refused() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|_| Ok(None));
        let service = service(users);
        let error = service.set_roles(&admin(), "sita@example.org", &["wizard".to_owned()]).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("roles")), Some(mandir_domain::staff::UNKNOWN_ROLE));
        let error = service.grant(&admin(), "not-an-email", Role::Editor).await.expect_err("invalid");
        assert_eq!(error.field_errors().and_then(|e| e.get("email")), Some(ADMIN_INVALID_EMAIL));
        assert!(matches!(service.grant(&admin(), "nobody@example.org", Role::Editor).await, Err(StaffError::UserNotFound)));
    }

    #[tokio::test]
    async fn unverified_accounts_get_no_role_but_may_lose_one() {
        let mut users = MockUserRepository::new();
        found(&mut users, User { email_verified: false, ..account("sita", &[Role::Editor]) });
        users.expect_set_roles().times(1).returning(|id, _, _| {
            Ok(AdminRemoval::Done(RolesChanged {
                before: Roles::of(&[Role::Editor]),
                user: User { email_verified: false, ..account(id, &[]) },
            }))
        });
        let service = service(users);
        let error = service.grant(&admin(), "sita@example.org", Role::Treasurer).await.expect_err("refused");
        assert!(matches!(error, StaffError::NotVerified));
        assert_eq!(error.kind(), mandir_domain::ErrorKind::Conflict);
        service.revoke(&admin(), "sita@example.org", Role::Editor).await.expect("revoked");
    }

    #[tokio::test]
    async fn an_admin_cannot_remove_their_own_admin_role_but_may_change_the_rest() {
        let mut users = MockUserRepository::new();
        found(&mut users, account("admin", &[Role::Admin]));
        users.expect_set_roles().withf(|_, change, _| *change == RoleChange::Grant(Role::Priest)).times(1).returning(|id, _, _| {
            Ok(AdminRemoval::Done(RolesChanged { before: Roles::of(&[Role::Admin]), user: account(id, &[Role::Admin, Role::Priest]) }))
        });
        let service = service(users);
        assert!(matches!(service.revoke(&admin(), "admin@example.org", Role::Admin).await, Err(StaffError::CannotRemoveSelf)));
        let names = ["treasurer".to_owned()];
        assert!(matches!(service.set_roles(&admin(), "admin@example.org", &names).await, Err(StaffError::CannotRemoveSelf)));
        service.grant(&admin(), "admin@example.org", Role::Priest).await.expect("granted");
    }

    #[tokio::test]
    async fn removing_the_last_admin_is_a_conflict() {
        let mut users = MockUserRepository::new();
        found(&mut users, account("sita", &[Role::Admin]));
        users.expect_set_roles().times(1).returning(|_, _, _| Ok(AdminRemoval::LastAdmin));
        let error = service(users).revoke(&admin(), "sita@example.org", Role::Admin).await.expect_err("refused");
        assert!(matches!(error, StaffError::LastAdmin));
        assert_eq!((error.kind(), error.to_string()), (mandir_domain::ErrorKind::Conflict, LAST_ADMIN.to_owned()));
    }

    #[tokio::test]
    async fn the_command_line_is_named_as_the_actor() {
        let mut users = MockUserRepository::new();
        found(&mut users, account("sita", &[]));
        users
            .expect_set_roles()
            .withf(|_, _, entry| entry.actor_id.is_none() && entry.actor_email == super::super::audit::COMMAND_LINE)
            .times(1)
            .returning(|id, _, _| Ok(AdminRemoval::Done(RolesChanged { before: Roles::NONE, user: account(id, &[Role::Priest]) })));
        let user = service(users).change_from_command_line("sita@example.org", RoleChange::Grant(Role::Priest)).await.expect("granted");
        assert!(user.roles.has(Role::Priest));
    }

    fn priest(id: &str, user: Option<&str>) -> Priest {
        Priest { name: "Sri Ramana Sastry".into(), user_id: user.map(Into::into), ..mandir_domain::testing::priest(id) }
    }

    #[tokio::test]
    async fn a_priests_profile_links_only_to_an_account_holding_the_priest_role() {
        let mut users = MockUserRepository::new();
        users.expect_find_by_email().returning(|email| {
            let roles: &[Role] = if email.as_str().starts_with("ramana") { &[Role::Priest] } else { &[Role::Editor] };
            Ok(Some(UserCredentials {
                user: account(email.as_str().split('@').next().unwrap_or_default(), roles),
                password_hash: String::new(),
            }))
        });
        let mut priests = MockPriestRepository::new();
        priests.expect_get().returning(|id| Ok(Some(priest(id, None))));
        priests
            .expect_set_account()
            .withf(|id, user, _| id == "p1" && user.as_ref().is_some_and(|u| u == "ramana"))
            .times(1)
            .returning(|id, user, _| Ok(priest(id, user.as_deref())));
        priests.expect_set_account().withf(|_, user, _| user.is_none()).times(1).returning(|id, _, _| Ok(priest(id, None)));
        let service = service_with(users, priests);
        assert!(matches!(service.link_priest(&member(), &"p1".into(), Some("ramana@example.org")).await, Err(StaffError::Forbidden)));
        let error = service.link_priest(&admin(), &"p1".into(), Some("editor@example.org")).await.expect_err("not a priest");
        assert_eq!((error.kind(), error.to_string()), (mandir_domain::ErrorKind::Conflict, NOT_A_PRIEST.to_owned()));
        let linked = service.link_priest(&admin(), &"p1".into(), Some("ramana@example.org")).await.expect("linked");
        assert_eq!(linked.user_id.as_deref(), Some("ramana"));
        let unlinked = service.link_priest(&admin(), &"p1".into(), Some("  ")).await.expect("unlinked");
        assert_eq!(unlinked.user_id, None);
    }
}
