//! Who is calling: the bearer token, checked against the database on every request.

use actix_web::http::{StatusCode, header};
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use futures::future::LocalBoxFuture;
use mandir_application::ports::VerifiedToken;
use mandir_application::services::Actor;
use mandir_application::services::rate_limits::ClientAddress;
use mandir_domain::user::User;

use crate::error::ApiError;
use crate::state::AppState;

fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim().to_owned()).filter(|t| !t.is_empty())
}

fn state(req: &HttpRequest) -> Result<web::Data<AppState>, ApiError> {
    req.app_data::<web::Data<AppState>>().cloned().ok_or_else(|| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong"))
}

/// A signed-in member, with the token they called with and the address they called from; 401
/// otherwise.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub User, pub VerifiedToken, pub ClientAddress);

impl CurrentUser {
    /// The member as the use cases see them, with their address (the audit log records it).
    pub fn actor(&self) -> Actor {
        Actor::of(&self.0).from_address(self.2.as_str())
    }
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer(req);
        let state = state(req);
        let trust_proxy = state.as_ref().is_ok_and(|state| state.trust_proxy);
        let address = crate::client::client_address(req, trust_proxy);
        Box::pin(async move {
            let state = state?;
            let token = token.ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "Authentication required"))?;
            let session = state.auth.authenticate(&token).await?;
            Ok(Self(session.user, session.token, address))
        })
    }
}

/// The member when a valid token is sent, else a guest. An invalid token counts as a guest.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<User>);

impl MaybeUser {
    pub fn actor(&self) -> Option<Actor> {
        self.0.as_ref().map(Actor::of)
    }
}

impl FromRequest for MaybeUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer(req);
        let state = state(req);
        Box::pin(async move {
            let state = state?;
            let Some(token) = token else { return Ok(Self(None)) };
            Ok(Self(state.auth.authenticate(&token).await.ok().map(|session| session.user)))
        })
    }
}
