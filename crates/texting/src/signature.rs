//! Twilio's webhook signature: `X-Twilio-Signature` is the base64 HMAC-SHA1, under the account's
//! auth token, of the full URL the webhook was posted to followed by each POST parameter, sorted
//! by name, as its name then its value (no separators).
//!
//! As Twilio's own libraries do, a URL is also checked with its port taken out or the scheme's
//! default port put in (Twilio may sign either form), and a parameter repeated with the same value
//! counts once.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use sha1::Sha1;
use subtle::ConstantTimeEq;

/// The signature Twilio sends for a form posted to `url` (for tests and tools).
pub fn sign_twilio_request(auth_token: &str, url: &str, params: &[(String, String)]) -> String {
    STANDARD.encode(mac(auth_token, url, params))
}

/// Whether `signature` (the `X-Twilio-Signature` header) is Twilio's for a form posted to `url`:
/// compared in constant time; no signature, or one that is not base64, never is.
pub fn verify_twilio_signature(auth_token: &str, url: &str, params: &[(String, String)], signature: Option<&str>) -> bool {
    let Some(given) = signature.and_then(|s| STANDARD.decode(s.trim()).ok()) else { return false };
    // Check every form of the URL, so the time taken does not depend on which one matches.
    let matched =
        url_forms(url).iter().fold(subtle::Choice::from(0), |found, form| found | mac(auth_token, form, params)[..].ct_eq(&given));
    bool::from(matched)
}

fn mac(auth_token: &str, url: &str, params: &[(String, String)]) -> [u8; 20] {
    let mut sorted: Vec<&(String, String)> = params.iter().collect();
    sorted.sort();
    sorted.dedup();
    let mut mac = <Hmac<Sha1> as Mac>::new_from_slice(auth_token.as_bytes()).unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
    mac.update(url.as_bytes());
    for (name, value) in sorted {
        mac.update(name.as_bytes());
        mac.update(value.as_bytes());
    }
    mac.finalize().into_bytes().into()
}

/// `url` as given, and with its port taken out or the scheme's default port (443, 80) put in.
fn url_forms(url: &str) -> Vec<String> {
    let mut forms = vec![url.to_owned()];
    let Some((scheme, rest)) = url.split_once("://") else { return forms };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let host_start = authority.rfind('@').map_or(0, |at| at + 1);
    let (userinfo, host_port) = authority.split_at(host_start);
    // The port follows the last colon, unless that colon is inside an IPv6 address (`[::1]`).
    let port_colon = host_port.rfind(':').filter(|&colon| host_port[colon..].find(']').is_none());
    let other = match port_colon {
        Some(colon) if host_port[colon + 1..].bytes().all(|b| b.is_ascii_digit()) => {
            format!("{scheme}://{userinfo}{}{tail}", &host_port[..colon])
        }
        Some(_) => return forms,
        None => {
            let port = match scheme.to_ascii_lowercase().as_str() {
                "https" => 443,
                "http" => 80,
                _ => return forms,
            };
            format!("{scheme}://{userinfo}{host_port}:{port}{tail}")
        }
    };
    forms.push(other);
    forms
}

#[cfg(test)]
mod tests {
    use super::*;

    // The example of Twilio's webhook security documentation, and of the request validator tests
    // of its libraries (twilio-php, twilio-python, twilio-csharp): auth token `12345`.
    const TOKEN: &str = "12345";
    const URL: &str = "https://mycompany.com/myapp.php?foo=1&bar=2";
    const SIGNATURE: &str = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";

