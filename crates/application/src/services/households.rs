//! Households (docs/product.md#households): a member forms a household, invites the others by
//! e-mail, and each accepts from their own account once their address is verified; anyone may
//! leave, and the last to leave ends it. Its members keep its name, mailing address and statement
//! choice (joint or separate) together; the year-end statements read it (services::statements).
//!
//! An invitation names an address, not an account: whoever owns that verified address when they
//! sign in sees it and may accept. Each invitation e-mails the address, so inviting takes a
//! verified account and a place within the member's limit ([`Action::HouseholdInvite`]).

use std::sync::Arc;

use mandir_domain::household::{self, HouseholdInput, HouseholdInvitation, HouseholdView, MAX_INVITATIONS, MAX_MEMBERS};
use mandir_domain::user::Email;
use mandir_domain::{RetryAfter, ValidationErrors};
use serde::Serialize;

use super::rate_limits::{Action, LimitError, RateLimiter};
use super::{Actor, new_id};
use crate::BoxError;
use crate::email::{EmailMessage, EmailTemplates, SiteContext};
use crate::ports::{Clock, HouseholdRepository, Joining, Mailer, NewHousehold, NewInvitation, RepoError, TempleName};

#[derive(Debug, thiserror::Error)]
pub enum HouseholdError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("{}", mandir_domain::EMAIL_NOT_VERIFIED)]
    EmailNotVerified,
    #[error("Household not found")]
    NotFound,
    #[error("Invitation not found")]
    InvitationNotFound,
    #[error("Too many attempts. Please try again in a few minutes.")]
    Throttled(RetryAfter),
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(HouseholdError, fields: Validation, throttled: Throttled, unverified: EmailNotVerified, {
    Self::Validation(_) => Invalid,
    Self::EmailNotVerified => Forbidden,
    Self::NotFound | Self::InvitationNotFound => NotFound,
    Self::Throttled(_) => Throttled,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(HouseholdError: RepoError);

impl From<LimitError> for HouseholdError {
    fn from(error: LimitError) -> Self {
        match error {
            LimitError::Exceeded(wait) => Self::Throttled(wait),
            LimitError::Store(error) => error.into(),
        }
    }
}

fn invalid(field: &str, message: &str) -> HouseholdError {
    HouseholdError::Validation(ValidationErrors::single(field, message))
}

/// What a member sees of households: theirs, and the invitations waiting for their address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseholdOverview {
    pub household: Option<HouseholdView>,
    pub invitations: Vec<HouseholdInvitation>,
}

#[derive(Debug, Serialize)]
struct InvitationMessage<'a> {
    inviter: &'a str,
    household: &'a str,
    email: &'a str,
    link: &'a str,
}

impl EmailMessage for InvitationMessage<'_> {
    const TEMPLATE: &'static str = "household_invitation.jinja";
}

pub struct HouseholdDeps {
    pub households: Arc<dyn HouseholdRepository>,
    pub mailer: Arc<dyn Mailer>,
    pub temple: Arc<dyn TempleName>,
    pub limiter: RateLimiter,
    pub clock: Arc<dyn Clock>,
    pub public_url: String,
}

#[derive(Clone)]
pub struct HouseholdService {
    deps: Arc<HouseholdDeps>,
    templates: Arc<EmailTemplates>,
}

impl HouseholdService {
    pub fn new(deps: HouseholdDeps) -> Self {
        Self { deps: Arc::new(deps), templates: Arc::new(EmailTemplates::new()) }
    }

    fn email_of(actor: &Actor) -> String {
        actor.email.trim().to_lowercase()
    }

    /// The member's household, or [`HouseholdError::NotFound`].
    async fn own(&self, actor: &Actor) -> Result<HouseholdView, HouseholdError> {
        self.deps.households.of_member(&actor.user_id).await?.ok_or(HouseholdError::NotFound)
    }

