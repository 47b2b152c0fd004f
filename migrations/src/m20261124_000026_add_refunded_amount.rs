use sea_orm_migration::prelude::*;

/// Refunds (docs/decisions/0102-refunds.md): a payment keeps the part given back to the donor, in
/// cents. Payments already `refunded` (by a webhook, before amounts were kept) were refunded whole.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Payments {
    Table,
    RefundedCents,
    AmountCents,
    Status,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Payments::Table)
                    .add_column(ColumnDef::new(Payments::RefundedCents).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .exec_stmt(
                Query::update()
                    .table(Payments::Table)
                    .value(Payments::RefundedCents, Expr::col(Payments::AmountCents))
                    .and_where(Expr::col(Payments::Status).eq("refunded"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Payments::Table).drop_column(Payments::RefundedCents).to_owned()).await
    }
}
