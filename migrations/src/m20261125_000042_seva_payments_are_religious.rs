use sea_orm_migration::prelude::*;

/// A seva's payment was acknowledged as a plain donation ("No goods or services were provided"),
/// which is wrong for a religious service (docs/product.md#acknowledgements). Every purpose line now says what the donor
/// received for it; this marks the lines of the payments that paid a seva booking as
/// `"exchange":"religious"`, so their receipts and statements say "intangible religious benefits".
///
/// The lines are stored as compact JSON with sorted keys (`{"amount":..,"donationTypeId":..,
/// "name":..}`), so inserting the key before `"name":` is one `replace` on both databases; a
/// quote inside a name is escaped, so only keys match.
#[derive(DeriveMigrationName)]
pub struct Migration;

const MARK: &str = r#"UPDATE payments
SET donation_details = replace(donation_details, '"name":', '"exchange":"religious","name":')
WHERE id IN (SELECT payment_id FROM seva_bookings WHERE payment_id IS NOT NULL)
  AND donation_details NOT LIKE '%"exchange":%'"#;

const UNMARK: &str = r#"UPDATE payments
SET donation_details = replace(donation_details, '"exchange":"religious",', '')
WHERE id IN (SELECT payment_id FROM seva_bookings WHERE payment_id IS NOT NULL)"#;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared(MARK).await.map(|_| ())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared(UNMARK).await.map(|_| ())
    }
}
