//! The one way to write an e-mail: a template per message in `crates/application/templates/email/`
//! (minijinja, ADR 0090), extending the shared `layout.jinja`. One template gives the subject,
//! the plain-text body and the HTML body; the mailer sends them as multipart/alternative.
//!
//! To add an e-mail: write `templates/email/<name>.jinja` (`{% extends "layout.jinja" %}` with the
//! blocks `subject`, `text` and `html`; the layout picks the one asked for), add it to [`TEMPLATES`], define a `Serialize` struct of
//! its fields implementing [`EmailMessage`], and call [`EmailTemplates::render`] from the service.

use minijinja::{AutoEscape, Environment, UndefinedBehavior, context};
use serde::Serialize;

use mandir_domain::language::Language;

use crate::ports::OutgoingEmail;

/// Every template, by name.
const TEMPLATES: &[(&str, &str)] = &[
    ("layout.jinja", include_str!("../templates/email/layout.jinja")),
    ("verification.jinja", include_str!("../templates/email/verification.jinja")),
    ("password_reset.jinja", include_str!("../templates/email/password_reset.jinja")),
    ("account_exists.jinja", include_str!("../templates/email/account_exists.jinja")),
    ("receipt.jinja", include_str!("../templates/email/receipt.jinja")),
    ("seva_booking_confirmed.jinja", include_str!("../templates/email/seva_booking_confirmed.jinja")),
    ("registration_confirmation.jinja", include_str!("../templates/email/registration_confirmation.jinja")),
    ("event_changed.jinja", include_str!("../templates/email/event_changed.jinja")),
    ("event_cancelled.jinja", include_str!("../templates/email/event_cancelled.jinja")),
    ("event_reminder.jinja", include_str!("../templates/email/event_reminder.jinja")),
    ("email_change.jinja", include_str!("../templates/email/email_change.jinja")),
    ("waitlist_promoted.jinja", include_str!("../templates/email/waitlist_promoted.jinja")),
    ("statement.jinja", include_str!("../templates/email/statement.jinja")),
    ("staff_invitation.jinja", include_str!("../templates/email/staff_invitation.jinja")),
    ("star_day_reminder.jinja", include_str!("../templates/email/star_day_reminder.jinja")),
    ("pledge_reminder.jinja", include_str!("../templates/email/pledge_reminder.jinja")),
    ("household_invitation.jinja", include_str!("../templates/email/household_invitation.jinja")),
    ("recurring_gift.jinja", include_str!("../templates/email/recurring_gift.jinja")),
    ("volunteer_shift.jinja", include_str!("../templates/email/volunteer_shift.jinja")),
];

/// The templates translated (ADR 0149), each in `templates/email/<language>/` under the English
/// template's name: confirmations, reminders, receipts and the account's links. Another e-mail is
/// sent in English until its translations are added here.
macro_rules! translated {
    ($($name:literal),+ $(,)?) => {
        &[$(
            (concat!("te/", $name), include_str!(concat!("../templates/email/te/", $name))),
            (concat!("ta/", $name), include_str!(concat!("../templates/email/ta/", $name))),
            (concat!("hi/", $name), include_str!(concat!("../templates/email/hi/", $name))),
            (concat!("kn/", $name), include_str!(concat!("../templates/email/kn/", $name))),
        )+]
    };
}

const TRANSLATED: &[(&str, &str)] = translated!(
    "seva_booking_confirmed.jinja",
    "registration_confirmation.jinja",
    "waitlist_promoted.jinja",
    "event_reminder.jinja",
    "star_day_reminder.jinja",
    "password_reset.jinja",
    "verification.jinja",
    "receipt.jinja",
    "statement.jinja",
    "recurring_gift.jinja",
    "pledge_reminder.jinja",
    "household_invitation.jinja",
    "event_changed.jinja",
    "event_cancelled.jinja",
    "email_change.jinja",
    "account_exists.jinja",
    "volunteer_shift.jinja",
);

/// A message's fields; `TEMPLATE` names its file.
pub trait EmailMessage: Serialize {
    const TEMPLATE: &'static str;
}

/// What the shared layout shows: the temple's name and site address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SiteContext {
    pub temple_name: String,
    pub public_url: String,
}

#[derive(Debug, thiserror::Error)]
#[error("could not render the e-mail template {template}")]
pub struct TemplateError {
    template: &'static str,
    #[source]
    source: minijinja::Error,
}

