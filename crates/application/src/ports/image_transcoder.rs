//! Smaller, lighter copies of uploaded pictures for phones (ADR 0121: responsive event images),
//! and the check that an uploaded picture is one the server can decode.

use async_trait::async_trait;

use super::StoredImage;

/// Why an uploaded picture is refused, from what its header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureRefusal {
    /// Its canvas, or one of its frames, has more pixels than the adapter decodes.
    TooLarge { max_megapixels: u32 },
    /// Its header is cut short or does not parse, or the file ends before its picture does.
    Unreadable,
}

/// Re-encodes an uploaded picture as WebP at most `width` pixels wide, keeping its aspect ratio
/// and never enlarging it. The adapter does the decoding and encoding off the async threads.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait ImageTranscoder: Send + Sync {
    /// Reads the picture's headers, without decoding its pixels, and refuses one the adapter
    /// would not decode: every upload passes here before it is stored.
    async fn check(&self, bytes: &[u8]) -> Result<(), PictureRefusal>;

    /// The WebP copy, or `None` when the picture cannot become one: an animated GIF (a still copy
    /// would lose the animation), or bytes that do not decode within the adapter's limits. Its
    /// `etag` is left for the caller.
    async fn webp(&self, source: &StoredImage, width: u32) -> Option<StoredImage>;
}
