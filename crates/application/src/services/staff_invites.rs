//! Inviting staff by e-mail (docs/decisions/0128-staff-invitations.md). An admin
//! invites an address with roles; the address gets a link that works once, for
//! [`INVITATION_DAYS`]. Opened by someone without an account, it makes a verified account holding
//! the roles (the link reached the address); opened by the owner of the account at that address,
//! signed in, it adds the roles to it. Sending, withdrawing and accepting are each recorded in
//! the audit log, in their own transaction.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use mandir_domain::audit::AuditKind;
use mandir_domain::staff::{Permission, Role, Roles};
use mandir_domain::user::{Email, SignUpInput, User};
use mandir_domain::{UserId, ValidationErrors};

use super::audit::{Action, Recorder, Target};
use super::rate_limits::ClientAddress;
use super::{Actor, hash_secret, new_id, new_secret};
use crate::BoxError;
use crate::email::{EmailTemplates, SiteContext, StaffInvitationEmail};
use crate::ports::{
    Accepted, Acceptor, ChangeNotifier, Clock, HashError, IssuedToken, Mailer, NewUserRecord, PasswordHasher, RepoError, StaffInvitation,
    StaffInvitationRepository, TempleName, TokenError, TokenIssuer, TokenSubject, Topic, UserRepository,
};

/// How long an invitation's link works.
pub const INVITATION_DAYS: i64 = 7;

pub const ROLES_REQUIRED: &str = "Choose at least one role";
pub const ALREADY_HOLDS: &str = "This account already holds these roles";
pub const INVALID_INVITATION: &str = "This invitation link is invalid, has expired or has already been used";
pub const ACCOUNT_EXISTS_NOW: &str = "An account with this email exists now: sign in to it, then open the link again to accept";
pub const SIGN_IN_TO_ACCEPT: &str = "Sign in to the account this invitation was sent to, then accept";

#[derive(Debug, thiserror::Error)]
pub enum InviteError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Admin access required")]
    Forbidden,
    #[error("{}", INVALID_INVITATION)]
    InvalidLink,
    #[error("{}", SIGN_IN_TO_ACCEPT)]
    SignInRequired,
    /// Signed in to another account than the invitation's.
    #[error("This invitation was sent to {0}: sign out, then sign in to that account to accept")]
    OtherAccount(String),
    #[error("{0}")]
    Conflict(&'static str),
    #[error("Invitation not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(InviteError, fields: Validation, {
    Self::Validation(_) | Self::InvalidLink => Invalid,
    Self::Forbidden | Self::OtherAccount(_) => Forbidden,
    Self::SignInRequired => Unauthenticated,
    Self::Conflict(_) => Conflict,
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(InviteError: RepoError, HashError, TokenError);

impl From<super::PermissionRequired> for InviteError {
    fn from(_: super::PermissionRequired) -> Self {
        Self::Forbidden
    }
}

/// A pending invitation, as the staff page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingInvitation {
    pub invitation: StaffInvitation,
    pub expired: bool,
    /// Whether an account has the address (accepting then adds the roles to it).
    pub existing_account: bool,
}

/// What the link's page shows before the invitation is accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvitationPreview {
    pub email: Email,
    pub roles: Roles,
    pub invited_by: Option<String>,
    pub existing_account: bool,
    pub expires_at: DateTime<Utc>,
}

/// What a new account gives when accepting (the address is the invitation's).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewStaffAccount {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: String,
    pub password: String,
}

/// The account that accepted; with a session token when it was made just now.
#[derive(Debug, Clone)]
pub struct InvitationAccepted {
    pub user: User,
    pub token: Option<IssuedToken>,
}