/// The compiled templates: one environment escaping for HTML, one leaving text as it is.
pub struct EmailTemplates {
    html: Environment<'static>,
    text: Environment<'static>,
}

impl std::fmt::Debug for EmailTemplates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EmailTemplates")
    }
}

fn environment(escape: AutoEscape) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_auto_escape_callback(move |_| escape);
    for (name, source) in TEMPLATES.iter().chain(TRANSLATED) {
        // The templates are part of the binary; a broken one fails the tests below.
        env.add_template(name, source).unwrap_or_else(|error| panic!("e-mail template {name}: {error}"));
    }
    env
}

/// Collapses the blank lines that template tags leave (at most one empty line in a row) and
/// trims the ends.
fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.trim().lines() {
        let line = line.trim_end();
        if line.is_empty() {
            blank += 1;
            if blank > 1 {
                continue;
            }
        } else {
            blank = 0;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

impl Default for EmailTemplates {
    fn default() -> Self {
        Self::new()
    }
}

impl EmailTemplates {
    pub fn new() -> Self {
        Self { html: environment(AutoEscape::Html), text: environment(AutoEscape::None) }
    }

    /// The e-mail to `to` for `message`, inside the layout filled from `site`, in English.
    pub fn render<M: EmailMessage>(&self, to: &str, site: &SiteContext, message: &M) -> Result<OutgoingEmail, TemplateError> {
        self.render_in(Language::English, to, site, message)
    }

    /// The same in `language` when the message is translated (ADR 0149), else in English.
    pub fn render_in<M: EmailMessage>(
        &self,
        language: Language,
        to: &str,
        site: &SiteContext,
        message: &M,
    ) -> Result<OutgoingEmail, TemplateError> {
        let fail = |source| TemplateError { template: M::TEMPLATE, source };
        let fields = minijinja::Value::from_serialize(message);
        let translated = format!("{}/{}", language.as_str(), M::TEMPLATE);
        let (name, lang) = if language != Language::English && self.text.get_template(&translated).is_ok() {
            (translated.as_str(), language.as_str())
        } else {
            (M::TEMPLATE, Language::English.as_str())
        };
        let part = |env: &Environment<'static>, part: &str| {
            env.get_template(name)?.render(context! { part => part, site => site, lang => lang, ..fields.clone() })
        };
        let subject = part(&self.text, "subject").map_err(fail)?;
        let text_body = tidy(&part(&self.text, "text").map_err(fail)?);
        let html_body = part(&self.html, "html").map_err(fail)?;
        Ok(OutgoingEmail { to: to.to_owned(), subject: subject.trim().to_owned(), text_body, html_body, attachments: Vec::new() })
    }
}

/// The sign-up welcome or a renewed verification link.
#[derive(Debug, Serialize)]
pub struct VerificationEmail<'a> {
    pub first_name: &'a str,
    pub link: &'a str,
    pub hours: i64,
    pub renewal: bool,
}

impl EmailMessage for VerificationEmail<'_> {
    const TEMPLATE: &'static str = "verification.jinja";
}

/// To the owner of an address someone tried to sign up with: the account exists already.
#[derive(Debug, Serialize)]
pub struct AccountExistsEmail<'a> {
    pub first_name: &'a str,
    pub sign_in_link: &'a str,
    pub reset_link: &'a str,
}

impl EmailMessage for AccountExistsEmail<'_> {
    const TEMPLATE: &'static str = "account_exists.jinja";
}

/// A password reset link.
#[derive(Debug, Serialize)]
pub struct PasswordResetEmail<'a> {
    pub first_name: &'a str,
    pub link: &'a str,
}

impl EmailMessage for PasswordResetEmail<'_> {
    const TEMPLATE: &'static str = "password_reset.jinja";
}

/// An invitation to join the staff (docs/decisions/0128-staff-invitations.md).
#[derive(Debug, Serialize)]
pub struct StaffInvitationEmail<'a> {
    /// The inviting admin's name.
    pub invited_by: Option<&'a str>,
    /// The roles' labels, joined: "Treasurer and Front desk".
    pub roles: &'a str,
    pub email: &'a str,
    pub link: &'a str,
    pub days: i64,
    pub existing_account: bool,
}

impl EmailMessage for StaffInvitationEmail<'_> {
    const TEMPLATE: &'static str = "staff_invitation.jinja";
}

