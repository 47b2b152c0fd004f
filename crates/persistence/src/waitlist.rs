//! The waitlist of a full event: each entry's place in line, and the promotion of the parties that
//! fit once spots are freed (docs/decisions/0109-waitlist-promoted-in-the-cancellation.md).

use chrono::{DateTime, Utc};
use mandir_application::ports::{AdmissionError, MemberEmailKind, RepoError};
use mandir_domain::EventId;
use mandir_domain::registration::{Attendee, WaitlistEntry, promote};
use sea_orm::sea_query::{Expr, ExprTrait, Query};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set};

use crate::db::WriteTransaction;
use crate::entities::{attendees, events, member_emails, waitlist};
use crate::error::{MapDbErr, map};
use crate::event_people::{EventWithPeople, attendee_of, with_people};

/// Inside a transaction holding the event, after spots were freed (a cancellation, a smaller
/// party, a larger capacity): drops waitlist entries of members registered meanwhile, then moves
/// the parties that fit now onto the attendees in waitlist order ([`promote`]). Each promoted
/// registration keeps the entry's id, family count and notes; the trigger on `attendees` adds its
/// people to the event's count and queues its e-mail, which is marked as a promotion here so the
/// member gets one e-mail saying they moved from the waitlist (ADR 0109).
pub(crate) async fn promote_waitlist(tx: &WriteTransaction, event_id: &EventId, now: DateTime<Utc>) -> Result<Vec<Attendee>, RepoError> {
    waitlist::Entity::delete_many()
        .filter(waitlist::Column::EventId.eq(event_id.as_str()))
        .filter(
            waitlist::Column::UserId.in_subquery(
                Query::select()
                    .column(attendees::Column::UserId)
                    .from(attendees::Entity)
                    .and_where(Expr::col(attendees::Column::EventId).eq(event_id.as_str()))
                    .to_owned(),
            ),
        )
        .exec(tx)
        .await
        .repo()?;
    let entries = waitlist::Entity::find()
        .filter(waitlist::Column::EventId.eq(event_id.as_str()))
        .order_by_asc(waitlist::Column::Seq)
        .all(tx)
        .await
        .repo()?;
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let Some(EventWithPeople(event, people)) =
        with_people().filter(events::Column::Id.eq(event_id.as_str())).into_model::<EventWithPeople>().one(tx).await.repo()?
    else {
        return Ok(Vec::new());
    };
    let free = event.capacity.map(|capacity| i64::from(capacity) - people);
    let parties: Vec<i64> = entries.iter().map(|w| i64::from(w.number_of_family_members) + 1).collect();
    let mut promoted = Vec::new();
    for i in promote(free, &parties) {
        let w = &entries[i];
        let model = attendees::ActiveModel {
            id: Set(w.id.clone()),
            event_id: Set(w.event_id.clone()),
            user_id: Set(w.user_id.clone()),
            number_of_family_members: Set(w.number_of_family_members),
            additional_notes: Set(w.additional_notes.clone()),
            created_at: Set(now),
            updated_at: Set(now),
            checked_in_at: Set(None),
            payment_id: Set(None),
            confirmation_code: Set(Some(crate::door::fresh_code())),
            arrived_people: Set(None),
            checked_in_by: Set(None),
            door_seq: Set(0),
        }
        .insert(tx)
        .await
        .repo()?;
        waitlist::Entity::delete_by_id(w.id.clone()).exec(tx).await.repo()?;
        member_emails::Entity::update_many()
            .col_expr(member_emails::Column::Kind, Expr::val(MemberEmailKind::Promoted.as_str()))
            .filter(member_emails::Column::Id.eq(format!("{}:{}", MemberEmailKind::Registered.as_str(), w.id)))
            .filter(member_emails::Column::SentAt.is_null())
            .exec(tx)
            .await
            .repo()?;
        promoted.push(attendee_of(model));
    }
    Ok(promoted)
}

pub(crate) fn waitlist_entry(m: waitlist::Model, position: i64) -> WaitlistEntry {
    WaitlistEntry {
        id: m.id.into(),
        event_id: m.event_id.into(),
        user_id: m.user_id.into(),
        number_of_family_members: m.number_of_family_members,
        additional_notes: m.additional_notes,
        position,
        created_at: m.created_at,
    }
}

/// The entry's place in line: 1 + the entries of its event before it.
pub(crate) async fn position_of<C: ConnectionTrait>(conn: &C, entry: &waitlist::Model) -> Result<i64, RepoError> {
    let ahead = waitlist::Entity::find()
        .filter(waitlist::Column::EventId.eq(entry.event_id.as_str()))
        .filter(waitlist::Column::Seq.lt(entry.seq))
        .count(conn)
        .await
        .repo()?;
    Ok(i64::try_from(ahead).unwrap_or(i64::MAX - 1) + 1)
}

/// A unique violation of the waitlist means the member joined it already (the `seq` index cannot
/// clash: the event is held while it is numbered).
pub(crate) fn already_waitlisted_or(error: sea_orm::DbErr) -> AdmissionError {
    match map(error) {
        RepoError::Conflict(_) => AdmissionError::AlreadyWaitlisted,
        other => other.into(),
    }
}
