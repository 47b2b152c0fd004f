use sea_orm::entity::prelude::*;

/// Recurring gifts by card (migration 000053, ADR 0136).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "recurring_gifts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: Option<String>,
    pub donor_name: String,
    pub donor_email: String,
    pub amount_cents: i64,
    pub fund_id: String,
    pub frequency: String,
    pub anchor_day: i32,
    pub start_on: Date,
    pub next_charge_on: Date,
    pub retry_on: Option<Date>,
    pub status: String,
    pub paused_by: Option<String>,
    pub failures: i32,
    pub last_error: Option<String>,
    pub receipts: String,
    pub provider: String,
    pub customer_id: Option<String>,
    pub payment_method_id: Option<String>,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    pub card_exp_month: Option<i32>,
    pub card_exp_year: Option<i32>,
    pub setup_intent_id: Option<String>,
    pub setup_secret_hash: Option<String>,
    pub idempotency_key: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub paused_at: Option<DateTimeUtc>,
    pub canceled_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