/// A change of address: the confirmation link to the new address, or the notice to the old one.
#[derive(Debug, Serialize)]
pub struct EmailChangeEmail<'a> {
    pub first_name: &'a str,
    pub new_email: &'a str,
    /// Empty for the notice.
    pub link: &'a str,
    pub hours: i64,
    pub notice: bool,
}

impl EmailMessage for EmailChangeEmail<'_> {
    const TEMPLATE: &'static str = "email_change.jinja";
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> SiteContext {
        SiteContext { temple_name: "Sri Ganesha <Temple>".into(), public_url: "http://temple.test".into() }
    }

    #[test]
    fn one_template_gives_subject_text_and_escaped_html() {
        let templates = EmailTemplates::new();
        let message = PasswordResetEmail { first_name: "Lakshmi & Co", link: "http://temple.test/reset-password?token=a&b" };
        let email = templates.render("l@example.org", &site(), &message).expect("rendered");
        assert_eq!(email.to, "l@example.org");
        assert_eq!(email.subject, "Reset your Sri Ganesha <Temple> password");
        assert!(
            email.text_body.starts_with("Namaste Lakshmi & Co,\n\nWe received a request to reset your password."),
            "{}",
            email.text_body
        );
        assert!(email.text_body.contains("\n\nhttp://temple.test/reset-password?token=a&b\n\n"));
        assert!(email.text_body.ends_with("--\nSri Ganesha <Temple>\nhttp://temple.test\n"), "{}", email.text_body);
        assert!(!email.text_body.contains("\n\n\n"));
        assert!(email.html_body.contains("<p>Namaste Lakshmi &amp; Co,</p>"));
        assert!(email.html_body.contains("Sri Ganesha &lt;Temple&gt;"));
        assert!(email.html_body.contains("token=a&amp;b\""), "{}", email.html_body);
    }

    #[test]
    fn verification_texts_keep_their_wording() {
        let templates = EmailTemplates::new();
        let site = SiteContext { temple_name: "Mandir".into(), public_url: "http://t".into() };
        let welcome = templates
            .render("a@b.co", &site, &VerificationEmail { first_name: "Asha", link: "http://t/v?token=x", hours: 48, renewal: false })
            .expect("welcome");
        assert_eq!(welcome.subject, "Welcome to Mandir: please verify your email");
        assert_eq!(
            welcome.text_body,
            "Namaste Asha,\n\nThank you for joining the Mandir community.\nPlease verify your email address by opening this link within 48 hours:\n\nhttp://t/v?token=x\n\nIf you did not create this account, you can ignore this message.\n\n--\nMandir\nhttp://t\n"
        );
        let renewal = templates
            .render("a@b.co", &site, &VerificationEmail { first_name: "Asha", link: "http://t/v?token=y", hours: 48, renewal: true })
            .expect("renewal");
        assert_eq!(renewal.subject, "Mandir: please verify your email");
        assert!(renewal.text_body.contains("Earlier verification links no longer work."));
        assert!(!renewal.text_body.contains("Thank you for joining"));
    }

    #[test]
    fn a_staff_invitation_says_who_invited_for_which_roles_and_what_the_link_does() {
        let templates = EmailTemplates::new();
        let message = |existing_account| StaffInvitationEmail {
            invited_by: Some("Asha Rao"),
            roles: "Treasurer and Front desk",
            email: "ravi@example.org",
            link: "http://t/staff-invite?token=x",
            days: 7,
            existing_account,
        };
        let new = templates.render("ravi@example.org", &site(), &message(false)).expect("new account");
        assert_eq!(new.subject, "You're invited to help run Sri Ganesha <Temple>");
        assert!(new.text_body.contains("Asha Rao has invited you to help run Sri Ganesha <Temple>'s website as Treasurer and Front desk."));
        assert!(new.text_body.contains("within 7 days to choose a password"), "{}", new.text_body);
        assert!(new.text_body.contains("\n\nhttp://t/staff-invite?token=x\n\n"));
        let existing = templates.render("ravi@example.org", &site(), &message(true)).expect("existing account");
        assert!(existing.text_body.contains("sign in with your account (ravi@example.org) and accept"), "{}", existing.text_body);
        assert!(existing.html_body.contains("<strong>Treasurer and Front desk</strong>"));
    }
}
