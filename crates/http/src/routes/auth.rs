use actix_web::http::header;
use actix_web::{HttpResponse, get, post, web};
use mandir_application::services::auth::ResendOutcome;
use mandir_domain::user::SignUpInput;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::client::Client;
use crate::dto::{MessageResponse, UserDto};
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(sign_up, sign_in, sign_out, sign_out_everywhere, verify_email, resend_verification, forgot_password, reset_password),
    components(schemas(SignUpRequest, SignUpResponse, SignInRequest, SignInResponse, ForgotPasswordRequest, ResetPasswordRequest))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(sign_up)
        .service(sign_in)
        .service(sign_out)
        .service(sign_out_everywhere)
        .service(verify_email)
        .service(resend_verification)
        .service(forgot_password)
        .service(reset_password);
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignUpRequest {
    /// 2 to 100 characters after trimming; one line, no `<`, `>` or links.
    #[serde(default)]
    #[schema(required = true, min_length = 2)]
    first_name: String,
    /// 2 to 100 characters after trimming; one line, no `<`, `>` or links.
    #[serde(default)]
    #[schema(required = true, min_length = 2)]
    last_name: String,
    /// Trimmed and lower-cased; at most 254 characters.
    #[serde(default)]
    #[schema(required = true, format = Email, min_length = 5)]
    email: String,
    /// 6 to 256 characters, counted as sent.
    #[serde(default)]
    #[schema(required = true, min_length = 6, max_length = 256)]
    password: String,
    /// 1 to 32 characters after trimming.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    phone_number: String,
    /// At most 50 characters after trimming; blank for none.
    username: Option<String>,
    /// At most 100 characters after trimming; blank for none.
    custom_gotram: Option<String>,
    gotram_id: Option<i32>,
}

#[derive(Serialize, ToSchema)]
pub struct SignUpResponse {
    message: String,
    user: UserDto,
}

/// Creates an account and e-mails a verification link. Limited per client address. An address
/// that has an account already gets the same answer, and its owner an e-mail instead.
#[utoipa::path(operation_id = "signUp", tag = "auth", request_body = SignUpRequest, responses(
    (status = 201, body = SignUpResponse),
    (status = 400, body = ErrorBody),
    (status = 429, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the limit allows another try"))),
))]
#[post("/api/auth/signup")]
async fn sign_up(
    state: web::Data<AppState>,
    client: Client,
    language: crate::language::RequestLanguage,
    body: JsonBody<SignUpRequest>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let user = state
        .auth
        .sign_up(
            SignUpInput {
                first_name: b.first_name,
                last_name: b.last_name,
                email: b.email,
                password: b.password,
                phone_number: b.phone_number,
                username: b.username,
                custom_gotram: b.custom_gotram,
                gotram_id: b.gotram_id,
                language: language.0,
            },
            &client.0,
        )
        .await?;
    let profile = state.profile.profile_of(user).await?;
    Ok(HttpResponse::Created()
        .json(SignUpResponse { message: "Account created! Please check your email to verify".to_owned(), user: profile.into() }))
}

#[derive(Deserialize, ToSchema)]
pub struct SignInRequest {
    #[serde(default)]
    #[schema(required = true, format = Email, min_length = 5)]
    email: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    password: String,
}

#[derive(Serialize, ToSchema)]
pub struct SignInResponse {
    token: String,
    user: UserDto,
}

/// Checks the credentials and returns a session token. Unknown e-mails and wrong passwords answer
/// alike; repeated failures for one account, or from one client address, answer 429 for a while.
#[utoipa::path(operation_id = "signIn", tag = "auth", request_body = SignInRequest, responses(
    (status = 200, body = SignInResponse),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 429, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the limit allows another try"))),
))]
#[post("/api/auth/signin")]
async fn sign_in(state: web::Data<AppState>, client: Client, body: JsonBody<SignInRequest>) -> Result<web::Json<SignInResponse>, ApiError> {
    let (token, user) = state.auth.sign_in(&body.email, &body.password, &client.0).await?;
    let profile = state.profile.profile_of(user).await?;
    Ok(web::Json(SignInResponse { token: token.token, user: profile.into() }))
}

