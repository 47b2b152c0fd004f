use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Card fees and payouts (issue 31, ADR 0146):
/// - `card_fees`: each card payment's settlement at the provider (its balance transaction): gross,
///   fee, net and the day it became available;
/// - `payouts`: each payout the provider made to the temple's bank, with its lines' totals and the
///   problems found matching it to the ledger;
/// - `payout_lines`: the balance transactions a payout carries (charges, refunds, adjustments),
///   each with the payment it matched;
/// - two mappings of the books: card payouts reach 1000 Checking and the provider's fees are
///   booked to 6100 Payment Processing Fees.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CardFees {
    Table,
    PaymentId,
    BalanceTransactionId,
    GrossCents,
    FeeCents,
    NetCents,
    AvailableOn,
    RecordedAt,
}

#[derive(DeriveIden)]
enum Payouts {
    Table,
    Id,
    Provider,
    AmountCents,
    ArrivalDate,
    Status,
    ProviderCreatedAt,
    GrossCents,
    FeesCents,
    NetCents,
    Charges,
    Refunds,
    Unmatched,
    Problems,
    RecordedAt,
}

#[derive(DeriveIden)]
enum PayoutLines {
    Table,
    BalanceTransactionId,
    PayoutId,
    Position,
    Kind,
    GrossCents,
    FeeCents,
    NetCents,
    IntentId,
    Description,
    PaymentId,
}

#[derive(DeriveIden)]
enum AccountMappings {
    Table,
    Subject,
    SubjectId,
    AccountId,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Payments {
    Table,
    Id,
}

fn cents<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).big_integer().not_null().take()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CardFees::Table)
                    .col(ColumnDef::new(CardFees::PaymentId).string_len(36).not_null().primary_key())
                    .col(string(CardFees::BalanceTransactionId, 64))
                    .col(cents(CardFees::GrossCents))
                    .col(cents(CardFees::FeeCents))
                    .col(cents(CardFees::NetCents))
                    .col(ColumnDef::new(CardFees::AvailableOn).date().not_null())
                    .col(timestamp(CardFees::RecordedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_card_fees_payment")
                            .from(CardFees::Table, CardFees::PaymentId)
                            .to(Payments::Table, Payments::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_card_fees_available").table(CardFees::Table).col(CardFees::AvailableOn).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Payouts::Table)
                    .col(ColumnDef::new(Payouts::Id).string_len(64).not_null().primary_key())
                    .col(string(Payouts::Provider, 20))
                    .col(cents(Payouts::AmountCents))
                    .col(ColumnDef::new(Payouts::ArrivalDate).date().not_null())
                    .col(string(Payouts::Status, 20))
                    .col(timestamp(Payouts::ProviderCreatedAt))
                    .col(cents(Payouts::GrossCents))
                    .col(cents(Payouts::FeesCents))
                    .col(cents(Payouts::NetCents))
                    .col(ColumnDef::new(Payouts::Charges).integer().not_null())
                    .col(ColumnDef::new(Payouts::Refunds).integer().not_null())
                    .col(ColumnDef::new(Payouts::Unmatched).integer().not_null())
                    // the problems' names separated by spaces; empty when it matches
                    .col(string(Payouts::Problems, 100))
                    .col(timestamp(Payouts::RecordedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_payouts_arrival").table(Payouts::Table).col(Payouts::ArrivalDate).to_owned())
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_payouts_provider_created")
                    .table(Payouts::Table)
                    .col(Payouts::Provider)
                    .col(Payouts::ProviderCreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PayoutLines::Table)
                    .col(ColumnDef::new(PayoutLines::BalanceTransactionId).string_len(64).not_null().primary_key())
                    .col(string(PayoutLines::PayoutId, 64))
                    .col(ColumnDef::new(PayoutLines::Position).integer().not_null())
                    // charge, refund or other
                    .col(string(PayoutLines::Kind, 10))
                    .col(cents(PayoutLines::GrossCents))
                    .col(cents(PayoutLines::FeeCents))
                    .col(cents(PayoutLines::NetCents))
                    .col(string_null(PayoutLines::IntentId, 64))
                    .col(string_null(PayoutLines::Description, 500))
                    // the ledger's payment it matched, if any
                    .col(string_null(PayoutLines::PaymentId, 36))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payout_lines_payout")
                            .from(PayoutLines::Table, PayoutLines::PayoutId)
                            .to(Payouts::Table, Payouts::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, column) in [("idx_payout_lines_payout", PayoutLines::PayoutId), ("idx_payout_lines_payment", PayoutLines::PaymentId)] {
            manager.create_index(Index::create().name(name).table(PayoutLines::Table).col(column).to_owned()).await?;
        }
        let mappings = Query::insert()
            .into_table(AccountMappings::Table)
            .columns([AccountMappings::Subject, AccountMappings::SubjectId, AccountMappings::AccountId, AccountMappings::UpdatedAt])
            .values_panic(["payout_bank".into(), "".into(), "acct-checking".into(), chrono::Utc::now().into()])
            .values_panic(["card_fees".into(), "".into(), "acct-processing-fees".into(), chrono::Utc::now().into()])
            .to_owned();
        manager.exec_stmt(mappings).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mappings = Query::delete()
            .from_table(AccountMappings::Table)
            .and_where(Expr::col(AccountMappings::Subject).is_in(["payout_bank", "card_fees"]))
            .to_owned();
        manager.exec_stmt(mappings).await?;
        manager.drop_table(Table::drop().table(PayoutLines::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(Payouts::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(CardFees::Table).if_exists().to_owned()).await?;
        Ok(())
    }
}
