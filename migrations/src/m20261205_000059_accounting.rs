use sea_orm_migration::prelude::*;

use crate::cols::*;

/// The books (issue 31, ADR 0145):
/// - `ledger_accounts`: the temple's small chart of accounts (code, name, kind), seeded with the
///   accounts a temple's CPA usually starts from;
/// - `account_mappings`: which account each fund, donation type, kind of line, payment method and
///   default is booked to;
/// - `accounting_exports`: every export of journal entries, with its period, so a period
///   exported before is marked and exporting it again warns;
/// - `payment_refunds`: each refund with its date (the payment keeps only the sum), so a refund is
///   booked on the day the money went back. Refunds recorded before get one row each, dated at
///   the payment's last change.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LedgerAccounts {
    Table,
    Id,
    Code,
    Name,
    Kind,
    IsActive,
    CreatedAt,
    UpdatedAt,
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
enum AccountingExports {
    Table,
    Id,
    FromDate,
    ToDate,
    Format,
    Entries,
    TotalCents,
    ByUserId,
    ByName,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PaymentRefunds {
    Table,
    Id,
    PaymentId,
    AmountCents,
    RefundedAt,
}

#[derive(DeriveIden)]
enum Payments {
    Table,
    Id,
}

/// The seeded chart: (id, code, name, kind).
pub const ACCOUNTS: &[(&str, &str, &str, &str)] = &[
    ("acct-checking", "1000", "Checking", "asset"),
    ("acct-undeposited", "1200", "Undeposited Funds", "asset"),
    ("acct-card-clearing", "1210", "Card Payments Clearing", "asset"),
    ("acct-contributions", "4000", "Contributions", "income"),
    ("acct-seva-income", "4100", "Seva and Puja Income", "income"),
    ("acct-program-income", "4200", "Event and Program Income", "income"),
    ("acct-processing-fees", "6100", "Payment Processing Fees", "expense"),
];

/// The seeded mappings: (subject, subject id, account id).
pub const MAPPINGS: &[(&str, &str, &str)] = &[
    ("default_income", "", "acct-contributions"),
    ("default_deposit", "", "acct-undeposited"),
    ("method", "credit_card", "acct-card-clearing"),
    ("method", "zelle", "acct-checking"),
    ("line_kind", "religious", "acct-seva-income"),
    ("line_kind", "goods", "acct-program-income"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(LedgerAccounts::Table)
                    .col(id(LedgerAccounts::Id))
                    .col(string(LedgerAccounts::Code, 20))
                    .col(string(LedgerAccounts::Name, 100))
                    // asset, liability, equity, income or expense
                    .col(string(LedgerAccounts::Kind, 20))
                    .col(boolean(LedgerAccounts::IsActive, true))
                    .col(timestamp(LedgerAccounts::CreatedAt))
                    .col(timestamp(LedgerAccounts::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        for (name, column) in [("idx_ledger_accounts_code", LedgerAccounts::Code), ("idx_ledger_accounts_name", LedgerAccounts::Name)] {
            manager.create_index(Index::create().name(name).table(LedgerAccounts::Table).col(column).unique().to_owned()).await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(AccountMappings::Table)
                    // default_income, default_deposit, fund, donation_type, line_kind or method
                    .col(string(AccountMappings::Subject, 20))
                    // the fund's, type's, kind's or method's id; empty for a default
                    .col(string(AccountMappings::SubjectId, 64))
                    .col(string(AccountMappings::AccountId, 36))
                    .col(timestamp(AccountMappings::UpdatedAt))
                    .primary_key(Index::create().col(AccountMappings::Subject).col(AccountMappings::SubjectId))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_account_mappings_account")
                            .from(AccountMappings::Table, AccountMappings::AccountId)
                            .to(LedgerAccounts::Table, LedgerAccounts::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AccountingExports::Table)
                    .col(id(AccountingExports::Id))
                    .col(ColumnDef::new(AccountingExports::FromDate).date().not_null())
                    .col(ColumnDef::new(AccountingExports::ToDate).date().not_null())
                    .col(string(AccountingExports::Format, 20))
                    .col(ColumnDef::new(AccountingExports::Entries).integer().not_null())
                    .col(ColumnDef::new(AccountingExports::TotalCents).big_integer().not_null())
                    .col(string_null(AccountingExports::ByUserId, 36))
                    .col(string(AccountingExports::ByName, 254))
                    .col(timestamp(AccountingExports::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PaymentRefunds::Table)
                    .col(ColumnDef::new(PaymentRefunds::Id).string_len(64).not_null().primary_key())
                    .col(string(PaymentRefunds::PaymentId, 36))
                    .col(ColumnDef::new(PaymentRefunds::AmountCents).big_integer().not_null())
                    .col(timestamp(PaymentRefunds::RefundedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payment_refunds_payment")
                            .from(PaymentRefunds::Table, PaymentRefunds::PaymentId)
                            .to(Payments::Table, Payments::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_payment_refunds_at").table(PaymentRefunds::Table).col(PaymentRefunds::RefundedAt).to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_payment_refunds_payment").table(PaymentRefunds::Table).col(PaymentRefunds::PaymentId).to_owned(),
            )
            .await?;
        // Refunds recorded before: one each, on the day the payment last changed.
        manager
            .get_connection()
            .execute_unprepared(
                "INSERT INTO payment_refunds (id, payment_id, amount_cents, refunded_at) \
                 SELECT 'earlier-' || id, id, refunded_cents, updated_at FROM payments WHERE refunded_cents > 0",
            )
            .await?;

        let now = chrono::Utc::now();
        let mut accounts = Query::insert()
            .into_table(LedgerAccounts::Table)
            .columns([
                LedgerAccounts::Id,
                LedgerAccounts::Code,
                LedgerAccounts::Name,
                LedgerAccounts::Kind,
                LedgerAccounts::IsActive,
                LedgerAccounts::CreatedAt,
                LedgerAccounts::UpdatedAt,
            ])
            .to_owned();
        for (id, code, name, kind) in ACCOUNTS {
            accounts.values_panic([(*id).into(), (*code).into(), (*name).into(), (*kind).into(), true.into(), now.into(), now.into()]);
        }
        manager.exec_stmt(accounts).await?;
        let mut mappings = Query::insert()
            .into_table(AccountMappings::Table)
            .columns([AccountMappings::Subject, AccountMappings::SubjectId, AccountMappings::AccountId, AccountMappings::UpdatedAt])
            .to_owned();
        for (subject, subject_id, account) in MAPPINGS {
            mappings.values_panic([(*subject).into(), (*subject_id).into(), (*account).into(), now.into()]);
        }
        manager.exec_stmt(mappings).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PaymentRefunds::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(AccountingExports::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(AccountMappings::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(LedgerAccounts::Table).if_exists().to_owned()).await?;
        Ok(())
    }
}
