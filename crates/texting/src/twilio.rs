//! Twilio's Messaging API: one form POSTed to `/2010-04-01/Accounts/{sid}/Messages.json` per
//! text, with the account SID and auth token as HTTP basic auth; the answer's `sid` is the text's
//! id at Twilio. SMS goes from the temple's number or its Messaging Service, WhatsApp from its
//! WhatsApp sender (both numbers prefixed `whatsapp:`).

use std::time::Duration;

use async_trait::async_trait;
use mandir_application::ports::{OutgoingText, TextError, TextMessenger};
use mandir_domain::texting::{TextChannel, masked};
use reqwest::StatusCode;
use serde::Deserialize;
use serde_json::Value;

use crate::signature::verify_twilio_signature;

/// Twilio's REST API.
pub const TWILIO_API_BASE: &str = "https://api.twilio.com";
/// How long one call to Twilio may take.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest provider message kept in an error.
const MESSAGE_MAX: usize = 300;

/// What the server knows of the temple's Twilio account.
#[derive(Clone, PartialEq, Eq)]
pub struct TwilioConfig {
    /// [`TWILIO_API_BASE`] in production (a local mock in tests).
    pub api_base: String,
    /// `AC…`.
    pub account_sid: String,
    /// Secret: never logged, nor shown by `Debug`.
    pub auth_token: String,
    /// The SMS sender: an E.164 number (`+19165550123`), or a Messaging Service SID (`MG…`).
    pub from: String,
    /// The WhatsApp sender's E.164 number; without one, texts go by SMS only.
    pub whatsapp_from: Option<String>,
}

impl TwilioConfig {
    /// A configuration for Twilio's API, without a WhatsApp sender.
    pub fn new(account_sid: impl Into<String>, auth_token: impl Into<String>, from: impl Into<String>) -> Self {
        Self {
            api_base: TWILIO_API_BASE.to_owned(),
            account_sid: account_sid.into(),
            auth_token: auth_token.into(),
            from: from.into(),
            whatsapp_from: None,
        }
    }
}

impl std::fmt::Debug for TwilioConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TwilioConfig")
            .field("api_base", &self.api_base)
            .field("account_sid", &self.account_sid)
            .field("auth_token", &"<redacted>")
            .field("from", &self.from)
            .field("whatsapp_from", &self.whatsapp_from)
            .finish()
    }
}

/// Why a [`TwilioConfig`] cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TwilioConfigError {
    #[error("the Twilio account SID must be letters and digits (AC…)")]
    AccountSid,
    #[error("the Twilio auth token is empty")]
    AuthToken,
    #[error("the Twilio sender must be an E.164 number (+19165550123) or a Messaging Service SID (MG…)")]
    From,
    #[error("the Twilio WhatsApp sender must be an E.164 number (+19165550123)")]
    WhatsAppFrom,
    #[error("the HTTP client could not be built: {0}")]
    Client(#[from] reqwest::Error),
}

/// Who SMS texts come from.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Sender {
    Number(String),
    /// A Messaging Service SID: Twilio picks the number from the service's pool.
    Service(String),
}

/// Sends texts through Twilio's Messaging API and checks its webhooks' signatures.
#[derive(Clone)]
pub struct TwilioMessenger {
    client: reqwest::Client,
    /// `{api_base}/2010-04-01/Accounts/{sid}/Messages.json`.
    messages_url: String,
    account_sid: String,
    auth_token: String,
    sender: Sender,
    whatsapp_from: Option<String>,
}

impl std::fmt::Debug for TwilioMessenger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TwilioMessenger")
            .field("messages_url", &self.messages_url)
            .field("sender", &self.sender)
            .field("whatsapp_from", &self.whatsapp_from)
            .finish_non_exhaustive()
    }
}

/// `+` and 2 to 15 digits, the first not 0 (ITU-T E.164).
fn is_e164(number: &str) -> bool {
    number
        .strip_prefix('+')
        .is_some_and(|digits| (2..=15).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) && !digits.starts_with('0'))
}

