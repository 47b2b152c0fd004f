//! Festival volunteering's storage (ADR 0141). A write that places people takes the shift's row
//! (PostgreSQL `FOR UPDATE`; SQLite's write transaction holds the database) and the member's
//! row, so two sign-ups for the last place, or one person's two sign-ups at once, take turns;
//! the counts are then read inside the transaction and the e-mails written with the change.

use std::collections::{BTreeMap, HashMap};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mandir_application::ports::{
    DoorDuty, DoorStaffer, MemberEmailKind, NewShiftSignup, OfferError, PlacementError, PlanView, Promoted, RepoError, ShiftContext,
    ShiftNotice, ShiftRepository, SignupView,
};
use mandir_domain::volunteer_shift::{
    Attendance, Shift, ShiftSignup, ShiftStatus, ValidRole, ValidShift, VolunteerRole, one_step_role, overlaps,
};
use mandir_domain::{EventId, ShiftId, ShiftSignupId, UserId, VolunteerRoleId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use crate::Database;
use crate::entities::{
    account_settings, event_door_staff, events, member_emails, shift_signups, users, volunteer_plans, volunteer_roles, volunteer_shifts,
    volunteers,
};
use crate::error::MapDbErr;
use crate::households::lock_member;

#[derive(Debug, Clone)]
pub struct SeaOrmShiftRepository {
    db: Database,
}

impl SeaOrmShiftRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn role_of(m: volunteer_roles::Model) -> VolunteerRole {
    VolunteerRole {
        id: m.id.into(),
        event_id: m.event_id.into(),
        name: m.name,
        description: m.description,
        min_age: m.min_age,
        report_to: m.report_to,
        position: m.position,
        one_step: m.one_step,
    }
}

fn shift_of(m: volunteer_shifts::Model, counts: &HashMap<String, (i32, i32)>) -> Shift {
    let (filled, waitlisted) = counts.get(&m.id).copied().unwrap_or_default();
    Shift {
        id: m.id.into(),
        role_id: m.role_id.into(),
        event_id: m.event_id.into(),
        starts_at: m.starts_at,
        ends_at: m.ends_at,
        needed: m.needed,
        filled,
        waitlisted,
    }
}

fn signup_of(m: shift_signups::Model) -> Result<ShiftSignup, RepoError> {
    let status = ShiftStatus::parse(&m.status).ok_or_else(|| RepoError::unexpected(format!("unknown sign-up status {:?}", m.status)))?;
    let attendance =
        m.attendance.as_deref().map(|a| Attendance::parse(a).ok_or_else(|| RepoError::unexpected(format!("unknown attendance {a:?}"))));
    Ok(ShiftSignup {
        id: m.id.into(),
        shift_id: m.shift_id.into(),
        event_id: m.event_id.into(),
        user_id: m.user_id.into(),
        family_member_id: m.family_member_id.map(Into::into),
        name: m.name,
        status,
        attendance: attendance.transpose()?,
        drop_requested: m.drop_requested,
        created_at: m.created_at,
    })
}

/// Confirmed and waitlisted counts of the shifts whose ids are given (all of them when `None`).
async fn counts<C: ConnectionTrait>(conn: &C, shift_ids: &[String]) -> Result<HashMap<String, (i32, i32)>, RepoError> {
    let rows: Vec<(String, String)> = shift_signups::Entity::find()
        .select_only()
        .column(shift_signups::Column::ShiftId)
        .column(shift_signups::Column::Status)
        .filter(shift_signups::Column::ShiftId.is_in(shift_ids.iter().cloned()))
        .into_tuple()
        .all(conn)
        .await
        .repo()?;
    let mut counts: HashMap<String, (i32, i32)> = HashMap::new();
    for (shift, status) in rows {
        let entry = counts.entry(shift).or_default();
        if status == ShiftStatus::Confirmed.as_str() {
            entry.0 += 1;
        } else {
            entry.1 += 1;
        }
    }
    Ok(counts)
}

/// Writes a volunteer's e-mail with the change it tells about; one that exists is kept.
async fn enqueue<C: ConnectionTrait>(
    conn: &C,
    kind: MemberEmailKind,
    id: String,
    signup: &shift_signups::Model,
    notice: &ShiftNotice,
    now: DateTime<Utc>,
) -> Result<(), RepoError> {
    let row = member_emails::ActiveModel {
        id: Set(id),
        kind: Set(kind.as_str().to_owned()),
        user_id: Set(signup.user_id.clone()),
        event_id: Set(Some(signup.event_id.clone())),
        payload: Set(Some(serde_json::to_string(notice).map_err(RepoError::unexpected)?)),
        created_at: Set(now),
        claimed_until: Set(None),
        attempts: Set(0),
        sent_at: Set(None),
        last_error: Set(None),
    };
    member_emails::Entity::insert(row)
        .on_conflict(OnConflict::column(member_emails::Column::Id).do_nothing().to_owned())
        .exec_without_returning(conn)
        .await
        .repo()?;
    Ok(())
}

/// A new shift of the role `role_id` of the event `event_id`.
fn shift_row(id: &str, role_id: &str, event_id: &str, shift: &ValidShift, now: DateTime<Utc>) -> volunteer_shifts::ActiveModel {
    volunteer_shifts::ActiveModel {
        id: Set(id.to_owned()),
        role_id: Set(role_id.to_owned()),
        event_id: Set(event_id.to_owned()),
        starts_at: Set(shift.starts_at),
        ends_at: Set(shift.ends_at),
        needed: Set(shift.needed),
        created_at: Set(now),
    }
}

/// Sets an event's drop cut-off, making its plan's row when it has none.
async fn put_cutoff<C: ConnectionTrait>(conn: &C, event_id: &EventId, hours: i32, now: DateTime<Utc>) -> Result<(), RepoError> {
    let row = volunteer_plans::ActiveModel { event_id: Set(event_id.to_string()), drop_cutoff_hours: Set(hours), updated_at: Set(now) };
    volunteer_plans::Entity::insert(row)
        .on_conflict(
            OnConflict::column(volunteer_plans::Column::EventId)
                .update_columns([volunteer_plans::Column::DropCutoffHours, volunteer_plans::Column::UpdatedAt])
                .to_owned(),
        )
        .exec_without_returning(conn)
        .await
        .repo()?;
    Ok(())
}

fn plain_notice(signup_id: &str) -> ShiftNotice {
    ShiftNotice { signup_id: signup_id.to_owned(), waitlisted: false, subject: None, body: None }
}

/// Confirms a shift's waitlist in order while it has room, e-mailing each promoted volunteer.
async fn promote<C: ConnectionTrait>(conn: &C, shift: &volunteer_shifts::Model, now: DateTime<Utc>) -> Result<Promoted, RepoError> {
    let signups = shift_signups::Entity::find()
        .filter(shift_signups::Column::ShiftId.eq(shift.id.as_str()))
        .order_by_asc(shift_signups::Column::CreatedAt)
        .order_by_asc(shift_signups::Column::Id)
        .all(conn)
        .await
        .repo()?;
    let confirmed = signups.iter().filter(|s| s.status == ShiftStatus::Confirmed.as_str()).count();
    let room = usize::try_from(shift.needed).unwrap_or(0).saturating_sub(confirmed);
    let mut promoted = Vec::new();
    for waiting in signups.into_iter().filter(|s| s.status == ShiftStatus::Waitlisted.as_str()).take(room) {
        let id = format!("{}:{}:{}", MemberEmailKind::ShiftPromoted.as_str(), waiting.id, now.timestamp_millis());
        enqueue(conn, MemberEmailKind::ShiftPromoted, id, &waiting, &plain_notice(&waiting.id), now).await?;
        let mut active: shift_signups::ActiveModel = waiting.clone().into();
        active.status = Set(ShiftStatus::Confirmed.as_str().to_owned());
        active.updated_at = Set(now);
        active.update(conn).await.repo()?;
        promoted.push(ShiftSignupId::from(waiting.id));
    }
    Ok(promoted)
}

fn new_uuid() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Places a one-step offer (its `volunteers` row just written, in the caller's transaction holding
/// the event's row) on the event's one-step role's shift, making the role and its shift when the
/// event has no plan; the shift grows so that every offer has a place. A member already on that
/// shift keeps their place, now tied to the offer.
pub(crate) async fn place_one_step<C: ConnectionTrait>(
    conn: &C,
    event: &events::Model,
    offer: &volunteers::Model,
    now: DateTime<Utc>,
) -> Result<(), OfferError> {
    let roles = volunteer_roles::Entity::find()
        .filter(volunteer_roles::Column::EventId.eq(event.id.as_str()))
        .order_by_asc(volunteer_roles::Column::Position)
        .all(conn)
        .await
        .repo()?;
    if !roles.iter().all(|role| role.one_step) {
        return Err(OfferError::HasPlan);
    }
    let (role, times) = one_step_role(&event.name, event.event_date);
    let role_id = match roles.into_iter().next() {
        Some(existing) => existing.id,
        None => {
            let model = volunteer_roles::ActiveModel {
                id: Set(new_uuid()),
                event_id: Set(event.id.clone()),
                name: Set(role.name),
                description: Set(role.description),
                min_age: Set(role.min_age),
                report_to: Set(role.report_to),
                position: Set(0),
                one_step: Set(true),
                created_at: Set(now),
            };
            model.insert(conn).await.repo()?.id
        }
    };
    let found = volunteer_shifts::Entity::find()
        .filter(volunteer_shifts::Column::RoleId.eq(role_id.as_str()))
        .order_by_asc(volunteer_shifts::Column::StartsAt)
        .order_by_asc(volunteer_shifts::Column::Id)
        .lock_exclusive()
        .one(conn)
        .await
        .repo()?;
    let shift = match found {
        Some(shift) => shift,
        None => shift_row(&new_uuid(), &role_id, &event.id, &times, now).insert(conn).await.repo()?,
    };
    let on_shift = shift_signups::Entity::find()
        .filter(shift_signups::Column::ShiftId.eq(shift.id.as_str()))
        .filter(shift_signups::Column::PersonKey.eq(offer.user_id.as_str()))
        .one(conn)
        .await
        .repo()?;
    if let Some(place) = on_shift {
        let mut active: shift_signups::ActiveModel = place.into();
        active.volunteer_id = Set(Some(offer.id.clone()));
        active.updated_at = Set(now);
        active.update(conn).await.repo()?;
        return Ok(());
    }
    let (filled, _) = counts(conn, std::slice::from_ref(&shift.id)).await?.get(&shift.id).copied().unwrap_or_default();
    if filled >= shift.needed {
        let mut grown: volunteer_shifts::ActiveModel = shift.clone().into();
        grown.needed = Set(filled + 1);
        grown.update(conn).await.repo()?;
    }
    let model = shift_signups::ActiveModel {
        id: Set(new_uuid()),
        shift_id: Set(shift.id.clone()),
        event_id: Set(shift.event_id.clone()),
        user_id: Set(offer.user_id.clone()),
        family_member_id: Set(None),
        person_key: Set(offer.user_id.clone()),
        name: Set(offer.name.clone()),
        status: Set(ShiftStatus::Confirmed.as_str().to_owned()),
        attendance: Set(None),
        drop_requested: Set(false),
        volunteer_id: Set(Some(offer.id.clone())),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(conn)
    .await
    .repo()?;
    let id = format!("{}:{}", MemberEmailKind::ShiftSignedUp.as_str(), model.id);
    enqueue(conn, MemberEmailKind::ShiftSignedUp, id, &model, &plain_notice(&model.id), now).await?;
    Ok(())
}

/// Takes off the place a one-step offer gave (in the caller's transaction, as the offer goes),
/// promoting that shift's waitlist.
pub(crate) async fn take_off_offer<C: ConnectionTrait>(conn: &C, volunteer_id: &str, now: DateTime<Utc>) -> Result<(), RepoError> {
    let Some(place) = shift_signups::Entity::find().filter(shift_signups::Column::VolunteerId.eq(volunteer_id)).one(conn).await.repo()?
    else {
        return Ok(());
    };
    let Some(shift) = SeaOrmShiftRepository::lock_shift(conn, &place.shift_id).await? else { return Ok(()) };
    shift_signups::Entity::delete_by_id(place.id).exec(conn).await.repo()?;
    promote(conn, &shift, now).await?;
    Ok(())
}

impl SeaOrmShiftRepository {
    /// Takes a shift's row for the rest of the transaction (`FOR UPDATE` on PostgreSQL; SQLite's
    /// write transaction holds the whole database) and answers it.
    async fn lock_shift<C: ConnectionTrait>(conn: &C, id: &str) -> Result<Option<volunteer_shifts::Model>, RepoError> {
        volunteer_shifts::Entity::find_by_id(id.to_owned()).lock_exclusive().one(conn).await.repo()
    }

    /// Whether the person (`person_key`) has a place on another shift overlapping `times`.
    async fn overlapping<C: ConnectionTrait>(
        conn: &C,
        person_key: &str,
        except: Option<&str>,
        times: (DateTime<Utc>, DateTime<Utc>),
    ) -> Result<bool, RepoError> {
        let shift_ids: Vec<String> = shift_signups::Entity::find()
            .select_only()
            .column(shift_signups::Column::ShiftId)
            .filter(shift_signups::Column::PersonKey.eq(person_key))
            .filter(shift_signups::Column::Id.ne(except.unwrap_or("")))
            .into_tuple()
            .all(conn)
            .await
            .repo()?;
        if shift_ids.is_empty() {
            return Ok(false);
        }
        let theirs: Vec<(DateTime<Utc>, DateTime<Utc>)> = volunteer_shifts::Entity::find()
            .select_only()
            .column(volunteer_shifts::Column::StartsAt)
            .column(volunteer_shifts::Column::EndsAt)
            .filter(volunteer_shifts::Column::Id.is_in(shift_ids))
            .into_tuple()
            .all(conn)
            .await
            .repo()?;
        Ok(theirs.into_iter().any(|shift| overlaps(shift, times)))
    }

    /// Sign-ups with their shifts, roles, events and members, in the order given.
    async fn views(&self, signups: Vec<shift_signups::Model>) -> Result<Vec<SignupView>, RepoError> {
        if signups.is_empty() {
            return Ok(Vec::new());
        }
        let conn = &self.db.conn;
        let shift_ids: Vec<String> = signups.iter().map(|s| s.shift_id.clone()).collect();
        let shifts: HashMap<String, volunteer_shifts::Model> = volunteer_shifts::Entity::find()
            .filter(volunteer_shifts::Column::Id.is_in(shift_ids.clone()))
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .map(|s| (s.id.clone(), s))
            .collect();
        let role_ids: Vec<String> = shifts.values().map(|s| s.role_id.clone()).collect();
        let roles: HashMap<String, volunteer_roles::Model> = volunteer_roles::Entity::find()
            .filter(volunteer_roles::Column::Id.is_in(role_ids))
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .map(|r| (r.id.clone(), r))
            .collect();
        let event_ids: Vec<String> = shifts.values().map(|s| s.event_id.clone()).collect();
        let events: HashMap<String, (String, DateTime<Utc>)> = events::Entity::find()
            .select_only()
            .column(events::Column::Id)
            .column(events::Column::Name)
            .column(events::Column::EventDate)
            .filter(events::Column::Id.is_in(event_ids.clone()))
            .into_tuple::<(String, String, DateTime<Utc>)>()
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .map(|(id, name, date)| (id, (name, date)))
            .collect();
        let cutoffs: HashMap<String, i32> = volunteer_plans::Entity::find()
            .filter(volunteer_plans::Column::EventId.is_in(event_ids))
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .map(|p| (p.event_id, p.drop_cutoff_hours))
            .collect();
        let user_ids: Vec<String> = signups.iter().map(|s| s.user_id.clone()).collect();
        let members: HashMap<String, (String, Option<String>)> = users::Entity::find()
            .select_only()
            .column(users::Column::Id)
            .column(users::Column::Email)
            .column(users::Column::PhoneNumber)
            .filter(users::Column::Id.is_in(user_ids))
            .into_tuple::<(String, String, Option<String>)>()
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .map(|(id, email, phone)| (id, (email, phone)))
            .collect();
        let counts = counts(conn, &shift_ids).await?;
        let mut views = Vec::with_capacity(signups.len());
        for signup in signups {
            let shift = shifts.get(&signup.shift_id).cloned().ok_or(RepoError::NotFound)?;
            let role = roles.get(&shift.role_id).cloned().ok_or(RepoError::NotFound)?;
            let (event_name, event_date) = events.get(&shift.event_id).cloned().ok_or(RepoError::NotFound)?;
            let (email, phone) = members.get(&signup.user_id).cloned().unwrap_or_default();
            views.push(SignupView {
                context: ShiftContext {
                    drop_cutoff_hours: cutoffs.get(&shift.event_id).copied(),
                    shift: shift_of(shift, &counts),
                    role: role_of(role),
                    event_name,
                    event_date,
                },
                signup: signup_of(signup)?,
                email,
                phone,
            });
        }
        Ok(views)
    }

    async fn has_people<C: ConnectionTrait>(conn: &C, shift_ids: Vec<String>) -> Result<bool, RepoError> {
        Ok(shift_signups::Entity::find().filter(shift_signups::Column::ShiftId.is_in(shift_ids)).one(conn).await.repo()?.is_some())
    }
}

#[async_trait]
impl ShiftRepository for SeaOrmShiftRepository {
    async fn plan(&self, event_id: &EventId) -> Result<PlanView, RepoError> {
        let conn = &self.db.conn;
        let cutoff = volunteer_plans::Entity::find_by_id(event_id.to_string()).one(conn).await.repo()?.map(|p| p.drop_cutoff_hours);
        let roles = volunteer_roles::Entity::find()
            .filter(volunteer_roles::Column::EventId.eq(event_id.as_str()))
            .order_by_asc(volunteer_roles::Column::Position)
            .all(conn)
            .await
            .repo()?;
        let shifts = volunteer_shifts::Entity::find()
            .filter(volunteer_shifts::Column::EventId.eq(event_id.as_str()))
            .order_by_asc(volunteer_shifts::Column::StartsAt)
            .order_by_asc(volunteer_shifts::Column::Id)
            .all(conn)
            .await
            .repo()?;
        let ids: Vec<String> = shifts.iter().map(|s| s.id.clone()).collect();
        let counts = if ids.is_empty() { HashMap::new() } else { counts(conn, &ids).await? };
        Ok(PlanView {
            drop_cutoff_hours: cutoff,
            roles: roles.into_iter().map(role_of).collect(),
            shifts: shifts.into_iter().map(|s| shift_of(s, &counts)).collect(),
        })
    }

    async fn set_drop_cutoff(&self, event_id: &EventId, hours: i32, now: DateTime<Utc>) -> Result<(), RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        put_cutoff(&*turn, event_id, hours, now).await?;
        turn.commit().await.repo()
    }

    async fn add_role(
        &self,
        event_id: &EventId,
        id: &VolunteerRoleId,
        role: &ValidRole,
        now: DateTime<Utc>,
    ) -> Result<VolunteerRole, RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        let last: Option<i32> = volunteer_roles::Entity::find()
            .select_only()
            .column(volunteer_roles::Column::Position)
            .filter(volunteer_roles::Column::EventId.eq(event_id.as_str()))
            .order_by_desc(volunteer_roles::Column::Position)
            .into_tuple()
            .one(&*turn)
            .await
            .repo()?;
        let model = volunteer_roles::ActiveModel {
            id: Set(id.to_string()),
            event_id: Set(event_id.to_string()),
            name: Set(role.name.clone()),
            description: Set(role.description.clone()),
            min_age: Set(role.min_age),
            report_to: Set(role.report_to.clone()),
            position: Set(last.map_or(0, |p| p + 1)),
            one_step: Set(false),
            created_at: Set(now),
        }
        .insert(&*turn)
        .await
        .repo()?;
        turn.commit().await.repo()?;
        Ok(role_of(model))
    }

    async fn role(&self, id: &VolunteerRoleId) -> Result<Option<VolunteerRole>, RepoError> {
        Ok(volunteer_roles::Entity::find_by_id(id.to_string()).one(&self.db.conn).await.repo()?.map(role_of))
    }

    async fn update_role(&self, id: &VolunteerRoleId, role: &ValidRole) -> Result<VolunteerRole, RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        let existing = volunteer_roles::Entity::find_by_id(id.to_string()).one(&*turn).await.repo()?.ok_or(RepoError::NotFound)?;
        let mut active: volunteer_roles::ActiveModel = existing.into();
        active.name = Set(role.name.clone());
        active.description = Set(role.description.clone());
        active.min_age = Set(role.min_age);
        active.report_to = Set(role.report_to.clone());
        let model = active.update(&*turn).await.repo()?;
        turn.commit().await.repo()?;
        Ok(role_of(model))
    }

    async fn delete_role(&self, id: &VolunteerRoleId) -> Result<(), RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        let shift_ids: Vec<String> = volunteer_shifts::Entity::find()
            .select_only()
            .column(volunteer_shifts::Column::Id)
            .filter(volunteer_shifts::Column::RoleId.eq(id.as_str()))
            .into_tuple()
            .all(&*turn)
            .await
            .repo()?;
        if Self::has_people(&*turn, shift_ids).await? {
            return Err(RepoError::Conflict("the role has volunteers".into()));
        }
        let deleted = volunteer_roles::Entity::delete_by_id(id.to_string()).exec(&*turn).await.repo()?;
        if deleted.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        turn.commit().await.repo()
    }

    async fn add_shift(&self, role: &VolunteerRole, id: &ShiftId, shift: &ValidShift, now: DateTime<Utc>) -> Result<Shift, RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        let model = shift_row(id.as_str(), role.id.as_str(), role.event_id.as_str(), shift, now).insert(&*turn).await.repo()?;
        turn.commit().await.repo()?;
        Ok(shift_of(model, &HashMap::new()))
    }

    async fn shift(&self, id: &ShiftId) -> Result<Option<ShiftContext>, RepoError> {
        let conn = &self.db.conn;
        let Some(shift) = volunteer_shifts::Entity::find_by_id(id.to_string()).one(conn).await.repo()? else { return Ok(None) };
        let Some(role) = volunteer_roles::Entity::find_by_id(shift.role_id.clone()).one(conn).await.repo()? else { return Ok(None) };
        let Some(event) = events::Entity::find_by_id(shift.event_id.clone()).one(conn).await.repo()? else { return Ok(None) };
        let cutoff = volunteer_plans::Entity::find_by_id(shift.event_id.clone()).one(conn).await.repo()?.map(|p| p.drop_cutoff_hours);
        let counts = counts(conn, std::slice::from_ref(&shift.id)).await?;
        Ok(Some(ShiftContext {
            shift: shift_of(shift, &counts),
            role: role_of(role),
            event_name: event.name,
            event_date: event.event_date,
            drop_cutoff_hours: cutoff,
        }))
    }

    async fn update_shift(&self, id: &ShiftId, shift: &ValidShift, now: DateTime<Utc>) -> Result<(Shift, Promoted), PlacementError> {
        let turn = self.db.begin_write().await.repo()?;
        let existing = Self::lock_shift(&*turn, id).await?.ok_or(PlacementError::NotFound)?;
        // New times: nobody on the shift may then be on two shifts at once (everyone's other places
        // are read in this transaction, as a sign-up's overlap check reads one person's; a person
        // has one place per shift).
        if (existing.starts_at, existing.ends_at) != (shift.starts_at, shift.ends_at) {
            let people = shift_signups::Entity::find()
                .filter(shift_signups::Column::ShiftId.eq(id.as_str()))
                .order_by_asc(shift_signups::Column::CreatedAt)
                .order_by_asc(shift_signups::Column::Id)
                .all(&*turn)
                .await
                .repo()?;
            // Their places on other shifts, and those shifts' times: two reads for everyone.
            let keys: Vec<String> = people.iter().map(|p| p.person_key.clone()).collect();
            let elsewhere: Vec<(String, String)> = shift_signups::Entity::find()
                .select_only()
                .column(shift_signups::Column::PersonKey)
                .column(shift_signups::Column::ShiftId)
                .filter(shift_signups::Column::PersonKey.is_in(keys))
                .filter(shift_signups::Column::ShiftId.ne(id.as_str()))
                .into_tuple()
                .all(&*turn)
                .await
                .repo()?;
            let times: HashMap<String, (DateTime<Utc>, DateTime<Utc>)> = volunteer_shifts::Entity::find()
                .select_only()
                .column(volunteer_shifts::Column::Id)
                .column(volunteer_shifts::Column::StartsAt)
                .column(volunteer_shifts::Column::EndsAt)
                .filter(volunteer_shifts::Column::Id.is_in(elsewhere.iter().map(|(_, shift)| shift.clone())))
                .into_tuple::<(String, DateTime<Utc>, DateTime<Utc>)>()
                .all(&*turn)
                .await
                .repo()?
                .into_iter()
                .map(|(id, starts, ends)| (id, (starts, ends)))
                .collect();
            let new_times = (shift.starts_at, shift.ends_at);
            let clashes =
                |key: &str| elsewhere.iter().any(|(k, other)| k == key && times.get(other).is_some_and(|&t| overlaps(t, new_times)));
            let clashing: Vec<String> = people.into_iter().filter(|p| clashes(&p.person_key)).map(|p| p.name).collect();
            if !clashing.is_empty() {
                return Err(PlacementError::NewTimesOverlap(clashing));
            }
        }
        let mut active: volunteer_shifts::ActiveModel = existing.into();
        active.starts_at = Set(shift.starts_at);
        active.ends_at = Set(shift.ends_at);
        active.needed = Set(shift.needed);
        let model = active.update(&*turn).await.repo()?;
        let promoted = promote(&*turn, &model, now).await?;
        let counts = counts(&*turn, std::slice::from_ref(&model.id)).await?;
        turn.commit().await.repo()?;
        Ok((shift_of(model, &counts), promoted))
    }

    async fn delete_shift(&self, id: &ShiftId) -> Result<(), RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        Self::lock_shift(&*turn, id).await?.ok_or(RepoError::NotFound)?;
        if Self::has_people(&*turn, vec![id.to_string()]).await? {
            return Err(RepoError::Conflict("the shift has volunteers".into()));
        }
        volunteer_shifts::Entity::delete_by_id(id.to_string()).exec(&*turn).await.repo()?;
        turn.commit().await.repo()
    }

    async fn copy_plan(
        &self,
        event_id: &EventId,
        roles: Vec<(VolunteerRole, Vec<Shift>)>,
        drop_cutoff_hours: Option<i32>,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        // The event's row: two copies to one event take turns, so the second finds the first's roles.
        events::Entity::find_by_id(event_id.to_string())
            .select_only()
            .column(events::Column::Id)
            .lock_exclusive()
            .into_tuple::<String>()
            .one(&*turn)
            .await
            .repo()?;
        // Only the one-step offers' role may be there; the copied roles come after it.
        let existing =
            volunteer_roles::Entity::find().filter(volunteer_roles::Column::EventId.eq(event_id.as_str())).all(&*turn).await.repo()?;
        if existing.iter().any(|role| !role.one_step) {
            return Err(RepoError::Conflict("the event has a volunteer plan".into()));
        }
        let after = existing.iter().map(|role| role.position + 1).max().unwrap_or(0);
        for (role, shifts) in roles {
            volunteer_roles::ActiveModel {
                id: Set(role.id.to_string()),
                event_id: Set(event_id.to_string()),
                name: Set(role.name.clone()),
                description: Set(role.description.clone()),
                min_age: Set(role.min_age),
                report_to: Set(role.report_to.clone()),
                position: Set(after + role.position),
                one_step: Set(false),
                created_at: Set(now),
            }
            .insert(&*turn)
            .await
            .repo()?;
            for shift in shifts {
                let valid = ValidShift { starts_at: shift.starts_at, ends_at: shift.ends_at, needed: shift.needed };
                shift_row(shift.id.as_str(), role.id.as_str(), role.event_id.as_str(), &valid, now).insert(&*turn).await.repo()?;
            }
        }
        if let Some(hours) = drop_cutoff_hours {
            put_cutoff(&*turn, event_id, hours, now).await?;
        }
        turn.commit().await.repo()
    }

    async fn sign_up(&self, new: NewShiftSignup) -> Result<ShiftSignup, PlacementError> {
        let turn = self.db.begin_write().await.repo()?;
        lock_member(&*turn, &new.user_id).await?;
        let shift = Self::lock_shift(&*turn, &new.shift_id).await?.ok_or(PlacementError::NotFound)?;
        let person_key = new.family_member_id.as_ref().map_or_else(|| new.user_id.to_string(), ToString::to_string);
        let on_shift = shift_signups::Entity::find()
            .filter(shift_signups::Column::ShiftId.eq(shift.id.as_str()))
            .filter(shift_signups::Column::PersonKey.eq(person_key.as_str()))
            .one(&*turn)
            .await
            .repo()?;
        if on_shift.is_some() {
            return Err(PlacementError::AlreadyOnShift);
        }
        if Self::overlapping(&*turn, &person_key, None, (shift.starts_at, shift.ends_at)).await? {
            return Err(PlacementError::Overlap);
        }
        let (filled, _) = counts(&*turn, std::slice::from_ref(&shift.id)).await?.get(&shift.id).copied().unwrap_or_default();
        let status = if filled < shift.needed { ShiftStatus::Confirmed } else { ShiftStatus::Waitlisted };
        let model = shift_signups::ActiveModel {
            id: Set(new.id.to_string()),
            shift_id: Set(shift.id.clone()),
            event_id: Set(shift.event_id.clone()),
            user_id: Set(new.user_id.to_string()),
            family_member_id: Set(new.family_member_id.map(|f| f.to_string())),
            person_key: Set(person_key),
            name: Set(new.name),
            status: Set(status.as_str().to_owned()),
            attendance: Set(None),
            drop_requested: Set(false),
            volunteer_id: Set(None),
            created_at: Set(new.now),
            updated_at: Set(new.now),
        }
        .insert(&*turn)
        .await
        .repo()
        .map_err(|error| match error {
            RepoError::Conflict(_) => PlacementError::AlreadyOnShift,
            other => PlacementError::Repo(other),
        })?;
        let notice = ShiftNotice { waitlisted: status == ShiftStatus::Waitlisted, ..plain_notice(&model.id) };
        let id = format!("{}:{}", MemberEmailKind::ShiftSignedUp.as_str(), model.id);
        enqueue(&*turn, MemberEmailKind::ShiftSignedUp, id, &model, &notice, new.now).await?;
        turn.commit().await.repo()?;
        Ok(signup_of(model)?)
    }

    async fn signup(&self, id: &ShiftSignupId) -> Result<Option<SignupView>, RepoError> {
        let Some(model) = shift_signups::Entity::find_by_id(id.to_string()).one(&self.db.conn).await.repo()? else { return Ok(None) };
        Ok(self.views(vec![model]).await?.pop())
    }

    async fn remove(&self, id: &ShiftSignupId, now: DateTime<Utc>) -> Result<Promoted, RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        let signup = shift_signups::Entity::find_by_id(id.to_string()).one(&*turn).await.repo()?.ok_or(RepoError::NotFound)?;
        let shift = Self::lock_shift(&*turn, &signup.shift_id).await?.ok_or(RepoError::NotFound)?;
        let deleted = shift_signups::Entity::delete_by_id(id.to_string()).exec(&*turn).await.repo()?;
        if deleted.rows_affected == 0 {
            return Err(RepoError::NotFound);
        }
        // A place from a one-step offer takes the offer with it.
        if let Some(volunteer_id) = signup.volunteer_id {
            volunteers::Entity::delete_by_id(volunteer_id).exec(&*turn).await.repo()?;
        }
        let promoted = promote(&*turn, &shift, now).await?;
        turn.commit().await.repo()?;
        Ok(promoted)
    }

    async fn move_to(&self, id: &ShiftSignupId, to: &ShiftId, now: DateTime<Utc>) -> Result<Promoted, PlacementError> {
        let turn = self.db.begin_write().await.repo()?;
        let signup = shift_signups::Entity::find_by_id(id.to_string()).one(&*turn).await.repo()?.ok_or(PlacementError::NotFound)?;
        lock_member(&*turn, &signup.user_id.clone().into()).await?;
        // Both shifts' rows, in id order (two moves the opposite way wait rather than deadlock).
        let mut ids = BTreeMap::new();
        ids.insert(signup.shift_id.clone(), ());
        ids.insert(to.to_string(), ());
        let mut locked = HashMap::new();
        for shift_id in ids.keys() {
            if let Some(shift) = Self::lock_shift(&*turn, shift_id).await? {
                locked.insert(shift_id.clone(), shift);
            }
        }
        let from = locked.get(&signup.shift_id).cloned().ok_or(PlacementError::NotFound)?;
        let target = locked.get(to.as_str()).cloned().ok_or(PlacementError::NotFound)?;
        if target.event_id != signup.event_id {
            return Err(PlacementError::NotFound);
        }
        if from.id == target.id {
            return Ok(Vec::new());
        }
        let on_target = shift_signups::Entity::find()
            .filter(shift_signups::Column::ShiftId.eq(target.id.as_str()))
            .filter(shift_signups::Column::PersonKey.eq(signup.person_key.as_str()))
            .one(&*turn)
            .await
            .repo()?;
        if on_target.is_some() {
            return Err(PlacementError::AlreadyOnShift);
        }
        if Self::overlapping(&*turn, &signup.person_key, Some(&signup.id), (target.starts_at, target.ends_at)).await? {
            return Err(PlacementError::Overlap);
        }
        let (filled, _) = counts(&*turn, std::slice::from_ref(&target.id)).await?.get(&target.id).copied().unwrap_or_default();
        if filled >= target.needed {
            return Err(PlacementError::Full);
        }
        let mut active: shift_signups::ActiveModel = signup.into();
        active.shift_id = Set(target.id.clone());
        active.status = Set(ShiftStatus::Confirmed.as_str().to_owned());
        active.attendance = Set(None);
        active.drop_requested = Set(false);
        active.updated_at = Set(now);
        active.update(&*turn).await.repo()?;
        let promoted = promote(&*turn, &from, now).await?;
        turn.commit().await.repo()?;
        Ok(promoted)
    }

    async fn set_drop_requested(&self, id: &ShiftSignupId, requested: bool, now: DateTime<Utc>) -> Result<(), RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        let signup = shift_signups::Entity::find_by_id(id.to_string()).one(&*turn).await.repo()?.ok_or(RepoError::NotFound)?;
        let mut active: shift_signups::ActiveModel = signup.into();
        active.drop_requested = Set(requested);
        active.updated_at = Set(now);
        active.update(&*turn).await.repo()?;
        turn.commit().await.repo()
    }

    async fn set_attendance(&self, id: &ShiftSignupId, attendance: Option<Attendance>, now: DateTime<Utc>) -> Result<(), RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        let signup = shift_signups::Entity::find_by_id(id.to_string()).one(&*turn).await.repo()?.ok_or(RepoError::NotFound)?;
        let mut active: shift_signups::ActiveModel = signup.into();
        active.attendance = Set(attendance.map(|a| a.as_str().to_owned()));
        active.updated_at = Set(now);
        active.update(&*turn).await.repo()?;
        turn.commit().await.repo()
    }

    async fn mine(
        &self,
        user_id: &UserId,
        event_id: Option<EventId>,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<SignupView>, RepoError> {
        let mut query = shift_signups::Entity::find().filter(shift_signups::Column::UserId.eq(user_id.as_str()));
        if let Some(event_id) = &event_id {
            query = query.filter(shift_signups::Column::EventId.eq(event_id.as_str()));
        }
        let mut views = self.views(query.all(&self.db.conn).await.repo()?).await?;
        if event_id.is_none() {
            views.retain(|v| v.context.shift.starts_at >= from && v.context.shift.starts_at < to);
        }
        views.sort_by(|a, b| (a.context.shift.starts_at, &a.signup.name).cmp(&(b.context.shift.starts_at, &b.signup.name)));
        Ok(views)
    }

    async fn event_signups(&self, event_id: &EventId) -> Result<Vec<SignupView>, RepoError> {
        let signups = shift_signups::Entity::find()
            .filter(shift_signups::Column::EventId.eq(event_id.as_str()))
            .order_by_asc(shift_signups::Column::CreatedAt)
            .order_by_asc(shift_signups::Column::Id)
            .all(&self.db.conn)
            .await
            .repo()?;
        let mut views = self.views(signups).await?;
        // Confirmed first, each group in sign-up order (the sort is stable).
        views.sort_by_key(|v| v.signup.status != ShiftStatus::Confirmed);
        Ok(views)
    }

    async fn reminders_due(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Result<Vec<SignupView>, RepoError> {
        let conn = &self.db.conn;
        let shift_ids: Vec<String> = volunteer_shifts::Entity::find()
            .select_only()
            .column(volunteer_shifts::Column::Id)
            .filter(volunteer_shifts::Column::StartsAt.gt(from))
            .filter(volunteer_shifts::Column::StartsAt.lte(to))
            .into_tuple()
            .all(conn)
            .await
            .repo()?;
        if shift_ids.is_empty() {
            return Ok(Vec::new());
        }
        let signups = shift_signups::Entity::find()
            .filter(shift_signups::Column::ShiftId.is_in(shift_ids))
            .filter(shift_signups::Column::Status.eq(ShiftStatus::Confirmed.as_str()))
            .all(conn)
            .await
            .repo()?;
        let user_ids: Vec<String> = signups.iter().map(|s| s.user_id.clone()).collect();
        let wanting: std::collections::HashSet<String> = account_settings::Entity::find()
            .select_only()
            .column(account_settings::Column::Id)
            .filter(account_settings::Column::Id.is_in(user_ids))
            .filter(account_settings::Column::RemindersEnabled.eq(true))
            .into_tuple()
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .collect();
        self.views(signups.into_iter().filter(|s| wanting.contains(&s.user_id)).collect()).await
    }

    async fn door_staff(&self, event_id: &EventId) -> Result<Vec<DoorStaffer>, RepoError> {
        let conn = &self.db.conn;
        let rows =
            event_door_staff::Entity::find().filter(event_door_staff::Column::EventId.eq(event_id.as_str())).all(conn).await.repo()?;
        let ids: Vec<String> = rows.iter().map(|r| r.user_id.clone()).collect();
        let people: HashMap<String, (String, String, String)> = users::Entity::find()
            .select_only()
            .column(users::Column::Id)
            .column(users::Column::FirstName)
            .column(users::Column::LastName)
            .column(users::Column::Email)
            .filter(users::Column::Id.is_in(ids))
            .into_tuple::<(String, String, String, String)>()
            .all(conn)
            .await
            .repo()?
            .into_iter()
            .map(|(id, first, last, email)| (id, (first, last, email)))
            .collect();
        let mut staff: Vec<DoorStaffer> = rows
            .into_iter()
            .filter_map(|r| {
                let (first, last, email) = people.get(&r.user_id)?.clone();
                Some(DoorStaffer {
                    user_id: r.user_id.into(),
                    name: format!("{first} {last}").trim().to_owned(),
                    email,
                    granted_at: r.granted_at,
                })
            })
            .collect();
        staff.sort_by_key(|s| s.name.to_lowercase());
        Ok(staff)
    }

    async fn grant_door(&self, event_id: &EventId, user_id: &UserId, now: DateTime<Utc>) -> Result<(), RepoError> {
        let row =
            event_door_staff::ActiveModel { event_id: Set(event_id.to_string()), user_id: Set(user_id.to_string()), granted_at: Set(now) };
        let turn = self.db.begin_write().await.repo()?;
        event_door_staff::Entity::insert(row)
            .on_conflict(OnConflict::columns([event_door_staff::Column::EventId, event_door_staff::Column::UserId]).do_nothing().to_owned())
            .exec_without_returning(&*turn)
            .await
            .repo()?;
        turn.commit().await.repo()
    }

    async fn revoke_door(&self, event_id: &EventId, user_id: &UserId) -> Result<(), RepoError> {
        let turn = self.db.begin_write().await.repo()?;
        event_door_staff::Entity::delete_by_id((event_id.to_string(), user_id.to_string())).exec(&*turn).await.repo()?;
        turn.commit().await.repo()
    }

    async fn door_duties(&self, user_id: &UserId, since: DateTime<Utc>) -> Result<Vec<DoorDuty>, RepoError> {
        let conn = &self.db.conn;
        let ids: Vec<String> = event_door_staff::Entity::find()
            .select_only()
            .column(event_door_staff::Column::EventId)
            .filter(event_door_staff::Column::UserId.eq(user_id.as_str()))
            .into_tuple()
            .all(conn)
            .await
            .repo()?;
        let events = events::Entity::find()
            .filter(events::Column::Id.is_in(ids))
            .filter(events::Column::EventDate.gte(since))
            .order_by_asc(events::Column::EventDate)
            .all(conn)
            .await
            .repo()?;
        Ok(events.into_iter().map(|e| DoorDuty { event_id: e.id.into(), event_name: e.name, event_date: e.event_date }).collect())
    }
}