/// "Treasurer", "Treasurer and Front desk", "Admin, Treasurer and Priest".
pub fn role_labels(roles: Roles) -> String {
    let labels: Vec<&str> = roles.iter().map(Role::label).collect();
    match labels.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

pub struct StaffInviteDeps {
    pub invitations: Arc<dyn StaffInvitationRepository>,
    pub users: Arc<dyn UserRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub tokens: Arc<dyn TokenIssuer>,
    pub mailer: Arc<dyn Mailer>,
    pub temple: Arc<dyn TempleName>,
    pub clock: Arc<dyn Clock>,
    pub changes: Arc<dyn ChangeNotifier>,
    pub audit: Recorder,
    pub public_url: String,
}

#[derive(Clone)]
pub struct StaffInviteService {
    deps: Arc<StaffInviteDeps>,
    templates: Arc<EmailTemplates>,
}

impl StaffInviteService {
    pub fn new(deps: StaffInviteDeps) -> Self {
        Self { deps: Arc::new(deps), templates: Arc::new(EmailTemplates::new()) }
    }

    fn link(&self, token: &str) -> String {
        format!("{}/staff-invite?token={token}", self.deps.public_url.trim_end_matches('/'))
    }

    async fn account_at(&self, email: &Email) -> Result<Option<User>, InviteError> {
        Ok(self.deps.users.find_by_email(email).await?.map(|c| c.user))
    }

    /// Every pending invitation, newest first (expired ones marked).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn pending(&self, actor: &Actor) -> Result<Vec<PendingInvitation>, InviteError> {
        actor.require(Permission::ManageStaff)?;
        let now = self.deps.clock.now();
        let mut pending = Vec::new();
        for invitation in self.deps.invitations.pending().await? {
            let existing_account = self.account_at(&invitation.email).await?.is_some();
            pending.push(PendingInvitation { expired: invitation.expires_at <= now, existing_account, invitation });
        }
        Ok(pending)
    }

    /// Invites `email` to hold `roles`, replacing a pending invitation for it, and e-mails the
    /// link. Refused when the account at that address holds every one of the roles already.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn invite(&self, actor: &Actor, email: &str, roles: &[String]) -> Result<PendingInvitation, InviteError> {
        actor.require(Permission::ManageStaff)?;
        let mut errors = ValidationErrors::new();
        let email = errors.check("email", Email::parse_own(email));
        let roles = errors.check(
            "roles",
            Roles::parse_names(roles)
                .map_err(str::to_owned)
                .and_then(|r| if r.is_empty() { Err(ROLES_REQUIRED.to_owned()) } else { Ok(r) }),
        );
        let (Some(email), Some(roles)) = (email, roles) else {
            return Err(InviteError::Validation(errors));
        };
        let account = self.account_at(&email).await?;
        if account.as_ref().is_some_and(|a| a.roles.contains(roles)) {
            return Err(InviteError::Conflict(ALREADY_HOLDS));
        }
        let (token, token_hash) = new_secret();
        let now = self.deps.clock.now();
        let inviter = self.deps.users.find_by_id(&actor.user_id).await?;
        let invitation = StaffInvitation {
            id: new_id(),
            email: email.clone(),
            roles,
            token_hash,
            invited_by_id: Some(actor.user_id.clone()),
            invited_by_name: inviter.map(|u| format!("{} {}", u.first_name, u.last_name)),
            created_at: now,
            expires_at: now + Duration::days(INVITATION_DAYS),
        };
        let labels = role_labels(roles);
        let summary = format!("Invited {} as {labels}", email.as_str());
        let entry = self.deps.audit.entry(
            Some(actor),
            Action::new(AuditKind::Roles, "invitation.send", Target::of("invitation", &invitation.id)),
            summary,
        );
        let invitation = self.deps.invitations.invite(invitation, entry).await?;
        let link = self.link(&token);
        let message = StaffInvitationEmail {
            invited_by: invitation.invited_by_name.as_deref(),
            roles: &labels,
            email: email.as_str(),
            link: &link,
            days: INVITATION_DAYS,
            existing_account: account.is_some(),
        };
        self.send(email.as_str(), &message).await?;
        tracing::info!(invitation = %invitation.id, roles = %roles.stored(), "staff invitation sent");
        Ok(PendingInvitation { invitation, expired: false, existing_account: account.is_some() })
    }

    async fn send(&self, to: &str, message: &StaffInvitationEmail<'_>) -> Result<(), InviteError> {
        let site = SiteContext { temple_name: self.deps.temple.temple_name().await?, public_url: self.deps.public_url.clone() };
        let email = self.templates.render(to, &site, message).map_err(|e| InviteError::Unexpected(e.into()))?;
        if let Err(error) = self.deps.mailer.send(email).await {
            tracing::error!(error = ?error, %to, "sending the staff invitation failed");
        }
        Ok(())
    }

    /// Withdraws a pending invitation: its link stops working.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn withdraw(&self, actor: &Actor, id: &str) -> Result<(), InviteError> {
        actor.require(Permission::ManageStaff)?;
        let pending = self.deps.invitations.pending().await?;
        let invitation = pending.into_iter().find(|i| i.id == id).ok_or(InviteError::NotFound)?;
        let summary = format!("Withdrew the invitation of {} as {}", invitation.email.as_str(), role_labels(invitation.roles));
        let entry =
            self.deps.audit.entry(Some(actor), Action::new(AuditKind::Roles, "invitation.withdraw", Target::of("invitation", id)), summary);
        self.deps.invitations.withdraw(id, entry).await?.ok_or(InviteError::NotFound)?;
        Ok(())
    }

    async fn invitation(&self, token: &str) -> Result<StaffInvitation, InviteError> {
        if token.is_empty() || token.len() > 200 {
            return Err(InviteError::InvalidLink);
        }
        self.deps.invitations.find_by_token(&hash_secret(token), self.deps.clock.now()).await?.ok_or(InviteError::InvalidLink)
    }

    /// What the link's page shows: the address, the roles and who invited.
    #[tracing::instrument(skip_all)]
    pub async fn preview(&self, token: &str) -> Result<InvitationPreview, InviteError> {
        let invitation = self.invitation(token).await?;
        let existing_account = self.account_at(&invitation.email).await?.is_some();
        Ok(InvitationPreview {
            email: invitation.email,
            roles: invitation.roles,
            invited_by: invitation.invited_by_name,
            existing_account,
            expires_at: invitation.expires_at,
        })
    }

    /// Accepts the invitation. With an account at its address, `signed_in` must be that account
    /// and the roles are added to it; otherwise `new_account` makes one, verified and holding the
    /// roles, signed in at once. The link then stops working.
    #[tracing::instrument(skip_all)]
    pub async fn accept(
        &self,
        token: &str,
        signed_in: Option<&User>,
        new_account: NewStaffAccount,
        from: &ClientAddress,
    ) -> Result<InvitationAccepted, InviteError> {
        let invitation = self.invitation(token).await?;
        let now = self.deps.clock.now();
        let existing = self.account_at(&invitation.email).await?;
        let labels = role_labels(invitation.roles);
        let (acceptor, actor) = match (&existing, signed_in) {
            (Some(_), None) => return Err(InviteError::SignInRequired),
            (Some(account), Some(user)) if account.id != user.id => {
                return Err(InviteError::OtherAccount(invitation.email.as_str().to_owned()));
            }
            (Some(account), Some(_)) => (Acceptor::Account(account.id.clone()), Actor::of(account)),
            (None, Some(user)) if user.email != invitation.email => {
                return Err(InviteError::OtherAccount(invitation.email.as_str().to_owned()));
            }
            (None, _) => {
                let valid = SignUpInput {
                    first_name: new_account.first_name,
                    last_name: new_account.last_name,
                    email: invitation.email.as_str().to_owned(),
                    password: new_account.password,
                    phone_number: new_account.phone_number,
                    ..SignUpInput::default()
                }
                .validate()
                .map_err(InviteError::Validation)?;
                let record = NewUserRecord {
                    id: new_id::<UserId>(),
                    username: None,
                    first_name: valid.first_name,
                    last_name: valid.last_name,
                    email: invitation.email.clone(),
                    phone_number: Some(valid.phone_number),
                    gotram_id: None,
                    custom_gotram: None,
                    password_hash: self.deps.hasher.hash(valid.password).await?,
                    roles: invitation.roles,
                    email_verified: true,
                    verification_token_hash: None,
                    verification_expires_at: None,
                    demo: false,
                    language: valid.language,
                    now,
                };
                let actor = Actor {
                    user_id: record.id.clone(),
                    email: record.email.as_str().to_owned(),
                    roles: invitation.roles,
                    email_verified: true,
                    address: None,
                };
                (Acceptor::NewAccount(Box::new(record)), actor)
            }
        };
        let actor = actor.from_address(from.as_str());
        let summary = format!("{} accepted the invitation as {labels}", invitation.email.as_str());
        let action = Action::new(AuditKind::Roles, "invitation.accept", Target::of("user", actor.user_id.as_str()));
        let entry = self.deps.audit.entry(Some(&actor), action, summary);
        let user = match self.deps.invitations.accept(&invitation.token_hash, now, acceptor, entry).await? {
            Accepted::Done(user) => *user,
            Accepted::NoInvitation => return Err(InviteError::InvalidLink),
            Accepted::OtherAccount => return Err(InviteError::OtherAccount(invitation.email.as_str().to_owned())),
            Accepted::AccountExists => return Err(InviteError::Conflict(ACCOUNT_EXISTS_NOW)),
        };
        self.deps.changes.publish(Topic::Users).await;
        tracing::info!(user = %user.id, roles = %user.roles.stored(), "staff invitation accepted");
        let token = match existing {
            Some(_) => None,
            None => Some(self.deps.tokens.issue(&TokenSubject { user_id: user.id.clone(), version: user.token_version })?),
        };
        Ok(InvitationAccepted { user, token })
    }
}

