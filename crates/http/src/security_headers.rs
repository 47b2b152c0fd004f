use actix_web::Error;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web;

use crate::state::AppState;

/// Third parties named here are the only ones a page may use (docs/architecture.md#third-parties): the YouTube
/// privacy-enhanced embed, the map embed, Stripe and the e-mail avatar service.
/// `'wasm-unsafe-eval'` lets a page compile WebAssembly (the check-in desk's QR code reader, served
/// from our own origin, ADR 0142); it allows no `eval` of JavaScript.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
script-src 'self' https://js.stripe.com 'wasm-unsafe-eval'; \
style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob: https:; \
font-src 'self' data:; \
connect-src 'self' https://api.stripe.com; \
frame-src https://www.youtube-nocookie.com https://www.google.com https://maps.google.com https://js.stripe.com https://hooks.stripe.com; \
frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

/// The policy with `extra_script_sources` (`'sha256-…'` of a page's inline scripts) allowed too.
pub fn content_security_policy(extra_script_sources: &[String]) -> String {
    if extra_script_sources.is_empty() {
        return CONTENT_SECURITY_POLICY.to_owned();
    }
    CONTENT_SECURITY_POLICY.replacen("script-src 'self'", &format!("script-src 'self' {}", extra_script_sources.join(" ")), 1)
}

/// Browsers keep to https for a year, subdomains included, once they have seen this over https.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000; includeSubDomains";

/// Whether the site is served over https (its public URL says so): only then is HSTS sent, so a
/// development server on plain http never pins a browser to https.
fn served_over_https(public_url: &str) -> bool {
    public_url.get(..8).is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"))
}

pub async fn add(req: ServiceRequest, next: Next<impl MessageBody>) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let hsts = req.app_data::<web::Data<AppState>>().is_some_and(|state| served_over_https(&state.config.public_url));
    let mut res = next.call(req).await?;
    let is_html = res.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("text/html"));
    let headers = res.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    if hsts {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(STRICT_TRANSPORT_SECURITY));
    }
    if is_html {
        // A page that allows its own inline scripts by hash has set its policy already.
        if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
            headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
        }
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::{CONTENT_SECURITY_POLICY, content_security_policy, served_over_https};

    #[test]
    fn inline_script_hashes_join_script_src() {
        assert_eq!(content_security_policy(&[]), CONTENT_SECURITY_POLICY);
        let csp = content_security_policy(&["'sha256-abc='".to_owned()]);
        assert!(csp.contains("script-src 'self' 'sha256-abc=' https://js.stripe.com 'wasm-unsafe-eval';"), "{csp}");
    }

    #[test]
    fn only_https_public_urls_turn_on_hsts() {
        assert!(served_over_https("https://temple.example.org"));
        assert!(served_over_https("HTTPS://temple.example.org"));
        assert!(!served_over_https("http://127.0.0.1:8080"));
        assert!(!served_over_https("https:"));
        assert!(!served_over_https(""));
    }
}
