//! Mailer adapters: SMTP through lettre, and a folder of `.eml` files for development.

use std::path::PathBuf;

use async_trait::async_trait;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use mandir_application::ports::{MailError, Mailer, OutgoingEmail};

fn build(from: &Mailbox, email: &OutgoingEmail) -> Result<Message, MailError> {
    let to: Mailbox = email.to.parse().map_err(|e: lettre::address::AddressError| MailError(e.into()))?;
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(email.subject.clone())
        .header(ContentType::TEXT_PLAIN)
        .body(email.text_body.clone())
        .map_err(|e| MailError(e.into()))
}

fn parse_from(from: &str) -> Result<Mailbox, MailError> {
    from.parse().map_err(|e: lettre::address::AddressError| MailError(e.into()))
}

/// Writes each e-mail as an RFC 5322 `.eml` file into a folder (development and tests).
#[derive(Debug, Clone)]
pub struct OutboxMailer {
    folder: PathBuf,
    from: Mailbox,
}

impl OutboxMailer {
    pub fn new(folder: impl Into<PathBuf>, from: &str) -> Result<Self, MailError> {
        Ok(Self { folder: folder.into(), from: parse_from(from)? })
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, email: OutgoingEmail) -> Result<(), MailError> {
        let message = build(&self.from, &email)?;
        tokio::fs::create_dir_all(&self.folder).await.map_err(|e| MailError(e.into()))?;
        let name = format!("{}-{}.eml", chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ"), uuid::Uuid::new_v4());
        let path = self.folder.join(name);
        tokio::fs::write(&path, message.formatted()).await.map_err(|e| MailError(e.into()))?;
        tracing::info!(to = %email.to, path = %path.display(), "e-mail written to the outbox");
        Ok(())
    }
}

/// Sends through an SMTP server given as a URL, e.g. `smtps://user:pass@smtp.example.org:465`.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    pub fn new(url: &str, from: &str) -> Result<Self, MailError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map_err(|e| MailError(e.into()))?.build();
        Ok(Self { transport, from: parse_from(from)? })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, email: OutgoingEmail) -> Result<(), MailError> {
        let message = build(&self.from, &email)?;
        self.transport.send(message).await.map_err(|e| MailError(e.into()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn outbox_writes_eml_files() {
        let folder = std::env::temp_dir().join(format!("mandir-outbox-{}", uuid::Uuid::new_v4()));
        let mailer = OutboxMailer::new(&folder, "Temple <noreply@temple.test>").expect("mailer");
        mailer
            .send(OutgoingEmail { to: "a@example.org".into(), subject: "Hello".into(), text_body: "Link: http://x/y?token=abc".into() })
            .await
            .expect("sent");
        let entries: Vec<_> = std::fs::read_dir(&folder).expect("folder").collect();
        assert_eq!(entries.len(), 1);
        let path = entries.into_iter().next().expect("one").expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains("To: a@example.org"));
        assert!(text.contains("Subject: Hello"));
        assert!(text.contains("token=abc") || text.contains("token=3Dabc"));
        std::fs::remove_dir_all(folder).ok();
    }

    #[test]
    fn smtp_url_is_parsed() {
        assert!(SmtpMailer::new("smtp://localhost:2525", "noreply@temple.test").is_ok());
        assert!(SmtpMailer::new("not a url", "noreply@temple.test").is_err());
    }
}
