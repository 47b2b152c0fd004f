//! The panchangam at the temple's place (docs/product.md#the-panchangam): public, one object per local day, every
//! instant in RFC 3339 at the temple's UTC offset.

use actix_web::{HttpResponse, get, http::header, web};
use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use chrono_tz::Tz;
use mandir_domain::panchangam::{self as p, Limb, PanchangamDay, Span};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(get_panchangam),
    components(schemas(PanchangamDayDto, TithiDto, TithiRefDto, NamedLimbDto, VaraDto, LunarMonthDto, SpanDto))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(get_panchangam);
}

/// Which days.
#[derive(Debug, Deserialize, IntoParams)]
pub struct PanchangamQuery {
    /// The first local day (YYYY-MM-DD, 1900–2100); today at the temple when omitted or blank.
    #[param(schema_with = input::day_or_blank_schema)]
    from: Option<String>,
    /// The last local day, inclusive, at most 365 days after `from`; `from` when omitted or blank.
    #[param(schema_with = input::day_or_blank_schema)]
    to: Option<String>,
}

/// A tithi seen between two sunrises.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TithiRefDto {
    /// 1–30: 1–15 shukla (15 Pournami), 16–30 krishna (30 Amavasya).
    number: u8,
    name: &'static str,
    #[schema(value_type = String, example = "krishna")]
    paksha: &'static str,
    /// When it ends.
    ends_at: String,
}

/// The tithi at sunrise.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TithiDto {
    number: u8,
    name: &'static str,
    /// `shukla` or `krishna`.
    #[schema(value_type = String, example = "shukla")]
    paksha: &'static str,
    /// The first end after sunrise.
    ends_at: String,
    /// It is still running at the next sunrise (it spans two sunrises).
    vriddhi: bool,
    /// A tithi that begins and ends before the next sunrise (kshaya), if any.
    kshaya: Option<TithiRefDto>,
}

/// A nakshatra, yoga or karana at sunrise.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NamedLimbDto {
    /// Nakshatra and yoga 1–27; karana 1–60 within the lunar month.
    number: u8,
    name: &'static str,
    /// The first end after sunrise.
    ends_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VaraDto {
    /// 0 = Sunday (Ravivara) … 6 = Saturday.
    number: u8,
    name: &'static str,
}

/// The amanta lunar month at sunrise.
#[derive(Debug, Serialize, ToSchema)]
pub struct LunarMonthDto {
    /// 1 = Chaitra … 12 = Phalguna.
    number: u8,
    name: &'static str,
    /// A leap month (no sankranti in it), named after the month that follows.
    adhika: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SpanDto {
    start: String,
    end: String,
}

/// One local day's panchangam at the temple.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PanchangamDayDto {
    date: NaiveDate,
    sunrise: String,
    sunset: String,
    tithi: TithiDto,
    nakshatra: NamedLimbDto,
    yoga: NamedLimbDto,
    karana: NamedLimbDto,
    vara: VaraDto,
    lunar_month: LunarMonthDto,
    rahu_kalam: SpanDto,
    yamagandam: SpanDto,
    gulika_kalam: SpanDto,
}

fn at(instant: DateTime<Utc>, zone: Tz) -> String {
    instant.with_timezone(&zone).to_rfc3339_opts(SecondsFormat::Secs, false)
}

fn named(limb: Limb, name: fn(u8) -> &'static str, zone: Tz) -> NamedLimbDto {
    NamedLimbDto { number: limb.number, name: name(limb.number), ends_at: at(limb.ends_at, zone) }
}

fn span(span: Span, zone: Tz) -> SpanDto {
    SpanDto { start: at(span.start, zone), end: at(span.end, zone) }
}

impl PanchangamDayDto {
    pub fn of(day: &PanchangamDay, zone: Tz) -> Self {
        let tithi = |limb: Limb| TithiRefDto {
            number: limb.number,
            name: p::tithi_name(limb.number),
            paksha: p::Paksha::of(limb.number).as_str(),
            ends_at: at(limb.ends_at, zone),
        };
        let vara = day.vara();
        Self {
            date: day.date,
            sunrise: at(day.sunrise, zone),
            sunset: at(day.sunset, zone),
            tithi: TithiDto {
                number: day.tithi.number,
                name: p::tithi_name(day.tithi.number),
                paksha: day.paksha().as_str(),
                ends_at: at(day.tithi.ends_at, zone),
                vriddhi: day.vriddhi,
                kshaya: day.kshaya.map(tithi),
            },
            nakshatra: named(day.nakshatra, p::nakshatra_name, zone),
            yoga: named(day.yoga, p::yoga_name, zone),
            karana: named(day.karana, p::karana_name, zone),
            vara: VaraDto { number: vara, name: p::vara_name(vara) },
            lunar_month: LunarMonthDto {
                number: day.lunar_month.number,
                name: p::lunar_month_name(day.lunar_month.number),
                adhika: day.lunar_month.adhika,
            },
            rahu_kalam: span(day.rahu_kalam, zone),
            yamagandam: span(day.yamagandam, zone),
            gulika_kalam: span(day.gulika_kalam, zone),
        }
    }
}

/// The panchangam of each local day at the temple's place (Admin → Temple: latitude, longitude,
/// time zone), from `from` to `to`: sunrise and sunset (upper limb, standard refraction), the
/// tithi, nakshatra, yoga and karana at sunrise with the first end after it, the vara, the amanta
/// lunar month, and Rahu kalam, Yamagandam and Gulika kalam. Sidereal figures use the Lahiri
/// ayanamsa. At most 366 days; dates from 1900 to 2100.
#[utoipa::path(operation_id = "getPanchangam", tag = "panchangam", params(PanchangamQuery), responses(
    (status = 200, body = Vec<PanchangamDayDto>), (status = 400, body = ErrorBody)
))]
#[get("/api/panchangam")]
async fn get_panchangam(state: web::Data<AppState>, query: web::Query<PanchangamQuery>) -> Result<HttpResponse, ApiError> {
    let days = panchangam_dto(&state, query.from.as_deref(), query.to.as_deref()).await?;
    // A minute: a change of the temple's place shows soon after.
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "public, max-age=60")).json(days))
}

/// The days from `from` to `to` exactly as `GET /api/panchangam` answers them (also written into
/// the home page's and the panchangam page's data blocks, `crate::page_head`).
pub(crate) async fn panchangam_dto(state: &AppState, from: Option<&str>, to: Option<&str>) -> Result<Vec<PanchangamDayDto>, ApiError> {
    let panchangam = state.panchangam.days(from, to).await?;
    let zone = panchangam.place.zone;
    Ok(panchangam.days.iter().map(|day| PanchangamDayDto::of(day, zone)).collect())
}
