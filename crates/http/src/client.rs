//! Where a request comes from, for the per-address limits: the peer's IP address, or behind a
//! trusted proxy (`MANDIR_TRUST_PROXY=1`) the right-most `X-Forwarded-For` entry, which is the
//! address the proxy itself saw (entries further left are whatever the client claimed).

use std::net::IpAddr;

use actix_web::http::header::HeaderMap;
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use futures::future::{Ready, ready};
use mandir_application::services::rate_limits::ClientAddress;

use crate::error::ApiError;
use crate::state::AppState;

/// The client's address; see the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client(pub ClientAddress);

/// The right-most `X-Forwarded-For` entry over every such header, when it is an IP address.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").filter_map(|value| value.to_str().ok()).flat_map(|value| value.split(',')).last()?;
    last.trim().parse().ok()
}

/// The address of `req`: see the module documentation. `unknown` when the peer is not known
/// (a test request), so such requests still share one limit.
pub fn client_address(req: &HttpRequest, trust_proxy: bool) -> ClientAddress {
    let forwarded = if trust_proxy { forwarded_for(req.headers()) } else { None };
    let address = forwarded.or_else(|| req.peer_addr().map(|peer| peer.ip()));
    ClientAddress::new(address.map_or_else(|| "unknown".to_owned(), |ip| ip.to_canonical().to_string()))
}

impl FromRequest for Client {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let trust_proxy = req.app_data::<web::Data<AppState>>().is_some_and(|state| state.trust_proxy);
        ready(Ok(Self(client_address(req, trust_proxy))))
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    fn request() -> TestRequest {
        TestRequest::default()
            .peer_addr("10.0.0.5:4000".parse().expect("address"))
            .insert_header(("X-Forwarded-For", "1.1.1.1, 203.0.113.7"))
    }

    #[test]
    fn the_peer_address_counts_unless_the_proxy_is_trusted() {
        assert_eq!(client_address(&request().to_http_request(), false).as_str(), "10.0.0.5");
        assert_eq!(client_address(&request().to_http_request(), true).as_str(), "203.0.113.7");
    }

    #[test]
    fn the_right_most_entry_over_several_headers_wins() {
        let req = request().append_header(("X-Forwarded-For", "198.51.100.2")).to_http_request();
        assert_eq!(client_address(&req, true).as_str(), "198.51.100.2");
    }

    #[test]
    fn a_missing_or_garbled_header_falls_back_to_the_peer() {
        let plain = TestRequest::default().peer_addr("10.0.0.5:4000".parse().expect("address")).to_http_request();
        assert_eq!(client_address(&plain, true).as_str(), "10.0.0.5");
        let garbled = TestRequest::default()
            .peer_addr("[::ffff:10.0.0.6]:4000".parse().expect("address"))
            .insert_header(("X-Forwarded-For", "1.1.1.1, not-an-address"))
            .to_http_request();
        assert_eq!(client_address(&garbled, true).as_str(), "10.0.0.6", "IPv4-mapped addresses are written as IPv4");
    }
}
