//! Uploaded pictures (event images, priests' photos, seva images) stored with a content hash, so
//! their URLs (`...?v={hash}`) can be cached forever (ADR 0004), once their header shows a picture
//! the server can decode, and their smaller WebP copies for phones (ADR 0121).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use mandir_domain::image::{IMAGE_INVALID_TYPE, IMAGE_VARIANT_WIDTHS, IMAGE_WIDTH_INVALID, ImageUpload, image_too_many_pixels};
use mandir_domain::{ErrorKind, Failure};
use sha2::{Digest, Sha256};

use crate::ports::{ImageTranscoder, PictureRefusal, StoredImage};

/// The upload to store, with its short SHA-256 content hash (16 hex digits) as its ETag, once
/// `pictures` has read its header and found a picture the server can decode; otherwise the form's
/// message: too many pixels, or not a valid picture (cut short, or a header that does not parse).
#[tracing::instrument(skip_all)]
pub async fn store(pictures: &dyn ImageTranscoder, upload: ImageUpload) -> Result<StoredImage, String> {
    match pictures.check(&upload.bytes).await {
        Ok(()) => Ok(hashed(upload)),
        Err(PictureRefusal::TooLarge { max_megapixels }) => Err(image_too_many_pixels(max_megapixels)),
        Err(PictureRefusal::Unreadable) => Err(IMAGE_INVALID_TYPE.to_owned()),
    }
}

fn hashed(upload: ImageUpload) -> StoredImage {
    let etag = hex::encode(&Sha256::digest(&upload.bytes)[..8]);
    StoredImage { content_type: upload.content_type.to_owned(), bytes: upload.bytes, etag }
}

/// A width that is not one of [`IMAGE_VARIANT_WIDTHS`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", IMAGE_WIDTH_INVALID)]
pub struct InvalidWidth;

impl Failure for InvalidWidth {
    fn kind(&self) -> ErrorKind {
        ErrorKind::Invalid
    }
}

/// Which copy of a picture at a width to send: the WebP copy, or the original itself when no copy
/// is smaller (or none can be made).
type Choice = Option<Arc<StoredImage>>;

/// The WebP copies of uploaded pictures at the [`IMAGE_VARIANT_WIDTHS`], made on first request and
/// kept in memory up to a byte limit (oldest out first). A copy is derived from content-hashed
/// bytes, so it never goes stale, and its URL is cached by browsers for a year; a restarted or
/// second server makes it again once.
pub struct ImageVariants {
    transcoder: Arc<dyn ImageTranscoder>,
    cache: Mutex<Cache>,
}

#[derive(Default)]
struct Cache {
    choices: HashMap<(String, u32), Choice>,
    order: VecDeque<(String, u32)>,
    bytes: usize,
    limit: usize,
}

impl Cache {
    fn insert(&mut self, key: (String, u32), choice: Choice) {
        let size = choice.as_ref().map_or(0, |c| c.bytes.len());
        if self.choices.contains_key(&key) || size > self.limit {
            return;
        }
        while self.bytes + size > self.limit {
            let Some(oldest) = self.order.pop_front() else { break };
            if let Some(Some(gone)) = self.choices.remove(&oldest) {
                self.bytes -= gone.bytes.len();
            }
        }
        self.bytes += size;
        self.order.push_back(key.clone());
        self.choices.insert(key, choice);
    }
}

impl ImageVariants {
    /// What the copies may take in memory by default: 32 MiB (a 960 px copy of a photo is
    /// about 60 KB).
    pub const CACHE_BYTES: usize = 32 * 1024 * 1024;

    pub fn new(transcoder: Arc<dyn ImageTranscoder>) -> Self {
        Self::with_cache_bytes(transcoder, Self::CACHE_BYTES)
    }

    pub fn with_cache_bytes(transcoder: Arc<dyn ImageTranscoder>, limit: usize) -> Self {
        Self { transcoder, cache: Mutex::new(Cache { limit, ..Cache::default() }) }
    }

    /// `source` as WebP at most `width` pixels wide, with its own ETag (the source's and the
    /// width), or `source` itself when the copy would not be smaller or cannot be made.
    #[tracing::instrument(skip_all)]
    pub async fn webp(&self, source: StoredImage, width: u32) -> Result<StoredImage, InvalidWidth> {
        if !IMAGE_VARIANT_WIDTHS.contains(&width) {
            return Err(InvalidWidth);
        }
        let key = (source.etag.clone(), width);
        let known = self.cache.lock().unwrap_or_else(|e| e.into_inner()).choices.get(&key).cloned();
        let choice = match known {
            Some(choice) => choice,
            None => {
                let made = self.transcoder.webp(&source, width).await.filter(|copy| copy.bytes.len() < source.bytes.len());
                let choice = made.map(|copy| Arc::new(StoredImage { etag: format!("{}-{width}w", source.etag), ..copy }));
                self.cache.lock().unwrap_or_else(|e| e.into_inner()).insert(key, choice.clone());
                choice
            }
        };
        Ok(choice.map_or(source, |copy| StoredImage::clone(&copy)))
    }
}

#[cfg(test)]
mod tests {
    use mockall::predicate::eq;

