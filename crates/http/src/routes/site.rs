//! `/api/site` (the temple's settings and current notices, public) and `/api/admin/site`,
//! `/api/admin/notices` (admins).

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use mandir_domain::site::{Notice, NoticeInput, ReceiptPaper, SiteSettings};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(get_site, update_site, list_notices, create_notice, update_notice, delete_notice),
    components(schemas(SiteDto, SiteSettingsDto, UpdateSiteSettingsRequest, ReceiptPaperDto, NoticeDto, NoticeRequest))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/api/site").default_service(web::to(super::unmatched)).route(web::get().to(get_site)))
        .service(web::resource("/api/admin/site").default_service(web::to(super::unmatched)).route(web::put().to(update_site)))
        .service(
            web::resource("/api/admin/notices")
                .default_service(web::to(super::unmatched))
                .route(web::get().to(list_notices))
                .route(web::post().to(create_notice)),
        )
        .service(
            web::resource("/api/admin/notices/{id}")
                .default_service(web::to(super::unmatched))
                .route(web::put().to(update_notice))
                .route(web::delete().to(delete_notice)),
        );
}

/// The settings' texts: the same list for the answer (every field present) and the request
/// (absent fields are empty).
macro_rules! settings_dtos {
    ($($(#[$doc:meta])* $field:ident),* $(,)?) => {
        /// The temple's settings. An empty text is not set: the page hides what it would fill.
        #[derive(Debug, Serialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct SiteSettingsDto {
            $($(#[$doc])* pub $field: String,)*
            /// Seconds into the video where it starts.
            pub video_start: u32,
            /// The temple's place for the panchangam, degrees north (Folsom, CA unless set).
            pub latitude: f64,
            /// Degrees east; west is negative.
            pub longitude: f64,
            /// The paper the counter's receipts are laid out for (a tablet may choose its own).
            #[schema(value_type = ReceiptPaperDto)]
            pub receipt_paper: &'static str,
        }

        /// Every setting at once; absent texts are saved empty.
        #[derive(Debug, Default, Deserialize, ToSchema)]
        #[serde(rename_all = "camelCase", default)]
        pub struct UpdateSiteSettingsRequest {
            $($(#[$doc])* pub $field: String,)*
            /// Seconds into the video where it starts: 0 to 86400.
            pub video_start: u32,
            /// Degrees north, -60 to 60; Folsom, CA when absent.
            #[schema(minimum = -60, maximum = 60)]
            pub latitude: Option<f64>,
            /// Degrees east, -180 to 180 (west is negative); Folsom, CA when absent.
            #[schema(minimum = -180, maximum = 180)]
            pub longitude: Option<f64>,
            /// A4/Letter (`page`) when absent.
            #[schema(value_type = ReceiptPaperDto)]
            pub receipt_paper: String,
        }

        impl From<SiteSettings> for SiteSettingsDto {
            fn from(s: SiteSettings) -> Self {
                let place = s.place();
                let receipt_paper = s.receipt_paper().as_str();
                Self { $($field: s.$field,)* video_start: s.video_start, latitude: place.latitude, longitude: place.longitude, receipt_paper }
            }
        }

        impl From<UpdateSiteSettingsRequest> for SiteSettings {
            fn from(r: UpdateSiteSettingsRequest) -> Self {
                Self {
                    $($field: r.$field,)*
                    video_start: r.video_start,
                    latitude: r.latitude,
                    longitude: r.longitude,
                    receipt_paper: r.receipt_paper,
                }
            }
        }
    };
}

settings_dtos!(
    /// Required: 2 to 100 characters.
    temple_name,
    /// At most 40 characters, for narrow screens.
    short_name,
    tagline,
    /// The home page's welcome paragraph.
    welcome_text,
    /// The legal name on receipts.
    legal_name,
    /// `12-3456789`.
    ein,
    /// The postal address, one line per line.
    address,
    /// What the map and directions search for; the address when empty.
    map_query,
    /// 7 to 15 digits.
    phone,
    email,
    /// `https://` links; empty ones are hidden.
    facebook_url,
    instagram_url,
    youtube_url,
    x_url,
    /// An IANA zone name; `America/Los_Angeles` when sent empty.
    time_zone,
    /// Hours as shown, e.g. `9:30 AM - 11:30 AM`.
    weekday_morning,
    weekday_evening,
    weekend_morning,
    weekend_evening,
    /// The time of the daily Sayanostavam, e.g. `8:15 PM`.
    sayanostavam,
    /// Special closing times and other remarks under the hours.
    hours_note,
    /// A YouTube video id (a YouTube link is reduced to its id).
    video_id,
    video_title,
    /// An e-mail address or a phone number.
    zelle_recipient,
    zelle_memo,
    /// The contact page's text.
    contact_text,
);

crate::dto::text_enum_schema!(
    /// The paper the counter's receipts are laid out for: `page` (A4/Letter) or `thermal` (80 mm).
    ReceiptPaperDto = ReceiptPaper::ALL.iter().map(|v| v.as_str())
);

/// A notice of the home page, shown from `startsOn` to `endsOn` (both included, temple time).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeDto {
    pub id: String,
    pub title: String,
    pub body: String,
    /// `https://...` or a page of this site (`/events`).
    pub link: Option<String>,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
}

impl From<Notice> for NoticeDto {
    fn from(n: Notice) -> Self {
        Self { id: n.id.into(), title: n.title, body: n.body, link: n.link, starts_on: n.starts_on, ends_on: n.ends_on }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeRequest {
    /// 2 to 120 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 2)]
    title: String,
    /// At most 1000 characters.
    #[serde(default)]
    body: String,
    /// `https://...` or a page of this site starting with `/`; empty for none.
    #[serde(default)]
    link: Option<String>,
    /// `YYYY-MM-DD`.
    #[serde(default)]
    #[schema(required = true, format = Date)]
    starts_on: String,
    /// `YYYY-MM-DD`, on or after `startsOn`.
    #[serde(default)]
    #[schema(required = true, format = Date)]
    ends_on: String,
}

impl From<NoticeRequest> for NoticeInput {
    fn from(r: NoticeRequest) -> Self {
        Self { title: r.title, body: r.body, link: r.link, starts_on: r.starts_on, ends_on: r.ends_on }
    }
}

/// What the public pages show about the temple.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteDto {
    pub settings: SiteSettingsDto,
    /// The notices current today in the temple's zone.
    pub notices: Vec<NoticeDto>,
}

/// The temple's settings and today's notices. Cached by the server for up to a second and
/// cleared by every change; browsers revalidate each time.
#[utoipa::path(operation_id = "getSite", get, path = "/api/site", tag = "site", responses((status = 200, body = SiteDto)))]
async fn get_site(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-cache")).json(site_dto(&state).await?))
}

/// The body of `GET /api/site` (also seeded into the HTML of pages, [`crate::page_head`]).
pub(crate) async fn site_dto(state: &AppState) -> Result<SiteDto, ApiError> {
    let view = state.site.view().await?;
    Ok(SiteDto { settings: view.settings.clone().into(), notices: view.notices.iter().cloned().map(Into::into).collect() })
}

/// Replaces the temple's settings (admins). Every field is checked; the answer is what was saved
/// (trimmed, a YouTube link reduced to its id, the zone's exact name).
#[utoipa::path(operation_id = "updateSite", put, path = "/api/admin/site", tag = "site", security(("bearer" = [])), request_body = UpdateSiteSettingsRequest, responses(
    (status = 200, body = SiteSettingsDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn update_site(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<UpdateSiteSettingsRequest>,
) -> Result<web::Json<SiteSettingsDto>, ApiError> {
    let saved = state.site.update(&user.actor(), body.into_inner().into()).await?;
    Ok(web::Json(saved.into()))
}

/// Every notice, past, current and future, latest start first (admins).
#[utoipa::path(operation_id = "listNotices", get, path = "/api/admin/notices", tag = "site", security(("bearer" = [])), responses(
    (status = 200, body = [NoticeDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn list_notices(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<NoticeDto>>, ApiError> {
    Ok(web::Json(state.site.list_notices(&user.actor()).await?.into_iter().map(Into::into).collect()))
}

/// Adds a notice (admins). Any dates are accepted; the home page shows it only between them.
#[utoipa::path(operation_id = "createNotice", post, path = "/api/admin/notices", tag = "site", security(("bearer" = [])), request_body = NoticeRequest, responses(
    (status = 201, body = NoticeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn create_notice(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<NoticeRequest>) -> Result<HttpResponse, ApiError> {
    let created = state.site.create_notice(&user.actor(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(NoticeDto::from(created)))
}

/// Replaces a notice (admins).
#[utoipa::path(operation_id = "updateNotice", put, path = "/api/admin/notices/{id}", tag = "site", security(("bearer" = [])), params(("id" = String, Path)), request_body = NoticeRequest, responses(
    (status = 200, body = NoticeDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn update_notice(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<NoticeRequest>,
) -> Result<web::Json<NoticeDto>, ApiError> {
    let updated = state.site.update_notice(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?;
    Ok(web::Json(updated.into()))
}

/// Deletes a notice (admins).
#[utoipa::path(operation_id = "deleteNotice", delete, path = "/api/admin/notices/{id}", tag = "site", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn delete_notice(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.site.delete_notice(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}