/// Ends this session on the server: the bearer token is refused from now on. Other sessions of
/// the member go on.
#[utoipa::path(operation_id = "signOut", tag = "auth", security(("bearer" = [])), responses((status = 204, description = "Signed out"), (status = 401, body = ErrorBody)))]
#[post("/api/auth/signout")]
async fn sign_out(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    state.auth.sign_out(&user.1).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Ends every session of the member, this one included (every token issued so far is refused).
#[utoipa::path(operation_id = "signOutEverywhere", tag = "auth", security(("bearer" = [])), responses((status = 204, description = "Every session ended"), (status = 401, body = ErrorBody)))]
#[post("/api/auth/signout-everywhere")]
async fn sign_out_everywhere(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    state.auth.sign_out_everywhere(&user.0).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize, IntoParams)]
pub struct TokenQuery {
    #[serde(default)]
    token: String,
}

/// The link in the sign-up e-mail: marks the address verified and sends the browser to sign in.
#[utoipa::path(operation_id = "verifyEmail", tag = "auth", params(TokenQuery), responses((status = 303, description = "To /sign-in?verified=1 or ?verified=0")))]
#[get("/api/auth/verify-email")]
async fn verify_email(state: web::Data<AppState>, query: web::Query<TokenQuery>) -> Result<HttpResponse, ApiError> {
    let location = match state.auth.verify_email(&query.token).await {
        Ok(()) => "/sign-in?verified=1",
        Err(error) if mandir_domain::Failure::kind(&error) == mandir_domain::ErrorKind::Invalid => "/sign-in?verified=0",
        Err(error) => return Err(error.into()),
    };
    Ok(HttpResponse::SeeOther().insert_header((header::LOCATION, location)).finish())
}

pub const VERIFICATION_SENT: &str = "A new verification link has been sent to your email address. It works for 48 hours.";
pub const ALREADY_VERIFIED: &str = "Your email address is already verified.";

/// E-mails the signed-in member a new verification link (48 hours; older links stop working).
/// Limited per account and per client address.
#[utoipa::path(operation_id = "resendVerification", tag = "auth", security(("bearer" = [])), responses(
    (status = 200, body = MessageResponse, description = "Sent, or already verified (the message says which)"),
    (status = 401, body = ErrorBody),
    (status = 429, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the limit allows another try"))),
))]
#[post("/api/auth/resend-verification")]
async fn resend_verification(
    state: web::Data<AppState>,
    user: CurrentUser,
    client: Client,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let message = match state.auth.resend_verification(&user.0, &client.0).await? {
        ResendOutcome::Sent => VERIFICATION_SENT,
        ResendOutcome::AlreadyVerified => ALREADY_VERIFIED,
    };
    Ok(web::Json(MessageResponse { message: message.to_owned() }))
}

#[derive(Deserialize, ToSchema)]
pub struct ForgotPasswordRequest {
    #[serde(default)]
    #[schema(required = true, format = Email, min_length = 5)]
    email: String,
}

/// E-mails a reset link when the account exists. The answer is the same either way, and takes
/// as long (the e-mail is sent in the background). Limited per client address.
#[utoipa::path(operation_id = "forgotPassword", tag = "auth", request_body = ForgotPasswordRequest, responses(
    (status = 200, body = MessageResponse),
    (status = 400, body = ErrorBody),
    (status = 429, body = ErrorBody, headers(("Retry-After" = u64, description = "Seconds until the limit allows another try"))),
))]
#[post("/api/auth/forgot-password")]
async fn forgot_password(
    state: web::Data<AppState>,
    client: Client,
    body: JsonBody<ForgotPasswordRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    state.auth.forgot_password(&body.email, &client.0).await?;
    Ok(web::Json(MessageResponse { message: "If an account exists for that email, a password reset link has been sent.".to_owned() }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    token: String,
    /// 6 to 256 characters, counted as sent.
    #[serde(default)]
    #[schema(required = true, min_length = 6, max_length = 256)]
    new_password: String,
}

/// Sets a new password with the token from the e-mail; the token works once, within an hour,
/// and every older session ends.
#[utoipa::path(operation_id = "resetPassword", tag = "auth", request_body = ResetPasswordRequest, responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody)))]
#[post("/api/auth/reset-password")]
async fn reset_password(state: web::Data<AppState>, body: JsonBody<ResetPasswordRequest>) -> Result<web::Json<MessageResponse>, ApiError> {
    state.auth.reset_password(&body.token, &body.new_password).await?;
    Ok(web::Json(MessageResponse { message: "Your password has been reset. You can now sign in.".to_owned() }))
}