    fn params() -> Vec<(String, String)> {
        // Not in order: the signature sorts them.
        [("Digits", "1234"), ("To", "+18005551212"), ("From", "+14158675309"), ("Caller", "+14158675309"), ("CallSid", "CA1234567890ABCDE")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect()
    }

    fn verify(url: &str, params: &[(String, String)], signature: Option<&str>) -> bool {
        verify_twilio_signature(TOKEN, url, params, signature)
    }

    #[test]
    fn twilios_published_example_passes() {
        assert_eq!(sign_twilio_request(TOKEN, URL, &params()), SIGNATURE);
        assert!(verify(URL, &params(), Some(SIGNATURE)));
    }

    #[test]
    fn a_tampered_param_a_different_url_a_wrong_token_or_no_signature_fail() {
        let mut tampered = params();
        tampered[0].1 = "9999".into();
        assert!(!verify(URL, &tampered, Some(SIGNATURE)));
        let mut added = params();
        added.push(("Body".into(), "STOP".into()));
        assert!(!verify(URL, &added, Some(SIGNATURE)));
        assert!(!verify("https://mycompany.com/myapp.php?foo=1&bar=3", &params(), Some(SIGNATURE)));
        assert!(!verify("https://mycompany.com/other.php?foo=1&bar=2", &params(), Some(SIGNATURE)));
        assert!(!verify_twilio_signature("54321", URL, &params(), Some(SIGNATURE)));
        assert!(!verify(URL, &params(), None));
        assert!(!verify(URL, &params(), Some("")));
        assert!(!verify(URL, &params(), Some("not base64!")));
        assert!(!verify(URL, &params(), Some("RSOYDt4T1cUTdK1PDd93/VVr8B8")));
    }

    #[test]
    fn a_param_repeated_with_the_same_value_counts_once() {
        // twilio-php's testValidateWithArrayAndDuplicates.
        let repeated: Vec<(String, String)> =
            [("Sid", "CA123"), ("SidAccount", "AC123"), ("Digits", "5678"), ("Digits", "1234"), ("Digits", "1234")]
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect();
        assert!(verify(URL, &repeated, Some("IK+Dwps556ElfBT0I3Rgjkr1wJU=")));
    }

    #[test]
    fn a_url_is_also_checked_without_its_port_or_with_the_default_one() {
        // The vectors of twilio-php's port tests.
        assert!(verify("https://mycompany.com:1234/myapp.php?foo=1&bar=2", &params(), Some(SIGNATURE)));
        assert!(verify(URL, &params(), Some("kvajT1Ptam85bY51eRf/AJRuM3w=")));
        assert!(verify("http://mycompany.com/myapp.php?foo=1&bar=2", &params(), Some("0ZXoZLH/DfblKGATFgpif+LLRf4=")));
        assert!(verify("http://mycompany.com:1234/myapp.php?foo=1&bar=2", &params(), Some("Zmvh+3yNM1Phv2jhDCwEM3q5ebU=")));
        assert!(verify("https://user:pass@mycompany.com/myapp.php?foo=1&bar=2", &params(), Some("CukzLTc1tT5dXEDIHm/tKBanW10=")));
        assert!(verify("https://user:pass@mycompany.com/myapp.php?foo=1&bar=2", &params(), Some("ZQFR1PTIZXF2MXB8ZnKCvnnA+rI=")));
        // The port of another scheme's default is not put in.
        assert!(!verify("http://mycompany.com/myapp.php?foo=1&bar=2", &params(), Some("kvajT1Ptam85bY51eRf/AJRuM3w=")));
    }

    #[test]
    fn url_forms_take_the_port_out_or_put_the_default_in() {
        assert_eq!(url_forms("https://a.org/t?x=1"), ["https://a.org/t?x=1", "https://a.org:443/t?x=1"]);
        assert_eq!(url_forms("http://a.org:8080/t"), ["http://a.org:8080/t", "http://a.org/t"]);
        assert_eq!(url_forms("https://a.org"), ["https://a.org", "https://a.org:443"]);
        assert_eq!(url_forms("https://[::1]:8443/t"), ["https://[::1]:8443/t", "https://[::1]/t"]);
        assert_eq!(url_forms("https://[::1]/t"), ["https://[::1]/t", "https://[::1]:443/t"]);
        assert_eq!(url_forms("ftp://a.org/t"), ["ftp://a.org/t"]);
        assert_eq!(url_forms("not a url"), ["not a url"]);
    }
}