    use super::*;
    use crate::ports::image_transcoder::MockImageTranscoder;

    fn picture(etag: &str, size: usize) -> StoredImage {
        StoredImage { content_type: "image/jpeg".into(), bytes: vec![7; size], etag: etag.into() }
    }

    fn webp_of(size: usize) -> StoredImage {
        StoredImage { content_type: "image/webp".into(), bytes: vec![1; size], etag: String::new() }
    }

    #[tokio::test]
    async fn the_etag_follows_the_bytes() {
        let pictures = crate::services::test_fixtures::pictures();
        let a = store(pictures.as_ref(), ImageUpload { content_type: "image/gif", bytes: b"GIF89a1".to_vec() }).await.expect("stored");
        let b = store(pictures.as_ref(), ImageUpload { content_type: "image/gif", bytes: b"GIF89a2".to_vec() }).await.expect("stored");
        assert_eq!(a.etag.len(), 16);
        assert_ne!(a.etag, b.etag);
        assert_eq!(a.content_type, "image/gif");
    }

    #[tokio::test]
    async fn a_picture_its_header_refuses_is_not_stored_and_gets_the_forms_message() {
        let mut pictures = MockImageTranscoder::new();
        pictures.expect_check().withf(|bytes| bytes == b"GIF89a huge").returning(|_| Err(PictureRefusal::TooLarge { max_megapixels: 40 }));
        pictures.expect_check().withf(|bytes| bytes == b"GIF89a cut").returning(|_| Err(PictureRefusal::Unreadable));
        let upload = |bytes: &[u8]| ImageUpload { content_type: "image/gif", bytes: bytes.to_vec() };
        assert_eq!(store(&pictures, upload(b"GIF89a huge")).await, Err("picture too large: at most 40 megapixels".to_owned()));
        assert_eq!(store(&pictures, upload(b"GIF89a cut")).await, Err(IMAGE_INVALID_TYPE.to_owned()));
    }

    #[tokio::test]
    async fn a_copy_is_made_once_per_picture_and_width_and_has_its_own_etag() {
        let mut transcoder = MockImageTranscoder::new();
        transcoder.expect_webp().with(mockall::predicate::always(), eq(480)).times(1).returning(|_, _| Some(webp_of(10)));
        transcoder.expect_webp().with(mockall::predicate::always(), eq(960)).times(1).returning(|_, _| Some(webp_of(20)));
        let variants = ImageVariants::new(Arc::new(transcoder));

        for _ in 0..3 {
            let small = variants.webp(picture("abc", 100), 480).await.expect("width");
            assert_eq!((small.content_type.as_str(), small.bytes.len(), small.etag.as_str()), ("image/webp", 10, "abc-480w"));
        }
        let larger = variants.webp(picture("abc", 100), 960).await.expect("width");
        assert_eq!((larger.bytes.len(), larger.etag.as_str()), (20, "abc-960w"));
    }

    #[tokio::test]
    async fn the_original_is_sent_when_no_smaller_copy_can_be_made() {
        let mut transcoder = MockImageTranscoder::new();
        // An animated GIF (no copy), then a picture whose copy would be larger.
        transcoder.expect_webp().withf(|s, _| s.etag == "gif").times(1).returning(|_, _| None);
        transcoder.expect_webp().withf(|s, _| s.etag == "tiny").times(1).returning(|_, _| Some(webp_of(500)));
        let variants = ImageVariants::new(Arc::new(transcoder));

        for _ in 0..2 {
            assert_eq!(variants.webp(picture("gif", 100), 480).await, Ok(picture("gif", 100)));
            assert_eq!(variants.webp(picture("tiny", 100), 480).await, Ok(picture("tiny", 100)));
        }
    }

    #[tokio::test]
    async fn other_widths_are_refused_without_work() {
        let variants = ImageVariants::new(Arc::new(MockImageTranscoder::new()));
        for width in [0, 479, 481, 2000] {
            assert_eq!(variants.webp(picture("abc", 100), width).await, Err(InvalidWidth));
        }
        assert_eq!(InvalidWidth.to_string(), IMAGE_WIDTH_INVALID);
        assert_eq!(InvalidWidth.kind(), ErrorKind::Invalid, "a 400");
    }

    #[tokio::test]
    async fn the_copies_stay_within_their_byte_limit_oldest_out_first() {
        let mut transcoder = MockImageTranscoder::new();
        // Four pictures' copies of 40 bytes in a 100-byte cache: the first is made again.
        transcoder.expect_webp().withf(|s, _| s.etag == "p0").times(2).returning(|_, _| Some(webp_of(40)));
        transcoder.expect_webp().withf(|s, _| s.etag != "p0").times(3).returning(|_, _| Some(webp_of(40)));
        let variants = ImageVariants::with_cache_bytes(Arc::new(transcoder), 100);
        for etag in ["p0", "p1", "p2", "p3", "p0"] {
            assert_eq!(variants.webp(picture(etag, 100), 480).await.expect("width").bytes.len(), 40);
        }
        let cache = variants.cache.lock().expect("cache");
        assert!(cache.bytes <= 100, "{}", cache.bytes);
    }
}
