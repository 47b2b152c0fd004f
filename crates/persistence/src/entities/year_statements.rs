use sea_orm::entity::prelude::*;

/// Year-end statements to send (migration 000027, ADR 0103).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "year_statements")]
pub struct Model {
    /// `<year>:<lowercase e-mail>`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub year: i32,
    pub donor_email: String,
    pub donor_name: String,
    pub requested_by: Option<String>,
    pub created_at: DateTimeUtc,
    pub claimed_until: Option<DateTimeUtc>,
    pub attempts: i32,
    pub sent_at: Option<DateTimeUtc>,
    pub last_error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