#[cfg(test)]
mod tests {
    use mandir_domain::Failure;

    use super::*;
    use crate::ports::UserCredentials;
    use crate::ports::mailer::MockMailer;
    use crate::ports::password_hasher::MockPasswordHasher;
    use crate::ports::staff_invitations::MockStaffInvitationRepository;
    use crate::ports::token_issuer::MockTokenIssuer;
    use crate::ports::user_repository::MockUserRepository;
    use crate::services::test_fixtures::{admin, changes, member, now, recorder, staff, user};

    struct Mocks {
        invitations: MockStaffInvitationRepository,
        users: MockUserRepository,
        hasher: MockPasswordHasher,
        tokens: MockTokenIssuer,
        mailer: MockMailer,
    }

    impl Mocks {
        fn new() -> Self {
            Self {
                invitations: MockStaffInvitationRepository::new(),
                users: MockUserRepository::new(),
                hasher: MockPasswordHasher::new(),
                tokens: MockTokenIssuer::new(),
                mailer: MockMailer::new(),
            }
        }

        fn service(self) -> StaffInviteService {
            let clock = crate::services::test_fixtures::fixed_clock();
            let mut temple = crate::ports::temple_zone::MockTempleName::new();
            temple.expect_temple_name().returning(|| Ok("Mandir".to_owned()));
            StaffInviteService::new(StaffInviteDeps {
                invitations: Arc::new(self.invitations),
                users: Arc::new(self.users),
                hasher: Arc::new(self.hasher),
                tokens: Arc::new(self.tokens),
                mailer: Arc::new(self.mailer),
                temple: Arc::new(temple),
                clock: Arc::new(clock),
                changes: changes(),
                audit: recorder().0,
                public_url: "http://temple.test".into(),
            })
        }