fn is_sid(value: &str) -> bool {
    value.len() > 2 && value.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Every number (`+` and 7 digits or more) in a provider's message as its last four digits: Twilio
/// repeats the number in some of its errors, and those are logged and shown to admins.
fn mask_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(plus) = rest.find('+') {
        out.push_str(&rest[..plus]);
        let digits = rest[plus + 1..].bytes().take_while(u8::is_ascii_digit).count();
        let number = &rest[plus..plus + 1 + digits];
        if digits >= 7 {
            out.push_str(&masked(number));
        } else {
            out.push_str(number);
        }
        rest = &rest[plus + 1 + digits..];
    }
    out.push_str(rest);
    out
}

#[derive(Deserialize)]
struct MessageBody {
    sid: String,
}

/// Twilio's error answer, `{"code": 21211, "message": "...", "status": 400, ...}`, as
/// `21211: ...`; the HTTP status when the answer is not one.
fn describe(status: StatusCode, body: &str) -> String {
    let error: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    let code = match error.get("code") {
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(Value::String(s)) => Some(s.clone()),
        _ => None,
    };
    let message = error.get("message").and_then(Value::as_str).map(|m| mask_numbers(&m.chars().take(MESSAGE_MAX).collect::<String>()));
    match (code, message) {
        (Some(code), Some(message)) => format!("{code}: {message}"),
        (Some(code), None) => format!("{code}: HTTP {status}"),
        (None, Some(message)) => format!("HTTP {status}: {message}"),
        (None, None) => format!("HTTP {status}"),
    }
}

impl TwilioMessenger {
    /// A messenger with the default 10-second timeout.
    pub fn new(config: TwilioConfig) -> Result<Self, TwilioConfigError> {
        Self::with_timeout(config, DEFAULT_TIMEOUT)
    }

    pub fn with_timeout(config: TwilioConfig, timeout: Duration) -> Result<Self, TwilioConfigError> {
        let TwilioConfig { api_base, account_sid, auth_token, from, whatsapp_from } = config;
        // The SID goes into the URL's path.
        if !is_sid(&account_sid) {
            return Err(TwilioConfigError::AccountSid);
        }
        if auth_token.is_empty() {
            return Err(TwilioConfigError::AuthToken);
        }
        let sender = match from.trim() {
            sid if sid.starts_with("MG") && is_sid(sid) => Sender::Service(sid.to_owned()),
            number if is_e164(number) => Sender::Number(number.to_owned()),
            _ => return Err(TwilioConfigError::From),
        };
        let whatsapp_from = match whatsapp_from {
            None => None,
            Some(number) => {
                let number = number.trim();
                let number = number.strip_prefix("whatsapp:").unwrap_or(number);
                if !is_e164(number) {
                    return Err(TwilioConfigError::WhatsAppFrom);
                }
                Some(number.to_owned())
            }
        };
        let client = reqwest::Client::builder().timeout(timeout).connect_timeout(timeout).user_agent("mandir").build()?;
        let messages_url = format!("{}/2010-04-01/Accounts/{account_sid}/Messages.json", api_base.trim_end_matches('/'));
        Ok(Self { client, messages_url, account_sid, auth_token, sender, whatsapp_from })
    }

    /// The form for `text`: `To`, `From` or `MessagingServiceSid`, `Body`.
    fn form(&self, text: &OutgoingText) -> Result<[(&'static str, String); 3], TextError> {
        let (to, from) = match text.channel {
            TextChannel::Sms => (
                text.to.clone(),
                match &self.sender {
                    Sender::Number(number) => ("From", number.clone()),
                    Sender::Service(sid) => ("MessagingServiceSid", sid.clone()),
                },
            ),
            TextChannel::WhatsApp => {
                let Some(number) = &self.whatsapp_from else {
                    return Err(TextError::Refused("no WhatsApp sender is configured".into()));
                };
                (format!("whatsapp:{}", text.to), ("From", format!("whatsapp:{number}")))
            }
        };
        Ok([("To", to), from, ("Body", text.body.clone())])
    }
}

#[async_trait]
impl TextMessenger for TwilioMessenger {
    fn name(&self) -> &'static str {
        "twilio"
    }

    fn supports(&self, channel: TextChannel) -> bool {
        match channel {
            TextChannel::Sms => true,
            TextChannel::WhatsApp => self.whatsapp_from.is_some(),
        }
    }

