//! Smaller, lighter copies of uploaded pictures for phones (issue 16: responsive event images).

use async_trait::async_trait;

use super::StoredImage;

/// Re-encodes an uploaded picture as WebP at most `width` pixels wide, keeping its aspect ratio
/// and never enlarging it. The adapter does the decoding and encoding off the async threads.
#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
#[async_trait]
pub trait ImageTranscoder: Send + Sync {
    /// The WebP copy, or `None` when the picture cannot become one: an animated GIF (a still copy
    /// would lose the animation), or bytes that do not decode. Its `etag` is left for the caller.
    async fn webp(&self, source: &StoredImage, width: u32) -> Option<StoredImage>;
}