        /// `account` (if any) is at every address asked about.
        fn account(&mut self, account: Option<User>) {
            self.users
                .expect_find_by_email()
                .returning(move |_| Ok(account.clone().map(|user| UserCredentials { user, password_hash: String::new() })));
        }
    }

    fn invitation(email: &str, roles: &[Role]) -> StaffInvitation {
        StaffInvitation {
            id: "inv".into(),
            email: Email::from_trusted(email.to_owned()),
            roles: Roles::of(roles),
            token_hash: hash_secret("tok"),
            invited_by_id: Some("admin".into()),
            invited_by_name: Some("Asha Rao".into()),
            created_at: now(),
            expires_at: now() + Duration::days(INVITATION_DAYS),
        }
    }

    fn address() -> ClientAddress {
        ClientAddress::new("203.0.113.9")
    }

    fn new_account() -> NewStaffAccount {
        NewStaffAccount {
            first_name: "Ravi".into(),
            last_name: "Kumar".into(),
            phone_number: "916-555-0100".into(),
            password: "secret1".into(),
        }
    }

    #[tokio::test]
    async fn only_admins_invite_list_or_withdraw() {
        let service = Mocks::new().service();
        for actor in [member(), staff(&[Role::Treasurer, Role::Editor, Role::FrontDesk, Role::Priest, Role::VolunteerCoordinator])] {
            assert!(matches!(service.invite(&actor, "x@example.org", &["treasurer".into()]).await, Err(InviteError::Forbidden)));
            assert!(matches!(service.pending(&actor).await, Err(InviteError::Forbidden)));
            assert!(matches!(service.withdraw(&actor, "inv").await, Err(InviteError::Forbidden)));
        }
    }