    async fn send(&self, text: &OutgoingText) -> Result<String, TextError> {
        let to = masked(&text.to);
        let channel = text.channel;
        let form = self.form(text).inspect_err(|error| tracing::warn!(%to, %channel, %error, "text not sent through Twilio"))?;
        let sent = self.client.post(&self.messages_url).basic_auth(&self.account_sid, Some(&self.auth_token)).form(&form).send().await;
        let response = match sent {
            Ok(response) => response,
            Err(error) => {
                tracing::warn!(%to, %channel, %error, "Twilio could not be reached");
                return Err(TextError::Unavailable(format!("Twilio could not be reached: {error}")));
            }
        };
        let status = response.status();
        let body = match response.text().await {
            Ok(body) => body,
            Err(error) => {
                tracing::warn!(%to, %channel, %status, %error, "Twilio's answer could not be read");
                return Err(TextError::Unavailable(format!("Twilio's answer could not be read: {error}")));
            }
        };
        if status.is_success() {
            return match serde_json::from_str::<MessageBody>(&body) {
                Ok(MessageBody { sid }) => {
                    tracing::info!(%to, %channel, %sid, "text sent through Twilio");
                    Ok(sid)
                }
                Err(error) => {
                    tracing::warn!(%to, %channel, %status, %error, "Twilio's answer has no message sid");
                    Err(TextError::Unavailable(format!("Twilio's answer (HTTP {status}) has no message sid")))
                }
            };
        }
        let detail = describe(status, &body);
        if status.is_client_error() && status != StatusCode::TOO_MANY_REQUESTS {
            tracing::warn!(%to, %channel, %status, error = %detail, "Twilio refused a text");
            Err(TextError::Refused(detail))
        } else {
            tracing::warn!(%to, %channel, %status, error = %detail, "Twilio is unavailable");
            Err(TextError::Unavailable(detail))
        }
    }

    fn verify_inbound(&self, url: &str, params: &[(String, String)], signature: Option<&str>) -> bool {
        verify_twilio_signature(&self.auth_token, url, params, signature)
    }
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use serde_json::json;
    use wiremock::matchers::{header, method, path};
    use wiremock::{Mock, MockServer, Request, ResponseTemplate};

    use super::*;

    const SID: &str = "ACtest0123456789";
    const TOKEN: &str = "test-auth-token";
    const FROM: &str = "+19165550100";
    const MESSAGES: &str = "/2010-04-01/Accounts/ACtest0123456789/Messages.json";

    fn config(api_base: &str) -> TwilioConfig {
        TwilioConfig { api_base: api_base.to_owned(), ..TwilioConfig::new(SID, TOKEN, FROM) }
    }

    fn messenger(config: TwilioConfig) -> TwilioMessenger {
        TwilioMessenger::with_timeout(config, Duration::from_secs(2)).expect("messenger")
    }

    fn sms(body: &str) -> OutgoingText {
        OutgoingText { to: "+19165550123".into(), body: body.into(), channel: TextChannel::Sms }
    }

