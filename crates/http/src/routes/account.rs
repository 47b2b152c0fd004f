//! Account Settings: the member's own password, e-mail address, reminders, calendar feed, data
//! and account (ADR 0107).

use actix_web::http::header;
use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use mandir_application::ports::AccountSettings;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::dto::{EventDto, MessageResponse, UserDto};
use crate::error::{ApiError, ErrorBody};
use crate::routes::payment_dto::PaymentDto;
use crate::routes::registrations::{AttendeeDto, UserEventDto};
use crate::routes::volunteers::VolunteerDto;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(
        settings,
        set_reminders,
        set_language,
        change_password,
        change_email,
        confirm_email,
        new_calendar_feed,
        stop_calendar_feed,
        export,
        delete_account
    ),
    components(schemas(
        AccountSettingsDto,
        RemindersRequest,
        LanguageRequest,
        LanguageResponse,
        ChangePasswordRequest,
        ChangePasswordResponse,
        ChangeEmailRequest,
        CalendarFeedDto,
        AccountExportDto,
        ExportVolunteeringDto,
        DeleteAccountRequest
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(settings)
        .service(set_reminders)
        .service(set_language)
        .service(change_password)
        .service(change_email)
        .service(confirm_email)
        .service(new_calendar_feed)
        .service(stop_calendar_feed)
        .service(export)
        .service(delete_account);
}

pub const EMAIL_CHANGE_SENT: &str = "We sent a link to your new address. Open it within 48 hours to finish the change.";

/// The member's own settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountSettingsDto {
    /// Reminders the day before each event the member registered for.
    reminders_enabled: bool,
    /// When the current personal calendar link was made; null without one.
    calendar_feed_since: Option<DateTime<Utc>>,
    /// A new address waiting for its confirmation link to be opened.
    pending_email: Option<String>,
}

impl From<AccountSettings> for AccountSettingsDto {
    fn from(s: AccountSettings) -> Self {
        Self { reminders_enabled: s.reminders_enabled, calendar_feed_since: s.calendar_feed_since, pending_email: s.pending_email }
    }
}

#[utoipa::path(operation_id = "getAccountSettings", tag = "account", security(("bearer" = [])), responses(
    (status = 200, body = AccountSettingsDto), (status = 401, body = ErrorBody)
))]
#[get("/api/account")]
async fn settings(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<AccountSettingsDto>, ApiError> {
    Ok(web::Json(state.account.settings(&user.0).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemindersRequest {
    enabled: bool,
}

/// Turns the day-before reminders on or off.
#[utoipa::path(operation_id = "setReminders", tag = "account", security(("bearer" = [])), request_body = RemindersRequest, responses(
    (status = 200, body = AccountSettingsDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)
))]
#[put("/api/account/reminders")]
async fn set_reminders(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<RemindersRequest>,
) -> Result<web::Json<AccountSettingsDto>, ApiError> {
    Ok(web::Json(state.account.set_reminders(&user.0, body.enabled).await?.into()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LanguageRequest {
    /// `en`, `te`, `ta`, `hi` or `kn`.
    #[serde(default)]
    #[schema(required = true, schema_with = crate::input::language_schema)]
    language: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LanguageResponse {
    #[schema(schema_with = crate::input::language_schema)]
    language: String,
}

/// Sets the language of the member's pages, e-mails and texts (ADR 0149), and remembers it in
/// this browser's language cookie.
#[utoipa::path(operation_id = "setLanguage", tag = "account", security(("bearer" = [])), request_body = LanguageRequest, responses(
    (status = 200, body = LanguageResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)
))]
#[put("/api/account/language")]
async fn set_language(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<LanguageRequest>) -> Result<HttpResponse, ApiError> {
    let Some(language) = mandir_domain::language::Language::parse(body.language.trim()) else {
        return Err(mandir_application::services::account::AccountError::Validation(mandir_domain::ValidationErrors::single(
            "language",
            "Choose one of the site's languages",
        ))
        .into());
    };
    state.account.set_language(&user.0, language).await?;
    let secure = state.config.public_url.starts_with("https://");
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::SET_COOKIE, crate::language::cookie(language, secure)))
        .json(LanguageResponse { language: language.as_str().to_owned() }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    current_password: String,
    /// At least 6 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 6)]
    new_password: String,
}

#[derive(Serialize, ToSchema)]
pub struct ChangePasswordResponse {
    /// A new session token for this browser: every earlier token of the account stops working.
    token: String,
    user: UserDto,
}

/// Sets a new password (the current one required). Every session of the account ends; the answer
/// carries a new token for this one. Wrong current passwords count as failed sign-ins.
#[utoipa::path(operation_id = "changePassword", tag = "account", security(("bearer" = [])), request_body = ChangePasswordRequest, responses(
    (status = 200, body = ChangePasswordResponse),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 429, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the limit allows another try"))),
))]
#[post("/api/account/password")]
async fn change_password(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<ChangePasswordRequest>,
) -> Result<web::Json<ChangePasswordResponse>, ApiError> {
    let (token, user) = state.account.change_password(&user.0, &body.current_password, &body.new_password).await?;
    let profile = state.profile.profile_of(user).await?;
    Ok(web::Json(ChangePasswordResponse { token: token.token, user: profile.into() }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeEmailRequest {
    #[serde(default)]
    #[schema(required = true, format = Email)]
    new_email: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    current_password: String,
}

/// Starts a change of address: the new address gets a confirmation link (48 hours), the current
/// one a notice. The address changes when the link is opened.
#[utoipa::path(operation_id = "changeEmail", tag = "account", security(("bearer" = [])), request_body = ChangeEmailRequest, responses(
    (status = 202, body = MessageResponse),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody),
    (status = 429, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the limit allows another try"))),
))]
#[post("/api/account/email")]
async fn change_email(state: web::Data<AppState>, user: CurrentUser, body: JsonBody<ChangeEmailRequest>) -> Result<HttpResponse, ApiError> {
    state.account.request_email_change(&user.0, &body.new_email, &body.current_password).await?;
    Ok(HttpResponse::Accepted().json(MessageResponse { message: EMAIL_CHANGE_SENT.to_owned() }))
}

