use async_trait::async_trait;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingEmail {
    pub to: String,
    pub subject: String,
    pub text_body: String,
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
