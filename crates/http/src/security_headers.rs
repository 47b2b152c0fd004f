use actix_web::Error;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;

/// Third parties named here are the only ones a page may use (DESIGN.md): the YouTube
/// privacy-enhanced embed, the map embed, Stripe and the e-mail avatar service.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
script-src 'self' https://js.stripe.com; \
style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob: https:; \
font-src 'self' data:; \
connect-src 'self' https://api.stripe.com; \
frame-src https://www.youtube-nocookie.com https://www.google.com https://maps.google.com https://js.stripe.com https://hooks.stripe.com; \
frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

pub async fn add(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let mut res = next.call(req).await?;
    let is_html = res.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("text/html"));
    let headers = res.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    if is_html {
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    Ok(res)
}