#[derive(Deserialize, IntoParams)]
pub struct TokenQuery {
    #[serde(default)]
    token: String,
}

/// The link in the e-mail to the new address: makes it the account's address (verified) and
/// sends the browser to Account Settings.
#[utoipa::path(operation_id = "confirmEmailChange", tag = "account", params(TokenQuery), responses(
    (status = 303, description = "To /profile?tab=settings&emailChanged=1, =0 for an invalid or expired link, =taken when another account has the address")
))]
#[get("/api/account/confirm-email")]
async fn confirm_email(state: web::Data<AppState>, query: web::Query<TokenQuery>) -> Result<HttpResponse, ApiError> {
    use mandir_application::services::account::AccountError;
    let outcome = match state.account.confirm_email_change(&query.token).await {
        Ok(()) => "1",
        Err(AccountError::InvalidLink) => "0",
        Err(AccountError::EmailTaken) => "taken",
        Err(error) => return Err(error.into()),
    };
    let location = format!("/profile?tab=settings&emailChanged={outcome}");
    Ok(HttpResponse::SeeOther().insert_header((header::LOCATION, location)).finish())
}

/// The personal calendar's address.
#[derive(Serialize, ToSchema)]
pub struct CalendarFeedDto {
    /// `https://.../api/calendar/<token>.ics`: shown once; the server keeps only a hash.
    url: String,
}

/// Makes a new link to the member's calendar of their registrations; the previous link stops
/// working.
#[utoipa::path(operation_id = "newCalendarFeed", tag = "account", security(("bearer" = [])), responses(
    (status = 200, body = CalendarFeedDto), (status = 401, body = ErrorBody)
))]
#[post("/api/account/calendar-feed")]
async fn new_calendar_feed(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<CalendarFeedDto>, ApiError> {
    Ok(web::Json(CalendarFeedDto { url: state.calendar.reset_feed(&user.actor()).await? }))
}

/// Turns the member's calendar link off.
#[utoipa::path(operation_id = "stopCalendarFeed", tag = "account", security(("bearer" = [])), responses(
    (status = 204, description = "The link no longer works"), (status = 401, body = ErrorBody)
))]
#[delete("/api/account/calendar-feed")]
async fn stop_calendar_feed(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    state.calendar.stop_feed(&user.actor()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A volunteer sign-up with its event's name and date (null once the event is gone).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportVolunteeringDto {
    volunteer: VolunteerDto,
    event_name: Option<String>,
    event_date: Option<DateTime<Utc>>,
}

/// Everything the temple keeps about the member.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountExportDto {
    exported_at: DateTime<Utc>,
    profile: UserDto,
    settings: AccountSettingsDto,
    registrations: Vec<UserEventDto>,
    volunteering: Vec<ExportVolunteeringDto>,
    payments: Vec<PaymentDto>,
    /// The text messages' number, kinds agreed to (with when) and quiet hours' zone.
    texting: crate::routes::texting::TextingDto,
}

/// Download my data: the profile, settings, registrations, volunteering and donations, as a JSON
/// file.
#[utoipa::path(operation_id = "exportAccount", tag = "account", security(("bearer" = [])), responses(
    (status = 200, body = AccountExportDto, description = "my-data.json (an attachment)"), (status = 401, body = ErrorBody)
))]
#[get("/api/account/export")]
async fn export(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let data = state.account.export(&user.0).await?;
    let texting = state.texting.view(&user.actor()).await?.into();
    let profile = state.profile.profile_of(data.user).await?;
    let body = AccountExportDto {
        exported_at: data.exported_at,
        texting,
        profile: profile.into(),
        settings: data.settings.into(),
        registrations: data
            .registrations
            .into_iter()
            .map(|(event, attendee)| UserEventDto { event: EventDto::from(event), attendee: AttendeeDto::from(attendee) })
            .collect(),
        volunteering: data
            .volunteering
            .into_iter()
            .map(|(volunteer, event)| ExportVolunteeringDto {
                volunteer: volunteer.into(),
                event_name: event.as_ref().map(|(name, _)| name.clone()),
                event_date: event.map(|(_, date)| date),
            })
            .collect(),
        payments: data.payments.into_iter().map(PaymentDto::from).collect(),
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_DISPOSITION, "attachment; filename=\"my-data.json\""))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(body))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteAccountRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    current_password: String,
}

/// Deletes the member's account (the current password required): registrations and volunteer
/// sign-ups go; donations stay in the ledger with the donor's name and address. The only admin
/// cannot (409).
#[utoipa::path(operation_id = "deleteAccount", tag = "account", security(("bearer" = [])), request_body = DeleteAccountRequest, responses(
    (status = 204, description = "Deleted; every session has ended"),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 409, body = ErrorBody),
    (status = 429, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the limit allows another try"))),
))]
#[delete("/api/account")]
async fn delete_account(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: JsonBody<DeleteAccountRequest>,
) -> Result<HttpResponse, ApiError> {
    state.account.delete_account(&user.0, &body.current_password).await?;
    Ok(HttpResponse::NoContent().finish())
}
