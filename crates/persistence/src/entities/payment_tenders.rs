use sea_orm::entity::prelude::*;

/// One part of how a payment was paid in person (migration 000043): cash with what was handed
/// over, or a check with its number, bank and date.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_tenders")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub payment_id: String,
    pub position: i32,
    /// `cash`, `check` or `credit_card`.
    pub method: String,
    pub amount_cents: i64,
    /// Cash only: what was handed over.
    pub tendered_cents: Option<i64>,
    pub check_number: Option<String>,
    pub check_bank: Option<String>,
    /// "YYYY-MM-DD".
    pub check_date: Option<String>,
    /// Cash: the drawer close that counted it (migration 000044).
    pub drawer_close_id: Option<String>,
    /// A check: the deposit that holds it.
    pub deposit_id: Option<String>,
    /// A card: the intent of the counter's charge that paid it (migration 000047).
    pub card_intent_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
