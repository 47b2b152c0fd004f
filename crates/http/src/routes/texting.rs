//! Text messages (ADR 0148): the member's number, its code and what they agree to be texted
//! about; the provider's webhook for replies (STOP, START, HELP); the admin's cap and count.

use actix_web::http::StatusCode;
use actix_web::http::header::ContentType;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use mandir_application::ports::TextRecord;
use mandir_application::services::texting::{TextPreferences, TextingError, TextingOverview, TextingView};
use mandir_domain::ValidationErrors;
use mandir_domain::texting::{TextChannel, TextKind};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(get_texting, send_text_code, confirm_text_code, update_texting, remove_texting, inbound_text, texting_overview, set_text_cap),
    components(schemas(
        TextingDto,
        SendCodeRequest,
        ConfirmCodeRequest,
        TextPreferencesRequest,
        TextingOverviewDto,
        TextRecordDto,
        CapRequest
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(get_texting)
        .service(send_text_code)
        .service(confirm_text_code)
        .service(update_texting)
        .service(remove_texting)
        .service(inbound_text)
        .service(texting_overview)
        .service(set_text_cap);
}

crate::dto::text_enum_schema!(
    /// How a text is carried.
    TextChannelDto = TextChannel::ALL.iter().map(|v| v.as_str())
);

crate::dto::text_enum_schema!(
    /// What a member agrees to be texted about.
    TextKindDto = TextKind::ALL.iter().map(|v| v.as_str())
);

/// A member's texting settings.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextingDto {
    /// Whether this site sends texts at all.
    available: bool,
    whatsapp_available: bool,
    /// The verified mobile number (E.164).
    phone: Option<String>,
    /// A number a code was sent to, not entered yet.
    pending_phone: Option<String>,
    /// `sms` or `whatsapp`.
    #[schema(example = "sms")]
    channel: String,
    /// What they agreed to be texted about: `confirmations`, `reminders`, `receipts`.
    kinds: Vec<String>,
    /// The zone of their quiet hours (9 PM to 8 AM).
    #[schema(example = "America/Los_Angeles")]
    time_zone: String,
    /// The number replied STOP: nothing is texted until it replies START.
    opted_out: bool,
    /// The account's phone number (E.164) when it is a US mobile number and none is verified: the
    /// form offers it.
    account_phone: Option<String>,
}

impl From<TextingView> for TextingDto {
    fn from(v: TextingView) -> Self {
        Self {
            available: v.available,
            whatsapp_available: v.whatsapp_available,
            phone: v.phone,
            pending_phone: v.pending_phone,
            channel: v.channel.as_str().to_owned(),
            kinds: v.kinds.iter().map(|k| k.as_str().to_owned()).collect(),
            time_zone: v.time_zone,
            opted_out: v.opted_out,
            account_phone: v.account_phone,
        }
    }
}

fn field(name: &str, message: &str) -> ApiError {
    TextingError::Validation(ValidationErrors::single(name, message)).into()
}

fn channel(text: Option<&str>) -> Result<TextChannel, ApiError> {
    match text {
        None => Ok(TextChannel::Sms),
        Some(text) => TextChannel::parse(text.trim()).ok_or_else(|| field("channel", "Choose text messages or WhatsApp")),
    }
}

fn kinds(texts: &[String]) -> Result<Vec<TextKind>, ApiError> {
    texts.iter().map(|t| TextKind::parse(t.trim()).ok_or_else(|| field("kinds", "Unknown kind of message"))).collect()
}