    #[tokio::test]
    async fn an_invitation_needs_an_address_and_a_known_role() {
        let service = Mocks::new().service();
        let Err(InviteError::Validation(errors)) = service.invite(&admin(), "not an address", &[]).await else { panic!("refused") };
        assert!(errors.get("email").is_some());
        assert_eq!(errors.get("roles"), Some(ROLES_REQUIRED));
        let Err(InviteError::Validation(errors)) = service.invite(&admin(), "x@example.org", &["owner".into()]).await else {
            panic!("refused")
        };
        assert_eq!(errors.get("roles"), Some(mandir_domain::staff::UNKNOWN_ROLE));
    }

    #[tokio::test]
    async fn inviting_stores_the_token_hash_records_it_and_mails_the_link() {
        let mut m = Mocks::new();
        m.account(None);
        m.users.expect_find_by_id().returning(|_| Ok(Some(User { first_name: "Asha".into(), last_name: "Rao".into(), ..user("admin") })));
        m.invitations
            .expect_invite()
            .withf(|i, entry| {
                i.email.as_str() == "ravi@example.org"
                    && i.roles == Roles::of(&[Role::Treasurer, Role::FrontDesk])
                    && i.token_hash.len() == 64
                    && i.expires_at == now() + Duration::days(7)
                    && i.invited_by_name.as_deref() == Some("Asha Rao")
                    && entry.action == "invitation.send"
                    && entry.summary == "Invited ravi@example.org as Treasurer and Front desk"
            })
            .times(1)
            .returning(|i, _| Ok(i));
        m.mailer
            .expect_send()
            .withf(|e| {
                e.to == "ravi@example.org"
                    && e.text_body.contains("http://temple.test/staff-invite?token=")
                    && e.text_body.contains("choose a password")
            })
            .times(1)
            .returning(|_| Ok(()));
        let sent = m.service().invite(&admin(), " Ravi@Example.org ", &["front_desk".into(), "treasurer".into()]).await.expect("invited");
        assert!(!sent.expired && !sent.existing_account);
    }

    #[tokio::test]
    async fn an_account_holding_every_role_already_is_not_invited() {
        let mut m = Mocks::new();
        m.account(Some(User { roles: Roles::of(&[Role::Treasurer, Role::Editor]), ..user("ravi") }));
        let answer = m.service().invite(&admin(), "ravi@example.org", &["treasurer".into()]).await;
        assert!(matches!(answer, Err(InviteError::Conflict(ALREADY_HOLDS))));
    }

    #[tokio::test]
    async fn a_bad_or_used_link_is_refused_before_any_password_is_hashed() {
        let mut m = Mocks::new();
        m.invitations.expect_find_by_token().returning(|_, _| Ok(None));
        let service = m.service();
        for token in ["", "nope", &"x".repeat(201)] {
            let error = service.accept(token, None, new_account(), &address()).await.expect_err("refused");
            assert!(matches!(error, InviteError::InvalidLink));
            assert_eq!(error.kind(), mandir_domain::ErrorKind::Invalid);
        }
        assert!(matches!(service.preview("nope").await, Err(InviteError::InvalidLink)));
    }

