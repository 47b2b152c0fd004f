use async_trait::async_trait;

/// An e-mail ready to send; made by `crate::email::EmailTemplates::render`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingEmail {
    pub to: String,
    pub subject: String,
    pub text_body: String,
    /// The same message as HTML (sent as multipart/alternative with the text).
    pub html_body: String,
    /// Files sent with the message (multipart/mixed around the alternative), e.g. an event's `.ics`.
    pub attachments: Vec<Attachment>,
}

/// A file attached to an e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// Plain ASCII, e.g. `event.ics`.
    pub filename: String,
    /// e.g. `text/calendar; charset=utf-8; method=PUBLISH`.
    pub content_type: String,
    pub content: Vec<u8>,
}

#[derive(Debug, thiserror::Error)]
#[error("could not send e-mail")]
pub struct MailError(#[source] pub crate::BoxError);

/// Sends e-mail (SMTP in production, `.eml` files in development).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait Mailer: Send + Sync {
    async fn send(&self, email: OutgoingEmail) -> Result<(), MailError>;
}
