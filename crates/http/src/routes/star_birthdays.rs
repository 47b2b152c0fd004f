//! Star birthdays (docs/product.md#star-birthdays): the birth star of the caller and of each of
//! their family members, with the reminder before each monthly star day; and the birth star of a
//! birth's date, time and place, worked out for anyone.

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use mandir_application::services::star_birthdays::PersonStar;
use mandir_domain::FamilyMemberId;
use mandir_domain::panchangam::nakshatra_name;
use mandir_domain::star_birthday::StarBirthdayInput;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(list, put, remove, birth_star),
    components(schemas(PersonStarDto, StarBirthdayDto, StarBirthdayRequest, BirthRequest, BirthStarDto))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/api/users/me/stars").default_service(web::to(super::unmatched)).route(web::get().to(list)))
        .service(
            web::resource("/api/users/me/stars/{person}")
                .default_service(web::to(super::unmatched))
                .route(web::put().to(put))
                .route(web::delete().to(remove)),
        )
        .service(web::resource("/api/panchangam/birth-star").default_service(web::to(super::unmatched)).route(web::post().to(birth_star)));
}

/// The birth star recorded for a person.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StarBirthdayDto {
    /// 1 (Ashwini) to 27 (Revati).
    nakshatra: u8,
    nakshatra_name: &'static str,
    /// "YYYY-MM-DD", when given.
    birth_date: Option<NaiveDate>,
    /// "HH:MM", when given.
    birth_time: Option<String>,
    /// The birthplace's IANA time zone, when given.
    birth_zone: Option<String>,
    /// E-mail a reminder before each star day.
    remind: bool,
    /// How many days before, 1 to 7.
    days_before: u8,
}

/// A person of the caller's family (the caller first) and their birth star.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonStarDto {
    /// `me` for the caller; else the family member's id (also the path's `{person}`).
    person: String,
    name: String,
    relation: Option<String>,
    /// Null until a birth star is recorded.
    star: Option<StarBirthdayDto>,
    /// The next day (today or later) the star is at sunrise at the temple.
    next_star_day: Option<NaiveDate>,
}

impl From<PersonStar> for PersonStarDto {
    fn from(p: PersonStar) -> Self {
        Self {
            person: p.family_member_id.map_or_else(|| ME.to_owned(), String::from),
            name: p.name,
            relation: p.relation,
            star: p.star.map(|s| StarBirthdayDto {
                nakshatra: s.nakshatra,
                nakshatra_name: nakshatra_name(s.nakshatra),
                birth_date: s.birth.map(|b| b.date),
                birth_time: s.birth.and_then(|b| b.time).map(|t| t.format("%H:%M").to_string()),
                birth_zone: s.birth.and_then(|b| b.zone).map(|z| z.name().to_owned()),
                remind: s.remind,
                days_before: s.days_before,
            }),
            next_star_day: p.next_star_day,
        }
    }
}

/// The person a path names: the caller (`me`) or one of their family members.
const ME: &str = "me";

fn person(path: String) -> Option<FamilyMemberId> {
    (path != ME).then(|| path.into())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StarBirthdayRequest {
    /// 1 (Ashwini) to 27 (Revati); without it, worked out from the birth's date, time and zone.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 27)]
    nakshatra: Option<i64>,
    /// "YYYY-MM-DD", from 1900 and not in the future; blank or null for none.
    #[serde(default)]
    birth_date: Option<String>,
    /// "HH:MM" at the birthplace; blank or null for none.
    #[serde(default)]
    birth_time: Option<String>,
    /// The birthplace's IANA time zone ("Asia/Kolkata"); blank or null for none.
    #[serde(default)]
    birth_zone: Option<String>,
    /// E-mail a reminder before each star day (the caller's e-mail must be verified).
    #[serde(default)]
    remind: Option<bool>,
    /// 1 to 7 days before; 2 when omitted.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 7)]
    days_before: Option<i64>,
}

/// The caller and each of their family members with the birth star recorded and the next star day.
#[utoipa::path(operation_id = "listStarBirthdays", get, path = "/api/users/me/stars", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = [PersonStarDto]), (status = 401, body = ErrorBody)))]
async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<PersonStarDto>>, ApiError> {
    Ok(web::Json(state.star_birthdays.list(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// Records the birth star of the caller (`me`) or of one of their family members (404 for anyone
/// else's), chosen or worked out from the birth; replaces what was recorded.
#[utoipa::path(operation_id = "putStarBirthday", put, path = "/api/users/me/stars/{person}", tag = "users", security(("bearer" = [])),
    params(("person" = String, Path, description = "`me` or a family member's id")), request_body = StarBirthdayRequest, responses(
    (status = 200, body = PersonStarDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn put(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<StarBirthdayRequest>,
) -> Result<web::Json<PersonStarDto>, ApiError> {
    let b = body.into_inner();
    let input = StarBirthdayInput {
        nakshatra: b.nakshatra,
        birth_date: b.birth_date,
        birth_time: b.birth_time,
        birth_zone: b.birth_zone,
        remind: b.remind.unwrap_or(false),
        days_before: b.days_before,
    };
    let member = person(path.into_inner());
    Ok(web::Json(state.star_birthdays.put(&user.actor(), member.as_ref(), input).await?.into()))
}

/// Forgets the birth star recorded for the caller (`me`) or a family member, and its reminders.
#[utoipa::path(operation_id = "deleteStarBirthday", delete, path = "/api/users/me/stars/{person}", tag = "users", security(("bearer" = [])),
    params(("person" = String, Path, description = "`me` or a family member's id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn remove(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let member = person(path.into_inner());
    state.star_birthdays.delete(&user.actor(), member.as_ref()).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BirthRequest {
    /// "YYYY-MM-DD", from 1900 and not in the future.
    #[serde(default)]
    #[schema(value_type = String, required = true, format = Date)]
    birth_date: Option<String>,
    /// "HH:MM" at the birthplace.
    #[serde(default)]
    #[schema(value_type = String, required = true, example = "05:30")]
    birth_time: Option<String>,
    /// The birthplace's IANA time zone.
    #[serde(default)]
    #[schema(value_type = String, required = true, example = "Asia/Kolkata")]
    birth_zone: Option<String>,
}

/// A birth star.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BirthStarDto {
    /// 1 (Ashwini) to 27 (Revati).
    nakshatra: u8,
    name: &'static str,
}

/// The birth star (janma nakshatra) of a birth's date, local time and birthplace's time zone: the
/// nakshatra of the Moon's sidereal longitude (Lahiri) at that instant. Anyone may ask.
#[utoipa::path(operation_id = "workOutBirthStar", post, path = "/api/panchangam/birth-star", tag = "panchangam", request_body = BirthRequest,
    responses((status = 200, body = BirthStarDto), (status = 400, body = ErrorBody)))]
async fn birth_star(state: web::Data<AppState>, body: JsonBody<BirthRequest>) -> Result<web::Json<BirthStarDto>, ApiError> {
    let b = body.into_inner();
    let nakshatra = state.star_birthdays.work_out(b.birth_date, b.birth_time, b.birth_zone).await?;
    Ok(web::Json(BirthStarDto { nakshatra, name: nakshatra_name(nakshatra) }))
}
