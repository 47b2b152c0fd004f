use actix_web::http::header;
use actix_web::{HttpResponse, get, post, web};
use mandir_domain::user::SignUpInput;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::dto::{MessageResponse, UserDto};
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(sign_up, sign_in, verify_email, forgot_password, reset_password),
    components(schemas(SignUpRequest, SignUpResponse, SignInRequest, SignInResponse, ForgotPasswordRequest, ResetPasswordRequest))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(sign_up).service(sign_in).service(verify_email).service(forgot_password).service(reset_password);
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignUpRequest {
    #[serde(default)]
    first_name: String,
    #[serde(default)]
    last_name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    phone_number: String,
    username: Option<String>,
    custom_gotram: Option<String>,
    gotram_id: Option<i32>,
}

#[derive(Serialize, ToSchema)]
pub struct SignUpResponse {
    message: String,
    user: UserDto,
}

/// Creates an account and e-mails a verification link.
#[utoipa::path(tag = "auth", request_body = SignUpRequest, responses(
    (status = 201, body = SignUpResponse),
    (status = 400, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "An account with this email already exists"),
))]
#[post("/api/auth/signup")]
async fn sign_up(state: web::Data<AppState>, body: web::Json<SignUpRequest>) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let user = state
        .auth
        .sign_up(SignUpInput {
            first_name: b.first_name,
            last_name: b.last_name,
            email: b.email,
            password: b.password,
            phone_number: b.phone_number,
            username: b.username,
            custom_gotram: b.custom_gotram,
            gotram_id: b.gotram_id,
        })
        .await?;
    let profile = state.profile.profile_of(user).await?;
    Ok(HttpResponse::Created()
        .json(SignUpResponse { message: "Account created! Please check your email to verify".to_owned(), user: profile.into() }))
}

#[derive(Deserialize, ToSchema)]
pub struct SignInRequest {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

#[derive(Serialize, ToSchema)]
pub struct SignInResponse {
    token: String,
    user: UserDto,
}

/// Checks the credentials and returns a session token. Unknown e-mails and wrong passwords answer
/// alike; repeated failures for one account answer 429 for a while.
#[utoipa::path(tag = "auth", request_body = SignInRequest, responses(
    (status = 200, body = SignInResponse),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
#[post("/api/auth/signin")]
async fn sign_in(state: web::Data<AppState>, body: web::Json<SignInRequest>) -> Result<web::Json<SignInResponse>, ApiError> {
    let (token, user) = state.auth.sign_in(&body.email, &body.password).await?;
    let profile = state.profile.profile_of(user).await?;
    Ok(web::Json(SignInResponse { token: token.token, user: profile.into() }))
}

#[derive(Deserialize, IntoParams)]
pub struct TokenQuery {
    #[serde(default)]
    token: String,
}

/// The link in the sign-up e-mail: marks the address verified and sends the browser to sign in.
#[utoipa::path(tag = "auth", params(TokenQuery), responses((status = 303, description = "To /sign-in?verified=1 or ?verified=0")))]
#[get("/api/auth/verify-email")]
async fn verify_email(state: web::Data<AppState>, query: web::Query<TokenQuery>) -> Result<HttpResponse, ApiError> {
    let location = match state.auth.verify_email(&query.token).await {
        Ok(()) => "/sign-in?verified=1",
        Err(error) if mandir_domain::Failure::kind(&error) == mandir_domain::ErrorKind::Invalid => "/sign-in?verified=0",
        Err(error) => return Err(error.into()),
    };
    Ok(HttpResponse::SeeOther().insert_header((header::LOCATION, location)).finish())
}

#[derive(Deserialize, ToSchema)]
pub struct ForgotPasswordRequest {
    #[serde(default)]
    email: String,
}

/// E-mails a reset link when the account exists. The answer is the same either way.
#[utoipa::path(tag = "auth", request_body = ForgotPasswordRequest, responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody)))]
#[post("/api/auth/forgot-password")]
async fn forgot_password(
    state: web::Data<AppState>,
    body: web::Json<ForgotPasswordRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    state.auth.forgot_password(&body.email).await?;
    Ok(web::Json(MessageResponse { message: "If an account exists for that email, a password reset link has been sent.".to_owned() }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    #[serde(default)]
    token: String,
    #[serde(default)]
    new_password: String,
}

/// Sets a new password with the token from the e-mail; the token works once, within an hour,
/// and every older session ends.
#[utoipa::path(tag = "auth", request_body = ResetPasswordRequest, responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody)))]
#[post("/api/auth/reset-password")]
async fn reset_password(state: web::Data<AppState>, body: web::Json<ResetPasswordRequest>) -> Result<web::Json<MessageResponse>, ApiError> {
    state.auth.reset_password(&body.token, &body.new_password).await?;
    Ok(web::Json(MessageResponse { message: "Your password has been reset. You can now sign in.".to_owned() }))
}
