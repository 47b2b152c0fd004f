use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Funds (docs/product.md#funds): every line of every payment belongs to a fund.
///
/// - `funds` holds them, starting with the General fund under a fixed id.
/// - `donation_types.fund_id` names each type's fund; none means General.
/// - `payment_funds` holds each payment's amount per fund (the sum of its lines in that fund),
///   written with the payment, so a fund's total is one SQL sum over an index.
/// - Each stored line of `payments.donation_details` names its `fundId`.
///
/// Every payment made before funds belongs to the General fund: its lines get `"fundId"` (the
/// details are compact JSON with sorted keys, so the key goes before `"name":` with one `replace`
/// on both databases, as in migration 42), and its whole amount is General's.
#[derive(DeriveMigrationName)]
pub struct Migration;

/// `mandir_domain::fund::GENERAL_FUND_ID`; the migrations do not depend on the domain.
const GENERAL: &str = "00000000-0000-4000-8000-00000000f00d";

#[derive(DeriveIden)]
enum Funds {
    Table,
    Id,
    Name,
    Description,
    GoalCents,
    StartsOn,
    EndsOn,
    Restricted,
    IsActive,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum PaymentFunds {
    Table,
    PaymentId,
    FundId,
    AmountCents,
}

#[derive(DeriveIden)]
enum DonationTypes {
    Table,
    FundId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Funds::Table)
                    .col(id(Funds::Id))
                    .col(string(Funds::Name, 100))
                    .col(text_null(Funds::Description))
                    .col(ColumnDef::new(Funds::GoalCents).big_integer().null())
                    .col(ColumnDef::new(Funds::StartsOn).date().null())
                    .col(ColumnDef::new(Funds::EndsOn).date().null())
                    .col(boolean(Funds::Restricted, false))
                    .col(boolean(Funds::IsActive, true))
                    .col(timestamp(Funds::CreatedAt))
                    .col(timestamp(Funds::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        let now = chrono::Utc::now();
        manager
            .exec_stmt(
                Query::insert()
                    .into_table(Funds::Table)
                    .columns([Funds::Id, Funds::Name, Funds::Description, Funds::CreatedAt, Funds::UpdatedAt])
                    .values_panic([
                        GENERAL.into(),
                        "General".into(),
                        "The temple's daily life: worship, upkeep, utilities and programs. Gifts without a fund of their own come here."
                            .into(),
                        now.into(),
                        now.into(),
                    ])
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(Table::alter().table(DonationTypes::Table).add_column(string_null(DonationTypes::FundId, 36)).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PaymentFunds::Table)
                    .col(string(PaymentFunds::PaymentId, 36))
                    .col(string(PaymentFunds::FundId, 36))
                    .col(ColumnDef::new(PaymentFunds::AmountCents).big_integer().not_null())
                    .primary_key(Index::create().col(PaymentFunds::PaymentId).col(PaymentFunds::FundId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_payment_funds_fund")
                    .table(PaymentFunds::Table)
                    .col(PaymentFunds::FundId)
                    .col(PaymentFunds::PaymentId)
                    .to_owned(),
            )
            .await?;
        let conn = manager.get_connection();
        conn.execute_unprepared(&format!(
            "INSERT INTO payment_funds (payment_id, fund_id, amount_cents) SELECT id, '{GENERAL}', amount_cents FROM payments"
        ))
        .await?;
        conn.execute_unprepared(&format!(
            r#"UPDATE payments SET donation_details = replace(donation_details, '"name":', '"fundId":"{GENERAL}","name":') WHERE donation_details NOT LIKE '%"fundId":%'"#
        ))
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared(&format!(
                r#"UPDATE payments SET donation_details = replace(donation_details, '"fundId":"{GENERAL}",', '')"#
            ))
            .await?;
        manager.drop_table(Table::drop().table(PaymentFunds::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(DonationTypes::Table).drop_column(DonationTypes::FundId).to_owned()).await?;
        manager.drop_table(Table::drop().table(Funds::Table).to_owned()).await
    }
}
