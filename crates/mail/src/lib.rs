//! Mailer adapters: SMTP through lettre, a folder of `.eml` files for development, and a wrapper
//! that sends in the background.

use std::path::PathBuf;
use std::sync::Arc;

use async_trait::async_trait;
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use mandir_application::ports::{MailError, Mailer, OutgoingEmail};

/// The message: multipart/alternative (text and HTML), inside multipart/mixed with the
/// attachments when there are any.
fn build(from: &Mailbox, email: &OutgoingEmail) -> Result<Message, MailError> {
    let to: Mailbox = email.to.parse().map_err(|e: lettre::address::AddressError| MailError(e.into()))?;
    let alternative = MultiPart::alternative_plain_html(email.text_body.clone(), email.html_body.clone());
    let body = if email.attachments.is_empty() {
        alternative
    } else {
        let mut mixed = MultiPart::mixed().multipart(alternative);
        for attachment in &email.attachments {
            let content_type = ContentType::parse(&attachment.content_type).map_err(|e| MailError(e.into()))?;
            mixed = mixed.singlepart(Attachment::new(attachment.filename.clone()).body(attachment.content.clone(), content_type));
        }
        mixed
    };
    Message::builder().from(from.clone()).to(to).subject(email.subject.clone()).multipart(body).map_err(|e| MailError(e.into()))
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
        // Written under another name and renamed, so a reader of the folder never sees half a message.
        let partial = path.with_extension("eml.part");
        tokio::fs::write(&partial, message.formatted()).await.map_err(|e| MailError(e.into()))?;
        tokio::fs::rename(&partial, &path).await.map_err(|e| MailError(e.into()))?;
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

/// Hands each e-mail to another mailer in a background task and answers at once, so a request
/// never waits for the mail server (and answers as fast whether or not it sent anything, e.g.
/// forgot-password for an unknown address). Failures are logged.
#[derive(Clone)]
pub struct BackgroundMailer {
    inner: Arc<dyn Mailer>,
}

impl BackgroundMailer {
    pub fn new(inner: Arc<dyn Mailer>) -> Self {
        Self { inner }
    }
}

#[async_trait]
impl Mailer for BackgroundMailer {
    async fn send(&self, email: OutgoingEmail) -> Result<(), MailError> {
        let inner = self.inner.clone();
        tokio::spawn(async move {
            let to = email.to.clone();
            if let Err(error) = inner.send(email).await {
                tracing::error!(error = ?error, %to, "sending e-mail failed");
            }
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Never finishes sending.
    struct Stuck;

    #[async_trait]
    impl Mailer for Stuck {
        async fn send(&self, _: OutgoingEmail) -> Result<(), MailError> {
            std::future::pending().await
        }
    }

    #[tokio::test]
    async fn background_sending_answers_without_waiting() {
        let mailer = BackgroundMailer::new(Arc::new(Stuck));
        let email = OutgoingEmail {
            to: "a@example.org".into(),
            subject: "Hello".into(),
            text_body: "Hi".into(),
            html_body: "<p>Hi</p>".into(),
            attachments: Vec::new(),
        };
        tokio::time::timeout(std::time::Duration::from_secs(1), mailer.send(email)).await.expect("answered at once").expect("ok");
    }

    #[tokio::test]
    async fn background_sending_delivers() {
        let folder = std::env::temp_dir().join(format!("mandir-outbox-{}", uuid::Uuid::new_v4()));
        let mailer = BackgroundMailer::new(Arc::new(OutboxMailer::new(&folder, "Temple <noreply@temple.test>").expect("mailer")));
        mailer
            .send(OutgoingEmail {
                to: "a@example.org".into(),
                subject: "Hello".into(),
                text_body: "Hi".into(),
                html_body: "<p>Hi</p>".into(),
                attachments: Vec::new(),
            })
            .await
            .expect("queued");
        for _ in 0..100 {
            if std::fs::read_dir(&folder).is_ok_and(|entries| entries.count() == 1) {
                std::fs::remove_dir_all(folder).ok();
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("the e-mail was not written");
    }

    #[tokio::test]
    async fn outbox_writes_eml_files() {
        let folder = std::env::temp_dir().join(format!("mandir-outbox-{}", uuid::Uuid::new_v4()));
        let mailer = OutboxMailer::new(&folder, "Temple <noreply@temple.test>").expect("mailer");
        mailer
            .send(OutgoingEmail {
                to: "a@example.org".into(),
                subject: "Hello".into(),
                text_body: "Link: http://x/y?token=abc".into(),
                html_body: "<p>Link</p>".into(),
                attachments: Vec::new(),
            })
            .await
            .expect("sent");
        let entries: Vec<_> = std::fs::read_dir(&folder).expect("folder").collect();
        assert_eq!(entries.len(), 1);
        let path = entries.into_iter().next().expect("one").expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains("To: a@example.org"));
        assert!(text.contains("Subject: Hello"));
        assert!(text.contains("token=abc") || text.contains("token=3Dabc"));
        assert!(text.contains("multipart/alternative"));
        assert!(text.contains("Content-Type: text/plain") && text.contains("Content-Type: text/html"));
        std::fs::remove_dir_all(folder).ok();
    }

    #[test]
    fn attachments_go_beside_the_alternative_parts() {
        let from: Mailbox = "Temple <noreply@temple.test>".parse().expect("from");
        let email = OutgoingEmail {
            to: "a@example.org".into(),
            subject: "Registered".into(),
            text_body: "See you".into(),
            html_body: "<p>See you</p>".into(),
            attachments: vec![mandir_application::ports::Attachment {
                filename: "event.ics".into(),
                content_type: "text/calendar; charset=utf-8; method=PUBLISH".into(),
                content: b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".to_vec(),
            }],
        };
        let text = String::from_utf8(build(&from, &email).expect("built").formatted()).expect("utf-8");
        assert!(text.contains("multipart/mixed"), "{text}");
        assert!(text.contains("multipart/alternative"));
        assert!(text.contains("Content-Disposition: attachment; filename=\"event.ics\""), "{text}");
        assert!(text.contains("Content-Type: text/calendar; charset=utf-8; method=PUBLISH"), "{text}");
        assert!(text.contains("BEGIN:VCALENDAR"));
    }

    #[test]
    fn smtp_url_is_parsed() {
        assert!(SmtpMailer::new("smtp://localhost:2525", "noreply@temple.test").is_ok());
        assert!(SmtpMailer::new("not a url", "noreply@temple.test").is_err());
    }
}
