//! Texts as `.txt` files in a folder, for development: one file per text, to read instead of a
//! phone.

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use mandir_application::ports::{OutgoingText, TextError, TextMessenger};
use mandir_domain::texting::{TextChannel, masked};

/// Writes each text into a folder (created when missing) as
/// `<UTC yyyymmddTHHMMSS.mmm>-<8 hex digits>.txt`:
///
/// ```text
/// To: +19165550123
/// Channel: sms
///
/// <body>
/// ```
///
/// Every channel is supported, and every inbound webhook passes [`TextMessenger::verify_inbound`]:
/// there is no provider to sign one, which is why the server refuses this messenger in
/// production.
#[derive(Debug, Clone)]
pub struct FolderMessenger {
    dir: PathBuf,
}

impl FolderMessenger {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The folder the texts are written into.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

fn unwritable(path: &Path, error: &std::io::Error) -> TextError {
    TextError::Unavailable(format!("could not write {}: {error}", path.display()))
}

#[async_trait]
impl TextMessenger for FolderMessenger {
    fn name(&self) -> &'static str {
        "folder"
    }

    fn supports(&self, _channel: TextChannel) -> bool {
        true
    }

    async fn send(&self, text: &OutgoingText) -> Result<String, TextError> {
        let id = uuid::Uuid::new_v4();
        let short: String = id.simple().to_string().chars().take(8).collect();
        let name = format!("{}-{short}.txt", chrono::Utc::now().format("%Y%m%dT%H%M%S%.3f"));
        let path = self.dir.join(&name);
        // Written under another name and renamed, so a reader of the folder never sees half a text.
        let partial = self.dir.join(format!(".{name}.part"));
        let content = format!("To: {}\nChannel: {}\n\n{}\n", text.to, text.channel, text.body);
        tokio::fs::create_dir_all(&self.dir).await.map_err(|e| unwritable(&self.dir, &e))?;
        if let Err(error) = tokio::fs::write(&partial, content).await {
            let _ = tokio::fs::remove_file(&partial).await;
            return Err(unwritable(&partial, &error));
        }
        if let Err(error) = tokio::fs::rename(&partial, &path).await {
            let _ = tokio::fs::remove_file(&partial).await;
            return Err(unwritable(&path, &error));
        }
        tracing::info!(to = %masked(&text.to), channel = %text.channel, path = %path.display(), "text written to the folder");
        Ok(format!("folder-{id}"))
    }

    /// Always `true`: development has no provider to sign a webhook.
    fn verify_inbound(&self, _url: &str, _params: &[(String, String)], _signature: Option<&str>) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(to: &str, channel: TextChannel, body: &str) -> OutgoingText {
        OutgoingText { to: to.into(), body: body.into(), channel }
    }

    fn temp_dir() -> PathBuf {
        std::env::temp_dir().join(format!("mandir-texts-{}", uuid::Uuid::new_v4()))
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("the folder")
            .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[tokio::test]
    async fn a_text_is_written_as_a_readable_file_into_a_new_folder() {
        let dir = temp_dir();
        let messenger = FolderMessenger::new(dir.join("texts"));
        let body = "Sri Temple: Dīpāvali lamps at 7 PM 🪔. Reply STOP to opt out.";
        let id = messenger.send(&text("+19165550123", TextChannel::Sms, body)).await.expect("written");

        let files = names(messenger.dir());
        assert_eq!(files.len(), 1, "{files:?}");
        let name = &files[0];
        // 20261205T160000.123-1a2b3c4d.txt, the hex digits the id's first.
        let (stamp, rest) = name.split_once('-').expect("a dash");
        assert_eq!(stamp.len(), 19, "{name}");
        assert!(chrono::NaiveDateTime::parse_from_str(stamp, "%Y%m%dT%H%M%S%.3f").is_ok(), "{name}");
        let short = rest.strip_suffix(".txt").expect(".txt");
        assert_eq!(short.len(), 8, "{name}");
        let uuid = id.strip_prefix("folder-").expect("folder- id");
        assert!(uuid::Uuid::parse_str(uuid).is_ok(), "{id}");
        assert!(uuid.starts_with(short), "{id} {name}");

        let content = std::fs::read_to_string(messenger.dir().join(name)).expect("utf-8 text");
        assert_eq!(content, format!("To: +19165550123\nChannel: sms\n\n{body}\n"));
        std::fs::remove_dir_all(&dir).expect("cleaned up");
    }

    #[tokio::test]
    async fn two_texts_make_two_files_and_no_partial_one_is_left() {
        let dir = temp_dir();
        let messenger = FolderMessenger::new(&dir);
        let first = messenger.send(&text("+19165550123", TextChannel::Sms, "One")).await.expect("written");
        let second = messenger.send(&text("+19165550124", TextChannel::WhatsApp, "Two")).await.expect("written");
        assert_ne!(first, second);

        let files = names(&dir);
        assert_eq!(files.len(), 2, "{files:?}");
        assert!(files.iter().all(|f| f.ends_with(".txt") && !f.starts_with('.')), "{files:?}");
        let contents: Vec<String> = files.iter().map(|f| std::fs::read_to_string(dir.join(f)).expect("text")).collect();
        assert!(contents.contains(&"To: +19165550123\nChannel: sms\n\nOne\n".to_owned()), "{contents:?}");
        assert!(contents.contains(&"To: +19165550124\nChannel: whatsapp\n\nTwo\n".to_owned()), "{contents:?}");
        std::fs::remove_dir_all(&dir).expect("cleaned up");
    }

    #[tokio::test]
    async fn an_unwritable_folder_is_unavailable() {
        let dir = temp_dir();
        std::fs::write(&dir, "a file, not a folder").expect("written");
        let messenger = FolderMessenger::new(dir.join("texts"));
        let result = messenger.send(&text("+19165550123", TextChannel::Sms, "One")).await;
        assert!(matches!(result, Err(TextError::Unavailable(_))), "{result:?}");
        std::fs::remove_file(&dir).expect("cleaned up");
    }

    #[test]
    fn it_takes_every_channel_and_every_webhook() {
        let messenger = FolderMessenger::new("texts");
        assert_eq!(messenger.name(), "folder");
        assert!(TextChannel::ALL.iter().all(|&channel| messenger.supports(channel)));
        assert!(messenger.verify_inbound("http://localhost/texts/inbound", &[], None));
    }
}
