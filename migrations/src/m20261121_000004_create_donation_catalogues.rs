use sea_orm_migration::prelude::*;

use crate::cols::*;
use crate::seed;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DonationTypes {
    Table,
    Id,
    Name,
    Description,
    DefaultAmountCents,
    IsActive,
    CreatedAt,
    UpdatedAt,
    CreatedBy,
    UpdatedBy,
}

#[derive(DeriveIden)]
enum PaymentMethods {
    Table,
    Id,
    Name,
    DisplayName,
    Description,
    IsActive,
    SortOrder,
    Icon,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(DonationTypes::Table)
                    .col(id(DonationTypes::Id))
                    .col(string(DonationTypes::Name, 100))
                    .col(text_null(DonationTypes::Description))
                    .col(ColumnDef::new(DonationTypes::DefaultAmountCents).big_integer().null())
                    .col(boolean(DonationTypes::IsActive, true))
                    .col(timestamp(DonationTypes::CreatedAt))
                    .col(timestamp(DonationTypes::UpdatedAt))
                    .col(string_null(DonationTypes::CreatedBy, 36))
                    .col(string_null(DonationTypes::UpdatedBy, 36))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PaymentMethods::Table)
                    .col(id(PaymentMethods::Id))
                    .col(string(PaymentMethods::Name, 50).unique_key().take())
                    .col(string(PaymentMethods::DisplayName, 100))
                    .col(text_null(PaymentMethods::Description))
                    .col(boolean(PaymentMethods::IsActive, true))
                    .col(ColumnDef::new(PaymentMethods::SortOrder).integer().not_null().default(0))
                    .col(string_null(PaymentMethods::Icon, 20))
                    .col(timestamp(PaymentMethods::CreatedAt))
                    .col(timestamp(PaymentMethods::UpdatedAt))
                    .to_owned(),
            )
            .await?;

        let now = chrono::Utc::now();
        let mut types = Query::insert()
            .into_table(DonationTypes::Table)
            .columns([
                DonationTypes::Id,
                DonationTypes::Name,
                DonationTypes::Description,
                DonationTypes::DefaultAmountCents,
                DonationTypes::IsActive,
                DonationTypes::CreatedAt,
                DonationTypes::UpdatedAt,
            ])
            .to_owned();
        for (id, name, description, cents) in seed::DONATION_TYPES {
            types.values_panic([(*id).into(), (*name).into(), (*description).into(), (*cents).into(), true.into(), now.into(), now.into()]);
        }
        manager.exec_stmt(types).await?;

        let mut methods = Query::insert()
            .into_table(PaymentMethods::Table)
            .columns([
                PaymentMethods::Id,
                PaymentMethods::Name,
                PaymentMethods::DisplayName,
                PaymentMethods::Description,
                PaymentMethods::IsActive,
                PaymentMethods::SortOrder,
                PaymentMethods::Icon,
                PaymentMethods::CreatedAt,
                PaymentMethods::UpdatedAt,
            ])
            .to_owned();
        for (id, name, display, description, sort, icon) in seed::PAYMENT_METHODS {
            methods.values_panic([
                (*id).into(),
                (*name).into(),
                (*display).into(),
                (*description).into(),
                true.into(),
                (*sort).into(),
                (*icon).into(),
                now.into(),
                now.into(),
            ]);
        }
        manager.exec_stmt(methods).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PaymentMethods::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(DonationTypes::Table).to_owned()).await
    }
}
