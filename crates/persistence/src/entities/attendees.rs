use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "attendees")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub event_id: String,
    pub user_id: String,
    pub number_of_family_members: i32,
    pub additional_notes: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub checked_in_at: Option<DateTimeUtc>,
    /// The counter sale's payment that made it (migration 000048); none online.
    pub payment_id: Option<String>,
    /// The confirmation code its QR code holds (migration 000056), stored form: `ABCD2345`.
    pub confirmation_code: Option<String>,
    /// The people who came, as counted at the door; none until checked in.
    pub arrived_people: Option<i32>,
    /// Who checked the party in.
    pub checked_in_by: Option<String>,
    /// The event's change number of the registration's last door change (0: none).
    pub door_seq: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
