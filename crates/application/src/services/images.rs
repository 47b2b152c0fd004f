//! Uploaded pictures (event images, priests' photos) stored with a content hash, so their URLs
//! (`...?v={hash}`) can be cached forever (ADR 0004).

use mandir_domain::image::ImageUpload;
use sha2::{Digest, Sha256};

use crate::ports::StoredImage;

/// The upload with its short SHA-256 content hash (16 hex digits) as its ETag.
pub fn store(upload: ImageUpload) -> StoredImage {
    let etag = hex::encode(&Sha256::digest(&upload.bytes)[..8]);
    StoredImage { content_type: upload.content_type.to_owned(), bytes: upload.bytes, etag }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_etag_follows_the_bytes() {
        let a = store(ImageUpload { content_type: "image/gif", bytes: b"GIF89a1".to_vec() });
        let b = store(ImageUpload { content_type: "image/gif", bytes: b"GIF89a2".to_vec() });
        assert_eq!(a.etag.len(), 16);
        assert_ne!(a.etag, b.etag);
        assert_eq!(a.content_type, "image/gif");
    }
}