    /// The member's household (if any) and the invitations waiting for their address. Only a
    /// verified address sees its invitations: an unverified one may not be the member's.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn mine(&self, actor: &Actor) -> Result<HouseholdOverview, HouseholdError> {
        let household = self.deps.households.of_member(&actor.user_id).await?;
        let invitations = if actor.email_verified && household.is_none() {
            self.deps.households.invitations_for(&Self::email_of(actor)).await?
        } else {
            Vec::new()
        };
        Ok(HouseholdOverview { household, invitations })
    }

    /// The member forms a household, with themself in it.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create(&self, actor: &Actor, input: HouseholdInput) -> Result<HouseholdView, HouseholdError> {
        let fields = input.validate().map_err(HouseholdError::Validation)?;
        let new = NewHousehold { id: new_id(), user_id: actor.user_id.clone(), fields, now: self.deps.clock.now() };
        let created = self.deps.households.create(new).await.map_err(|error| match error {
            RepoError::Conflict(_) => invalid("name", household::ALREADY_IN_ONE),
            other => other.into(),
        })?;
        tracing::info!(household = %created.id, "household formed");
        self.own(actor).await
    }

    /// A member changes their household's name, address or statement choice.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn update(&self, actor: &Actor, input: HouseholdInput) -> Result<HouseholdView, HouseholdError> {
        let fields = input.validate().map_err(HouseholdError::Validation)?;
        let view = self.own(actor).await?;
        self.deps.households.update(&view.household.id, fields, self.deps.clock.now()).await?.ok_or(HouseholdError::NotFound)?;
        self.own(actor).await
    }

    /// A member invites an address to their household and it is e-mailed a note saying how to
    /// accept. Refused for an address already in the household or invited, past
    /// [`MAX_INVITATIONS`] waiting or [`MAX_MEMBERS`] members, and without a verified account.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn invite(&self, actor: &Actor, email: &str) -> Result<HouseholdView, HouseholdError> {
        if !actor.email_verified {
            return Err(HouseholdError::EmailNotVerified);
        }
        let email = Email::parse(email).map_err(|m| invalid("email", &m))?;
        let view = self.own(actor).await?;
        if view.members.iter().any(|m| m.email.eq_ignore_ascii_case(email.as_str())) {
            return Err(invalid("email", household::INVITE_SELF));
        }
        if view.invitations.iter().any(|i| i.email == email.as_str()) {
            return Err(invalid("email", household::INVITED_ALREADY));
        }
        if view.invitations.len() >= MAX_INVITATIONS {
            return Err(invalid("email", household::TOO_MANY_INVITATIONS));
        }
        if view.members.len() + view.invitations.len() >= MAX_MEMBERS {
            return Err(invalid("email", household::HOUSEHOLD_FULL));
        }
        let now = self.deps.clock.now();
        self.deps.limiter.reserve(Action::HouseholdInvite, actor.user_id.as_str(), now).await?;
        let invitation = NewInvitation {
            id: new_id(),
            household_id: view.household.id.clone(),
            email: email.as_str().to_owned(),
            invited_by: actor.user_id.clone(),
            now,
        };
        self.deps.households.invite(invitation).await.map_err(|error| match error {
            RepoError::Conflict(_) => invalid("email", household::INVITED_ALREADY),
            other => other.into(),
        })?;
        let inviter = view.members.iter().find(|m| m.user_id == actor.user_id).map(|m| m.name()).unwrap_or_default();
        self.send_invitation(&inviter, &view.household.name, email.as_str()).await?;
        tracing::info!(household = %view.household.id, "household invitation sent");
        self.own(actor).await
    }

    async fn send_invitation(&self, inviter: &str, household: &str, to: &str) -> Result<(), HouseholdError> {
        let site = SiteContext { temple_name: self.deps.temple.temple_name().await?, public_url: self.deps.public_url.clone() };
        let link = format!("{}/profile?tab=household", self.deps.public_url.trim_end_matches('/'));
        let message = InvitationMessage { inviter, household, email: to, link: &link };
        let rendered = self.templates.render(to, &site, &message).map_err(|e| HouseholdError::Unexpected(e.into()))?;
        if let Err(error) = self.deps.mailer.send(rendered).await {
            // The invitation stands: the member sees it waiting and the invitee on their account.
            tracing::error!(error = ?error, "sending a household invitation failed");
        }
        Ok(())
    }

    /// A member withdraws a waiting invitation of their household.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, invitation = %id))]
    pub async fn cancel_invitation(&self, actor: &Actor, id: &str) -> Result<HouseholdView, HouseholdError> {
        let view = self.own(actor).await?;
        if !self.deps.households.cancel_invitation(&view.household.id, id).await? {
            return Err(HouseholdError::InvitationNotFound);
        }
        self.own(actor).await
    }

    /// The owner of an invited, verified address joins that household.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, invitation = %id))]
    pub async fn accept(&self, actor: &Actor, id: &str) -> Result<HouseholdView, HouseholdError> {
        if !actor.email_verified {
            return Err(HouseholdError::EmailNotVerified);
        }
        match self.deps.households.accept(id, &actor.user_id, &Self::email_of(actor), self.deps.clock.now()).await? {
            Joining::Joined(household) => tracing::info!(%household, "joined a household"),
            Joining::Gone => return Err(HouseholdError::InvitationNotFound),
            Joining::AlreadyInOne => return Err(invalid("invitation", household::INVITEE_IN_ONE)),
            Joining::Full => return Err(invalid("invitation", household::HOUSEHOLD_FULL)),
        }
        self.own(actor).await
    }

    /// The owner of an invited address turns the invitation down.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, invitation = %id))]
    pub async fn decline(&self, actor: &Actor, id: &str) -> Result<(), HouseholdError> {
        if !self.deps.households.decline(id, &Self::email_of(actor)).await? {
            return Err(HouseholdError::InvitationNotFound);
        }
        Ok(())
    }

    /// The member leaves their household (the last to leave ends it).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn leave(&self, actor: &Actor) -> Result<(), HouseholdError> {
        if !self.deps.households.leave(&actor.user_id).await? {
            return Err(HouseholdError::NotFound);
        }
        tracing::info!("left a household");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::ports::household_repository::MockHouseholdRepository;
    use crate::ports::mailer::MockMailer;
    use crate::services::rate_limits::{Limit, RateLimitPolicy};
    use crate::services::test_fixtures::{fixed_clock, limiter, member, now, temple_name};
    use mandir_domain::household::{Household, HouseholdMember, StatementChoice};
    use mandir_domain::{HouseholdId, UserId};

    /// The member `m`'s household, with `waiting` invitations.
    fn theirs(waiting: usize) -> HouseholdView {
        HouseholdView {
            household: Household {
                id: HouseholdId::new("h"),
                name: "The Rao family".into(),
                address: None,
                statement: StatementChoice::Joint,
                created_at: now(),
                updated_at: now(),
            },
            members: vec![HouseholdMember {
                user_id: UserId::new("m"),
                first_name: "Lakshmi".into(),
                last_name: "Rao".into(),
                email: "m@example.org".into(),
                joined_at: now(),
                family: Vec::new(),
            }],
            invitations: (0..waiting)
                .map(|i| HouseholdInvitation {
                    id: format!("i{i}"),
                    household_id: HouseholdId::new("h"),
                    household_name: "The Rao family".into(),
                    email: format!("invited{i}@example.org"),
                    invited_by_name: "Lakshmi Rao".into(),
                    created_at: now(),
                })
                .collect(),
        }
    }

    fn service(households: MockHouseholdRepository, mailer: MockMailer, invites_a_day: u32) -> HouseholdService {
        let policy =
            RateLimitPolicy::default().with(Action::HouseholdInvite, Limit { max: invites_a_day, window: chrono::Duration::hours(24) });
        HouseholdService::new(HouseholdDeps {
            households: Arc::new(households),
            mailer: Arc::new(mailer),
            temple: temple_name("Sri Ganesha Temple"),
            limiter: limiter(policy),
            clock: Arc::new(fixed_clock()),
            public_url: "http://temple.test".into(),
        })
    }

    fn field(result: Result<HouseholdView, HouseholdError>, name: &str) -> String {
        match result {
            Err(HouseholdError::Validation(errors)) => errors.get(name).unwrap_or_default().to_owned(),
            other => panic!("{other:?}"),
        }
    }

    #[tokio::test]
    async fn an_invitation_is_e_mailed_once_checked_and_limited() {
        let waiting = Arc::new(Mutex::new(0_usize));
        let mut households = MockHouseholdRepository::new();
        let count = waiting.clone();
        households.expect_of_member().returning(move |_| Ok(Some(theirs(*count.lock().expect("lock")))));
        let added = waiting.clone();
        households.expect_invite().returning(move |invitation| {
            assert_eq!((invitation.email.as_str(), invitation.invited_by.as_str()), ("ravi@example.org", "m"));
            *added.lock().expect("lock") += 1;
            Ok(())
        });
        let mut mailer = MockMailer::new();
        mailer
            .expect_send()
            .withf(|e| {
                e.to == "ravi@example.org"
                    && e.subject == "Lakshmi Rao invited you to join The Rao family at Sri Ganesha Temple"
                    && e.text_body.contains("http://temple.test/profile?tab=household")
            })
            .times(1)
            .returning(|_| Ok(()));
        let s = service(households, mailer, 1);
        let unverified = Actor { email_verified: false, ..member() };
        assert!(matches!(s.invite(&unverified, "ravi@example.org").await, Err(HouseholdError::EmailNotVerified)));
        assert_eq!(field(s.invite(&member(), "not an address").await, "email"), mandir_domain::user::INVALID_EMAIL);
        assert_eq!(field(s.invite(&member(), "M@Example.org").await, "email"), household::INVITE_SELF);
        let view = s.invite(&member(), " Ravi@Example.org ").await.expect("invited");
        assert_eq!(view.invitations.len(), 1);
        assert_eq!(field(s.invite(&member(), "invited0@example.org").await, "email"), household::INVITED_ALREADY);
        *waiting.lock().expect("lock") = 0;
        assert!(matches!(s.invite(&member(), "sita@example.org").await, Err(HouseholdError::Throttled(_))), "one a day here");
        *waiting.lock().expect("lock") = MAX_INVITATIONS;
        assert_eq!(field(s.invite(&member(), "sita@example.org").await, "email"), household::TOO_MANY_INVITATIONS);
    }

    #[tokio::test]
    async fn accepting_needs_the_verified_address_and_says_why_it_could_not() {
        let mut households = MockHouseholdRepository::new();
        households.expect_accept().returning(|id, user, email, _| {
            assert_eq!((user.as_str(), email), ("m", "m@example.org"));
            Ok(match id {
                "ok" => Joining::Joined(HouseholdId::new("h")),
                "in-one" => Joining::AlreadyInOne,
                "full" => Joining::Full,
                _ => Joining::Gone,
            })
        });
        households.expect_of_member().returning(|_| Ok(Some(theirs(0))));
        let s = service(households, MockMailer::new(), 10);
        assert_eq!(s.accept(&member(), "ok").await.expect("joined").household.name, "The Rao family");
        assert_eq!(field(s.accept(&member(), "in-one").await, "invitation"), household::INVITEE_IN_ONE);
        assert_eq!(field(s.accept(&member(), "full").await, "invitation"), household::HOUSEHOLD_FULL);
        assert!(matches!(s.accept(&member(), "gone").await, Err(HouseholdError::InvitationNotFound)));
        let unverified = Actor { email_verified: false, ..member() };
        assert!(matches!(s.accept(&unverified, "ok").await, Err(HouseholdError::EmailNotVerified)));
    }

    #[tokio::test]
    async fn only_a_verified_member_without_a_household_sees_the_invitations_to_their_address() {
        let mut households = MockHouseholdRepository::new();
        households.expect_of_member().returning(|user| Ok((user.as_str() == "in").then(|| theirs(0))));
        households.expect_invitations_for().withf(|email| email == "m@example.org").times(1).returning(|_| Ok(theirs(1).invitations));
        let s = service(households, MockMailer::new(), 10);
        assert_eq!(s.mine(&member()).await.expect("mine").invitations.len(), 1);
        let unverified = Actor { email_verified: false, ..member() };
        assert!(s.mine(&unverified).await.expect("mine").invitations.is_empty());
        let in_one = Actor { user_id: UserId::new("in"), ..member() };
        let overview = s.mine(&in_one).await.expect("mine");
        assert!(overview.household.is_some() && overview.invitations.is_empty());
    }
}
