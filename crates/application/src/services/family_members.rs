//! Family members in a member's profile: saved once (name, relation, gotram, nakshatram, rasi and
//! an optional birth date) and picked as the people of a seva's sankalpam. Only their member reads
//! and changes them.

use std::sync::Arc;

use chrono_tz::Tz;
use mandir_domain::family_member::{FamilyMember, FamilyMemberInput, MAX_FAMILY_MEMBERS, TOO_MANY_FAMILY_MEMBERS};
use mandir_domain::{FamilyMemberId, ValidationErrors};

use super::{Actor, new_id};
use crate::BoxError;
use crate::ports::{ChangeNotifier, Clock, FamilyMemberRepository, RepoError, TempleZone, Topic};

#[derive(Debug, thiserror::Error)]
pub enum FamilyMemberError {
    #[error("{0}")]
    Validation(ValidationErrors),
    #[error("Family member not found")]
    NotFound,
    #[error("unexpected failure")]
    Unexpected(#[source] BoxError),
}

mandir_domain::failure!(FamilyMemberError, fields: Validation, {
    Self::Validation(_) => Invalid,
    Self::NotFound => NotFound,
    Self::Unexpected(_) => Unexpected,
});

super::unexpected_from!(FamilyMemberError: RepoError);

fn not_found_or(error: RepoError) -> FamilyMemberError {
    match error {
        RepoError::NotFound => FamilyMemberError::NotFound,
        other => other.into(),
    }
}

#[derive(Clone)]
pub struct FamilyMemberService {
    family: Arc<dyn FamilyMemberRepository>,
    zone: Arc<dyn TempleZone>,
    clock: Arc<dyn Clock>,
    /// Announces [`Topic::Families`]: the check-in desks find registrations by family names.
    changes: Arc<dyn ChangeNotifier>,
}

impl FamilyMemberService {
    pub fn new(
        family: Arc<dyn FamilyMemberRepository>,
        zone: Arc<dyn TempleZone>,
        clock: Arc<dyn Clock>,
        changes: Arc<dyn ChangeNotifier>,
    ) -> Self {
        Self { family, zone, clock, changes }
    }

    async fn checked(&self, input: FamilyMemberInput) -> Result<mandir_domain::family_member::NewFamilyMember, FamilyMemberError> {
        let zone: Tz = self.zone.time_zone().await?;
        let today = self.clock.now().with_timezone(&zone).date_naive();
        input.validate(today).map_err(FamilyMemberError::Validation)
    }

    /// The caller's family, in the order added.
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn list(&self, actor: &Actor) -> Result<Vec<FamilyMember>, FamilyMemberError> {
        Ok(self.family.list(&actor.user_id).await?)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id))]
    pub async fn create(&self, actor: &Actor, input: FamilyMemberInput) -> Result<FamilyMember, FamilyMemberError> {
        let member = self.checked(input).await?;
        let created = self
            .family
            .create(new_id(), &actor.user_id, member, MAX_FAMILY_MEMBERS, self.clock.now())
            .await?
            .ok_or_else(|| FamilyMemberError::Validation(ValidationErrors::single("name", TOO_MANY_FAMILY_MEMBERS)))?;
        self.changes.publish(Topic::Families).await;
        Ok(created)
    }

    /// Replaces every field of one of the caller's family members (404 for anyone else's).
    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn update(&self, actor: &Actor, id: &FamilyMemberId, input: FamilyMemberInput) -> Result<FamilyMember, FamilyMemberError> {
        let member = self.checked(input).await?;
        let updated = self.family.update(id, &actor.user_id, member, self.clock.now()).await.map_err(not_found_or)?;
        self.changes.publish(Topic::Families).await;
        Ok(updated)
    }

    #[tracing::instrument(skip_all, fields(actor = %actor.user_id, id = %id))]
    pub async fn delete(&self, actor: &Actor, id: &FamilyMemberId) -> Result<(), FamilyMemberError> {
        self.family.delete(id, &actor.user_id).await.map_err(not_found_or)?;
        self.changes.publish(Topic::Families).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::ports::family_member_repository::MockFamilyMemberRepository;
    use crate::ports::temple_zone::MockTempleZone;
    use crate::services::test_fixtures::member;
    use mandir_domain::family_member::{NAME_REQUIRED, PersonInput};

    fn service(repo: MockFamilyMemberRepository) -> FamilyMemberService {
        let clock = crate::services::test_fixtures::fixed_clock();
        let mut zone = MockTempleZone::new();
        zone.expect_time_zone().returning(|| Ok(chrono_tz::America::Los_Angeles));
        let mut changes = crate::ports::change_notifier::MockChangeNotifier::new();
        changes.expect_publish().withf(|topic| *topic == Topic::Families).returning(|_| ());
        FamilyMemberService::new(Arc::new(repo), Arc::new(zone), Arc::new(clock), Arc::new(changes))
    }

    fn input(name: &str) -> FamilyMemberInput {
        FamilyMemberInput { person: PersonInput { name: name.into(), ..Default::default() }, ..Default::default() }
    }

    #[tokio::test]
    async fn family_members_belong_to_the_caller() {
        let mut repo = MockFamilyMemberRepository::new();
        repo.expect_create()
            .withf(|_, user, m, max, _| user.as_str() == "m" && m.person.name == "Sita" && *max == MAX_FAMILY_MEMBERS)
            .times(1)
            .returning(|_, _, _, _, _| Ok(None));
        repo.expect_update().withf(|_, user, _, _| user.as_str() == "m").returning(|_, _, _, _| Err(RepoError::NotFound));
        repo.expect_delete().withf(|_, user| user.as_str() == "m").returning(|_, _| Err(RepoError::NotFound));
        let s = service(repo);
        let Err(FamilyMemberError::Validation(full)) = s.create(&member(), input("Sita")).await else { panic!("full") };
        assert_eq!(full.get("name"), Some(TOO_MANY_FAMILY_MEMBERS));
        assert!(matches!(s.update(&member(), &"other".into(), input("Sita")).await, Err(FamilyMemberError::NotFound)));
        assert!(matches!(s.delete(&member(), &"other".into()).await, Err(FamilyMemberError::NotFound)));
        let Err(FamilyMemberError::Validation(errors)) = s.create(&member(), input(" ")).await else { panic!("invalid") };
        assert_eq!(errors.get("name"), Some(NAME_REQUIRED));
    }
}