    fn basic_auth() -> String {
        format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}")))
    }

    /// The decoded pairs of a form body, sorted.
    fn form(request: &Request) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = form_urlencoded::parse(&request.body).into_owned().collect();
        pairs.sort();
        pairs
    }

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = items.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        pairs.sort();
        pairs
    }

    fn created(sid: &str) -> ResponseTemplate {
        ResponseTemplate::new(201).set_body_json(json!({"sid": sid, "status": "queued", "account_sid": SID}))
    }

    /// Answers `status` with Twilio's error body.
    async fn answering(status: u16, code: u32, message: &str) -> MockServer {
        let server = MockServer::start().await;
        let body =
            json!({"code": code, "message": message, "more_info": format!("https://www.twilio.com/docs/errors/{code}"), "status": status});
        Mock::given(method("POST"))
            .and(path(MESSAGES))
            .respond_with(ResponseTemplate::new(status).set_body_json(body))
            .expect(1)
            .mount(&server)
            .await;
        server
    }

    #[tokio::test]
    async fn an_sms_posts_the_form_with_basic_auth_and_answers_the_sid() {
        let server = MockServer::start().await;
        let body = "Sri Temple: Pooja at 7 PM & prasadam + tea. Reply STOP to opt out.";
        let expected = pairs(&[("To", "+19165550123"), ("From", FROM), ("Body", body)]);
        Mock::given(method("POST"))
            .and(path(MESSAGES))
            .and(header("authorization", basic_auth().as_str()))
            .and(header("content-type", "application/x-www-form-urlencoded"))
            .and(move |r: &Request| form(r) == expected)
            .respond_with(created("SM0123456789abcdef0123456789abcdef"))
            .expect(1)
            .mount(&server)
            .await;
        let twilio = messenger(config(&server.uri()));
        assert_eq!(twilio.send(&sms(body)).await, Ok("SM0123456789abcdef0123456789abcdef".to_owned()));
        assert_eq!(twilio.name(), "twilio");
    }

    #[tokio::test]
    async fn a_messaging_service_is_sent_as_messaging_service_sid() {
        let server = MockServer::start().await;
        let expected = pairs(&[("To", "+19165550123"), ("MessagingServiceSid", "MG0123456789abcdef"), ("Body", "Hi")]);
        Mock::given(method("POST"))
            .and(path(MESSAGES))
            .and(header("authorization", basic_auth().as_str()))
            .and(move |r: &Request| form(r) == expected)
            .respond_with(created("SM1"))
            .expect(1)
            .mount(&server)
            .await;
        let twilio = messenger(TwilioConfig { from: "MG0123456789abcdef".into(), ..config(&server.uri()) });
        assert_eq!(twilio.send(&sms("Hi")).await, Ok("SM1".to_owned()));
    }

    #[tokio::test]
    async fn whatsapp_prefixes_both_numbers_and_needs_a_whatsapp_sender() {
        let server = MockServer::start().await;
        let expected = pairs(&[("To", "whatsapp:+19165550123"), ("From", "whatsapp:+14155238886"), ("Body", "Hi")]);
        Mock::given(method("POST"))
            .and(path(MESSAGES))
            .and(header("authorization", basic_auth().as_str()))
            .and(move |r: &Request| form(r) == expected)
            .respond_with(created("SM2"))
            .expect(3)
            .mount(&server)
            .await;
        let text = OutgoingText { channel: TextChannel::WhatsApp, ..sms("Hi") };

        // The sender given with or without its `whatsapp:` prefix, even beside a Messaging Service.
        for (from, whatsapp_from) in [(FROM, "+14155238886"), (FROM, "whatsapp:+14155238886"), ("MG0123456789abcdef", "+14155238886")] {
            let twilio = messenger(TwilioConfig { from: from.into(), whatsapp_from: Some(whatsapp_from.into()), ..config(&server.uri()) });
            assert!(twilio.supports(TextChannel::WhatsApp) && twilio.supports(TextChannel::Sms));
            assert_eq!(twilio.send(&text).await, Ok("SM2".to_owned()));
        }

        // Without a WhatsApp sender nothing is posted (the mock expects three requests in all).
        let sms_only = messenger(config(&server.uri()));
        assert!(!sms_only.supports(TextChannel::WhatsApp));
        assert!(matches!(sms_only.send(&text).await, Err(TextError::Refused(_))));
    }

    #[tokio::test]
    async fn an_invalid_number_is_refused_with_twilios_code_and_the_number_masked() {
        let server = answering(400, 21211, "The 'To' number +19165550123 is not a valid phone number.").await;
        let result = messenger(config(&server.uri())).send(&sms("Hi")).await;
        let Err(TextError::Refused(reason)) = result else { panic!("refused: {result:?}") };
        assert_eq!(reason, "21211: The 'To' number …0123 is not a valid phone number.");
    }

    #[tokio::test]
    async fn other_client_errors_are_refused() {
        let server = answering(401, 20003, "Authenticate").await;
        let result = messenger(config(&server.uri())).send(&sms("Hi")).await;
        assert_eq!(result, Err(TextError::Refused("20003: Authenticate".into())));
    }

    #[tokio::test]
    async fn server_errors_and_too_many_requests_are_unavailable() {
        for (status, code) in [(503, 20503), (500, 20500), (429, 20429)] {
            let server = answering(status, code, "Try again later").await;
            let result = messenger(config(&server.uri())).send(&sms("Hi")).await;
            let Err(TextError::Unavailable(reason)) = result else { panic!("{status} unavailable: {result:?}") };
            assert!(reason.contains(&code.to_string()), "{reason}");
        }
        // An answer that is not Twilio's JSON (a proxy's page).
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(502).set_body_string("<html>Bad gateway</html>"))
            .mount(&server)
            .await;
        let result = messenger(config(&server.uri())).send(&sms("Hi")).await;
        assert_eq!(result, Err(TextError::Unavailable("HTTP 502 Bad Gateway".into())));
    }

    #[tokio::test]
    async fn an_unreachable_or_slow_server_is_unavailable() {
        // A port nobody listens on any more.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let address = listener.local_addr().expect("its address");
        drop(listener);
        let result = messenger(config(&format!("http://{address}"))).send(&sms("Hi")).await;
        assert!(matches!(result, Err(TextError::Unavailable(_))), "{result:?}");

        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(created("SM3").set_delay(Duration::from_secs(5))).mount(&server).await;
        let slow = TwilioMessenger::with_timeout(config(&server.uri()), Duration::from_millis(200)).expect("messenger");
        let result = slow.send(&sms("Hi")).await;
        assert!(matches!(result, Err(TextError::Unavailable(_))), "{result:?}");
    }

    #[tokio::test]
    async fn a_success_without_a_sid_is_unavailable() {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(201).set_body_string("{}")).mount(&server).await;
        let result = messenger(config(&server.uri())).send(&sms("Hi")).await;
        assert!(matches!(result, Err(TextError::Unavailable(_))), "{result:?}");
    }

    #[test]
    fn inbound_webhooks_are_checked_with_the_auth_token() {
        // Twilio's published example (see the signature module).
        let url = "https://mycompany.com/myapp.php?foo=1&bar=2";
        let params = pairs(&[
            ("CallSid", "CA1234567890ABCDE"),
            ("Caller", "+14158675309"),
            ("Digits", "1234"),
            ("From", "+14158675309"),
            ("To", "+18005551212"),
        ]);
        let twilio = messenger(TwilioConfig::new(SID, "12345", FROM));
        assert!(twilio.verify_inbound(url, &params, Some("RSOYDt4T1cUTdK1PDd93/VVr8B8=")));
        assert!(!twilio.verify_inbound(url, &params, None));
        assert!(!messenger(TwilioConfig::new(SID, "54321", FROM)).verify_inbound(url, &params, Some("RSOYDt4T1cUTdK1PDd93/VVr8B8=")));
    }

    #[test]
    fn a_config_that_cannot_work_is_refused() {
        let bad = |config: TwilioConfig| TwilioMessenger::new(config).err().map(|e| e.to_string());
        assert!(bad(TwilioConfig::new("AC12/../x", TOKEN, FROM)).is_some());
        assert!(bad(TwilioConfig::new(SID, "", FROM)).is_some());
        for from in ["9165550100", "+0165550100", "+1916555010012345", "MG", "MG12-34", ""] {
            assert!(matches!(TwilioMessenger::new(TwilioConfig::new(SID, TOKEN, from)), Err(TwilioConfigError::From)), "{from}");
        }
        let whatsapp = TwilioConfig { whatsapp_from: Some("14155238886".into()), ..TwilioConfig::new(SID, TOKEN, FROM) };
        assert!(matches!(TwilioMessenger::new(whatsapp), Err(TwilioConfigError::WhatsAppFrom)));
        assert!(TwilioMessenger::new(TwilioConfig::new(SID, TOKEN, FROM)).is_ok());
        assert_eq!(TwilioConfig::new(SID, TOKEN, FROM).api_base, TWILIO_API_BASE);
    }

    #[test]
    fn the_auth_token_is_never_debug_printed() {
        let config = TwilioConfig::new(SID, TOKEN, FROM);
        let printed = format!("{config:?} {:?}", TwilioMessenger::new(config.clone()).expect("messenger"));
        assert!(!printed.contains(TOKEN), "{printed}");
        assert!(printed.contains("<redacted>") && printed.contains(SID), "{printed}");
    }

    #[test]
    fn numbers_in_provider_messages_are_masked() {
        assert_eq!(mask_numbers("To +19165550123, from whatsapp:+14155238886."), "To …0123, from whatsapp:…8886.");
        assert_eq!(mask_numbers("Code +42 and a + alone"), "Code +42 and a + alone");
        assert_eq!(mask_numbers("+"), "+");
    }
}