    #[tokio::test]
    async fn a_new_account_is_made_verified_with_the_roles_and_signed_in() {
        let mut m = Mocks::new();
        m.invitations
            .expect_find_by_token()
            .withf(|hash, _| hash == hash_secret("tok"))
            .returning(|_, _| Ok(Some(invitation("ravi@example.org", &[Role::Treasurer]))));
        m.account(None);
        m.hasher.expect_hash().returning(|_| Ok("hash".into()));
        m.invitations
            .expect_accept()
            .withf(|_, _, acceptor, entry| {
                matches!(acceptor, Acceptor::NewAccount(r) if r.email_verified && r.roles == Roles::of(&[Role::Treasurer]) && r.first_name == "Ravi")
                    && entry.action == "invitation.accept"
                    && entry.address.as_deref() == Some("203.0.113.9")
                    && entry.actor_email == "ravi@example.org"
            })
            .times(1)
            .returning(|_, _, acceptor, _| {
                let Acceptor::NewAccount(r) = acceptor else { unreachable!() };
                let user = User { id: r.id, roles: r.roles, email_verified: true, ..user("ravi") };
                Ok(Accepted::Done(Box::new(user)))
            });
        m.tokens.expect_issue().times(1).returning(|_| Ok(IssuedToken { token: "session".into(), expires_at: now() }));
        let accepted = m.service().accept("tok", None, new_account(), &address()).await.expect("accepted");
        assert_eq!(accepted.token.map(|t| t.token).as_deref(), Some("session"));
        assert!(accepted.user.roles.has(Role::Treasurer));
    }

    #[tokio::test]
    async fn a_new_account_needs_its_name_phone_and_password() {
        let mut m = Mocks::new();
        m.invitations.expect_find_by_token().returning(|_, _| Ok(Some(invitation("ravi@example.org", &[Role::Editor]))));
        m.account(None);
        let Err(InviteError::Validation(errors)) = m.service().accept("tok", None, NewStaffAccount::default(), &address()).await else {
            panic!("refused")
        };
        for field in ["firstName", "lastName", "phoneNumber", "password"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
    }

    #[tokio::test]
    async fn an_existing_account_must_be_signed_in_as_itself() {
        let mut m = Mocks::new();
        m.invitations.expect_find_by_token().returning(|_, _| Ok(Some(invitation("sita@example.org", &[Role::Editor]))));
        m.account(Some(user("sita")));
        m.invitations
            .expect_accept()
            .withf(|_, _, acceptor, _| *acceptor == Acceptor::Account("sita".into()))
            .times(1)
            .returning(|_, _, _, _| Ok(Accepted::Done(Box::new(User { roles: Roles::of(&[Role::Editor]), ..user("sita") }))));
        let service = m.service();
        let error = service.accept("tok", None, NewStaffAccount::default(), &address()).await.expect_err("sign in first");
        assert_eq!(error.kind(), mandir_domain::ErrorKind::Unauthenticated);
        let error =
            service.accept("tok", Some(&user("someone")), NewStaffAccount::default(), &address()).await.expect_err("another account");
        assert_eq!(error.to_string(), "This invitation was sent to sita@example.org: sign out, then sign in to that account to accept");
        assert_eq!(error.kind(), mandir_domain::ErrorKind::Forbidden);
        let accepted = service.accept("tok", Some(&user("sita")), NewStaffAccount::default(), &address()).await.expect("accepted");
        assert!(accepted.token.is_none());
        assert!(accepted.user.roles.has(Role::Editor));
    }

    #[tokio::test]
    async fn the_roles_read_as_a_sentence() {
        assert_eq!(role_labels(Roles::NONE), "");
        assert_eq!(role_labels(Roles::of(&[Role::Priest])), "Priest");
        assert_eq!(role_labels(Roles::of(&[Role::Treasurer, Role::Admin, Role::Priest])), "Admin, Treasurer and Priest");
    }
}
