/// Draws QR codes as pictures e-mail clients show (a registration's confirmation code, attached
/// to its e-mails as a PNG).
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
pub trait QrCodePainter: Send + Sync {
    /// `text` as a black-on-white PNG with its quiet zone; `None` for a text too long to encode.
    fn png(&self, text: &str) -> Option<Vec<u8>>;
}