#[utoipa::path(operation_id = "getTexting", tag = "texting", security(("bearer" = [])), responses(
    (status = 200, body = TextingDto), (status = 401, body = ErrorBody)
))]
#[get("/api/account/texting")]
async fn get_texting(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<TextingDto>, ApiError> {
    Ok(web::Json(state.texting.view(&user.actor()).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendCodeRequest {
    /// A US mobile number as typed.
    #[serde(default)]
    #[schema(required = true, example = "(916) 555-0123")]
    phone: String,
    /// `sms` (default) or `whatsapp`.
    #[schema(value_type = Option<TextChannelDto>)]
    channel: Option<String>,
}

/// Texts a six-digit code to the number, valid for 10 minutes.
#[utoipa::path(operation_id = "sendTextCode", tag = "texting", security(("bearer" = [])), request_body = SendCodeRequest, responses(
    (status = 200, body = TextingDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Texting is off, the number replied STOP, the month's texts are used up, or the text could not be sent"),
    (status = 429, body = ErrorBody)
))]
#[post("/api/account/texting/code")]
async fn send_text_code(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<SendCodeRequest>,
) -> Result<web::Json<TextingDto>, ApiError> {
    let channel = channel(body.channel.as_deref())?;
    Ok(web::Json(state.texting.send_code(&user.actor(), &body.phone, channel).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextPreferencesRequest {
    /// What to text about: `confirmations`, `reminders`, `receipts`.
    #[serde(default)]
    #[schema(value_type = Vec<TextKindDto>)]
    kinds: Vec<String>,
    /// `sms` (default) or `whatsapp`.
    #[schema(value_type = Option<TextChannelDto>)]
    channel: Option<String>,
    /// IANA zone of the quiet hours.
    #[serde(default)]
    #[schema(required = true, example = "America/Los_Angeles")]
    time_zone: String,
}

impl TextPreferencesRequest {
    fn preferences(&self) -> Result<TextPreferences, ApiError> {
        Ok(TextPreferences { kinds: kinds(&self.kinds)?, channel: channel(self.channel.as_deref())?, time_zone: self.time_zone.clone() })
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmCodeRequest {
    #[serde(default)]
    #[schema(required = true, example = "123456")]
    code: String,
    #[serde(flatten)]
    preferences: TextPreferencesRequest,
}

/// Enters the code: the number becomes the member's, and the kinds chosen are their consent.
#[utoipa::path(operation_id = "confirmTextCode", tag = "texting", security(("bearer" = [])), request_body = ConfirmCodeRequest, responses(
    (status = 200, body = TextingDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[post("/api/account/texting/verify")]
async fn confirm_text_code(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<ConfirmCodeRequest>,
) -> Result<web::Json<TextingDto>, ApiError> {
    let preferences = body.preferences.preferences()?;
    Ok(web::Json(state.texting.confirm(&user.actor(), &body.code, preferences).await?.into()))
}

/// Changes what is texted, how, and the quiet hours' zone.
#[utoipa::path(operation_id = "updateTexting", tag = "texting", security(("bearer" = [])), request_body = TextPreferencesRequest, responses(
    (status = 200, body = TextingDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)
))]
#[put("/api/account/texting")]
async fn update_texting(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<TextPreferencesRequest>,
) -> Result<web::Json<TextingDto>, ApiError> {
    Ok(web::Json(state.texting.update(&user.actor(), body.preferences()?).await?.into()))
}

/// Forgets the member's number: no more texts.
#[utoipa::path(operation_id = "removeTexting", tag = "texting", security(("bearer" = [])), responses(
    (status = 200, body = TextingDto), (status = 401, body = ErrorBody)
))]
#[delete("/api/account/texting")]
async fn remove_texting(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<TextingDto>, ApiError> {
    Ok(web::Json(state.texting.remove(&user.actor()).await?.into()))
}

/// The provider's webhook for replies, signed with `X-Twilio-Signature` over this URL as the site
/// names it (`MANDIR_PUBLIC_URL`) and the form's fields. Answers TwiML: the reply to STOP, START or
/// HELP, nothing to anything else. 403 for a bad signature; 404 when texting is off. The
/// development folder provider has no signature and takes any form.
#[utoipa::path(operation_id = "handleInboundText", post, path = "/api/texting/inbound", tag = "texting",
    params(("X-Twilio-Signature" = Option<String>, Header, description = "Twilio's signature; required with Twilio")),
    request_body(content = String, content_type = "application/x-www-form-urlencoded", description = "Twilio's fields: From, Body, ..."),
    responses((status = 200, content_type = "text/xml", body = String), (status = 400, body = ErrorBody, description = "No form"),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/api/texting/inbound")]
async fn inbound_text(req: HttpRequest, state: web::Data<AppState>, body: web::Bytes) -> Result<HttpResponse, ApiError> {
    let url = format!("{}{}", state.config.public_url.trim_end_matches('/'), req.uri().path_and_query().map_or("", |p| p.as_str()));
    let signature = req.headers().get("X-Twilio-Signature").and_then(|v| v.to_str().ok());
    if body.is_empty() {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "Expected the provider's form (From, Body, ...)"));
    }
    let form: Vec<(String, String)> = form_urlencoded::parse(&body).into_owned().collect();
    let reply = state.texting.inbound(&url, &form, signature).await?;
    let body = match reply {
        Some(text) => format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response><Message>{}</Message></Response>", xml_escape(&text)),
        None => "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Response/>".to_owned(),
    };
    Ok(HttpResponse::Ok().content_type(ContentType::xml()).body(body))
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

/// One text as the admin area lists it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextRecordDto {
    id: String,
    /// `confirmations`, `reminders`, `receipts` or `code`.
    kind: String,
    /// The number's last four digits.
    to: Option<String>,
    created_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
    attempts: i32,
    /// Why it was not sent (yet).
    last_error: Option<String>,
}

impl From<TextRecord> for TextRecordDto {
    fn from(r: TextRecord) -> Self {
        Self {
            id: r.id,
            kind: r.kind,
            to: r.to_phone.as_deref().map(mandir_domain::texting::masked),
            created_at: r.created_at,
            sent_at: r.sent_at,
            attempts: r.attempts,
            last_error: r.last_error,
        }
    }
}

/// Texting as admins see it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextingOverviewDto {
    /// `twilio` or `folder`; null when texting is off.
    provider: Option<String>,
    /// Why texting is off.
    off_reason: Option<String>,
    /// The temple's month counted, `2026-12`.
    month: String,
    sent_this_month: i64,
    monthly_cap: i32,
    /// The latest 50 texts, newest first.
    recent: Vec<TextRecordDto>,
}

impl From<TextingOverview> for TextingOverviewDto {
    fn from(o: TextingOverview) -> Self {
        Self {
            provider: o.provider.map(str::to_owned),
            off_reason: o.off_reason,
            month: o.month,
            sent_this_month: o.sent_this_month,
            monthly_cap: o.monthly_cap,
            recent: o.recent.into_iter().map(Into::into).collect(),
        }
    }
}

#[utoipa::path(operation_id = "getTextingOverview", tag = "texting", security(("bearer" = [])), responses(
    (status = 200, body = TextingOverviewDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
#[get("/api/admin/texting")]
async fn texting_overview(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<TextingOverviewDto>, ApiError> {
    Ok(web::Json(state.texting.overview(&user.actor()).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapRequest {
    /// Texts a month, 0 to 1,000,000; 0 stops texting.
    #[schema(value_type = i64, required = true, minimum = 0, maximum = 1_000_000, example = 500)]
    monthly_cap: Option<i64>,
}

/// Sets the monthly cap on texts; when it is reached, texting stops and e-mail goes on.
#[utoipa::path(operation_id = "setTextingCap", tag = "texting", security(("bearer" = [])), request_body = CapRequest, responses(
    (status = 200, body = TextingOverviewDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
#[put("/api/admin/texting")]
async fn set_text_cap(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<CapRequest>,
) -> Result<web::Json<TextingOverviewDto>, ApiError> {
    let cap = body.monthly_cap.ok_or_else(|| field("monthlyCap", mandir_domain::texting::CAP_INVALID))?;
    Ok(web::Json(state.texting.set_cap(&user.actor(), cap).await?.into()))
}
