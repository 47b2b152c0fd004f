use sea_orm::entity::prelude::*;

/// E-mails to members to send (migration 000030, ADR 0106).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "member_emails")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub kind: String,
    pub user_id: String,
    pub event_id: Option<String>,
    /// The event as the notice tells about it (JSON), for change and cancellation notices.
    pub payload: Option<String>,
    pub created_at: DateTimeUtc,
    pub claimed_until: Option<DateTimeUtc>,
    pub attempts: i32,
    pub sent_at: Option<DateTimeUtc>,
    pub last_error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
