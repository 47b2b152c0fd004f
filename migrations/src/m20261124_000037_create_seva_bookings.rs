use sea_orm_migration::prelude::*;

use crate::cols::*;

/// Bookings of sevas (ADR 0114): the slot (a local date and time in the temple's zone, and its
/// instant), the state, the hold, the people of the sankalpam, the payment and the priest.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SevaBookings {
    Table,
    Id,
    SevaId,
    SevaName,
    UserId,
    Date,
    Slot,
    StartsAt,
    Status,
    HoldExpiresAt,
    Participants,
    Address,
    Note,
    AmountCents,
    PaymentId,
    PriestId,
    CancelledAt,
    CompletedAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Sevas {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Priests {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SevaBookings::Table)
                    .col(id(SevaBookings::Id))
                    .col(string(SevaBookings::SevaId, 36))
                    .col(string(SevaBookings::SevaName, 100))
                    .col(string(SevaBookings::UserId, 36))
                    // The temple's local date, "YYYY-MM-DD".
                    .col(string(SevaBookings::Date, 10))
                    // "HH:MM"; empty for a seva with a daily count.
                    .col(ColumnDef::new(SevaBookings::Slot).string_len(5).not_null().default(""))
                    .col(timestamp(SevaBookings::StartsAt))
                    .col(string(SevaBookings::Status, 20))
                    .col(timestamp_null(SevaBookings::HoldExpiresAt))
                    // A JSON array of {name, gotram, nakshatram, rasi}.
                    .col(text(SevaBookings::Participants))
                    .col(text_null(SevaBookings::Address))
                    .col(text_null(SevaBookings::Note))
                    .col(ColumnDef::new(SevaBookings::AmountCents).big_integer().not_null())
                    .col(string_null(SevaBookings::PaymentId, 36))
                    .col(string_null(SevaBookings::PriestId, 36))
                    .col(timestamp_null(SevaBookings::CancelledAt))
                    .col(timestamp_null(SevaBookings::CompletedAt))
                    .col(timestamp(SevaBookings::CreatedAt))
                    .col(timestamp(SevaBookings::UpdatedAt))
                    // A seva with bookings is made inactive, not deleted.
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_seva_bookings_seva")
                            .from(SevaBookings::Table, SevaBookings::SevaId)
                            .to(Sevas::Table, Sevas::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_seva_bookings_user")
                            .from(SevaBookings::Table, SevaBookings::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_seva_bookings_priest")
                            .from(SevaBookings::Table, SevaBookings::PriestId)
                            .to(Priests::Table, Priests::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, cols) in [
            ("idx_seva_bookings_slot", vec![SevaBookings::SevaId, SevaBookings::Date, SevaBookings::Slot]),
            ("idx_seva_bookings_user", vec![SevaBookings::UserId]),
            ("idx_seva_bookings_date", vec![SevaBookings::Date, SevaBookings::StartsAt]),
            ("idx_seva_bookings_hold", vec![SevaBookings::Status, SevaBookings::HoldExpiresAt]),
        ] {
            let mut index = Index::create();
            index.name(name).table(SevaBookings::Table);
            for col in cols {
                index.col(col);
            }
            manager.create_index(index.to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(SevaBookings::Table).to_owned()).await
    }
}
