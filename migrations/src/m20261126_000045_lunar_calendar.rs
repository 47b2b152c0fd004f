use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

use crate::cols::*;
use crate::seed;

/// The temple's year by the lunar calendar (docs/festivals.md, ADR 0133):
/// - `festival_rules`: each festival's rule (a tithi of a lunar or solar month, the moment that
///   decides its day, which of two days keeps it, whether an adhika month keeps it too), seeded
///   with the shipped table; editors may change them and add their own;
/// - `festival_events`: the events made from a rule, one per rule and local date, so making a
///   festival's events again skips the dates already made;
/// - recurring services that repeat by tithi (`tithis`, comma-separated 1–30) or by nakshatra;
/// - `star_birthdays`: a member's record of their own or a family member's birth star (janma
///   nakshatra), with the optional birth date, time and zone it was worked out from, and whether
///   to remind them before each monthly star day.
#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum FestivalRules {
    Table,
    Id,
    Name,
    Description,
    LunarMonth,
    SolarMonth,
    Tithi,
    Moment,
    TwoDays,
    InAdhika,
    Source,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum FestivalEvents {
    Table,
    RuleId,
    Date,
    EventId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum RecurringServices {
    Table,
    Tithis,
    Nakshatra,
}

#[derive(DeriveIden)]
enum StarBirthdays {
    Table,
    Id,
    UserId,
    FamilyMemberId,
    Nakshatra,
    BirthDate,
    BirthTime,
    BirthZone,
    Remind,
    DaysBefore,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum FamilyMembers {
    Table,
    Id,
}

fn small<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).small_integer().not_null().take()
}

fn small_null<T: IntoIden>(name: T) -> ColumnDef {
    ColumnDef::new(name).small_integer().null().take()
}

/// One record per person: the member's own (no family member) or one family member's.
const ONE_PER_PERSON: &str = "CREATE UNIQUE INDEX idx_star_birthdays_person ON star_birthdays (user_id, COALESCE(family_member_id, ''))";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(FestivalRules::Table)
                    .col(id(FestivalRules::Id))
                    .col(string(FestivalRules::Name, 100))
                    .col(text_null(FestivalRules::Description))
                    .col(small_null(FestivalRules::LunarMonth))
                    .col(small_null(FestivalRules::SolarMonth))
                    .col(small(FestivalRules::Tithi))
                    .col(string(FestivalRules::Moment, 10))
                    .col(string(FestivalRules::TwoDays, 6))
                    .col(boolean(FestivalRules::InAdhika, false))
                    .col(string_null(FestivalRules::Source, 200))
                    .col(timestamp(FestivalRules::CreatedAt))
                    .col(timestamp(FestivalRules::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        let now = chrono::DateTime::<chrono::Utc>::from_timestamp(1_795_651_200, 0).unwrap_or_default();
        let mut insert = Query::insert()
            .into_table(FestivalRules::Table)
            .columns([
                FestivalRules::Id,
                FestivalRules::Name,
                FestivalRules::Description,
                FestivalRules::LunarMonth,
                FestivalRules::SolarMonth,
                FestivalRules::Tithi,
                FestivalRules::Moment,
                FestivalRules::TwoDays,
                FestivalRules::InAdhika,
                FestivalRules::Source,
                FestivalRules::CreatedAt,
                FestivalRules::UpdatedAt,
            ])
            .to_owned();
        for f in seed::FESTIVALS {
            insert.values_panic([
                f.id.into(),
                f.name.into(),
                f.description.into(),
                f.lunar_month.map(i16::from).into(),
                f.solar_month.map(i16::from).into(),
                i16::from(f.tithi).into(),
                f.moment.into(),
                "first".into(),
                false.into(),
                f.source.into(),
                now.into(),
                now.into(),
            ]);
        }
        manager.exec_stmt(insert).await?;

        manager
            .create_table(
                Table::create()
                    .table(FestivalEvents::Table)
                    .col(string(FestivalEvents::RuleId, 36))
                    // "YYYY-MM-DD", the temple's local date.
                    .col(string(FestivalEvents::Date, 10))
                    .col(string(FestivalEvents::EventId, 36))
                    .col(timestamp(FestivalEvents::CreatedAt))
                    .primary_key(Index::create().col(FestivalEvents::RuleId).col(FestivalEvents::Date))
                    .to_owned(),
            )
            .await?;

        for column in [string_null(RecurringServices::Tithis, 100), small_null(RecurringServices::Nakshatra)] {
            manager.alter_table(Table::alter().table(RecurringServices::Table).add_column(column).to_owned()).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(StarBirthdays::Table)
                    .col(id(StarBirthdays::Id))
                    .col(string(StarBirthdays::UserId, 36))
                    .col(string_null(StarBirthdays::FamilyMemberId, 36))
                    .col(small(StarBirthdays::Nakshatra))
                    .col(string_null(StarBirthdays::BirthDate, 10))
                    .col(string_null(StarBirthdays::BirthTime, 5))
                    .col(string_null(StarBirthdays::BirthZone, 64))
                    .col(boolean(StarBirthdays::Remind, false))
                    .col(ColumnDef::new(StarBirthdays::DaysBefore).small_integer().not_null().default(2))
                    .col(timestamp(StarBirthdays::CreatedAt))
                    .col(timestamp(StarBirthdays::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_star_birthdays_user")
                            .from(StarBirthdays::Table, StarBirthdays::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_star_birthdays_family_member")
                            .from(StarBirthdays::Table, StarBirthdays::FamilyMemberId)
                            .to(FamilyMembers::Table, FamilyMembers::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager.get_connection().execute_unprepared(ONE_PER_PERSON).await?;
        manager
            .create_index(
                Index::create().name("idx_star_birthdays_remind").table(StarBirthdays::Table).col(StarBirthdays::Remind).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(StarBirthdays::Table).to_owned()).await?;
        for column in [RecurringServices::Tithis, RecurringServices::Nakshatra] {
            manager.alter_table(Table::alter().table(RecurringServices::Table).drop_column(column).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(FestivalEvents::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(FestivalRules::Table).to_owned()).await
    }
}
