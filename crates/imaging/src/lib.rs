//! The [`ImageTranscoder`] adapter: decodes an uploaded JPEG, PNG, GIF or WebP with the `image`
//! crate, scales it down, turns it upright by its EXIF orientation and encodes it as lossy WebP
//! with libwebp (through the `webp` crate), off the async threads (ADR 0121).

use std::io::Cursor;
use std::sync::Arc;

use async_trait::async_trait;
use image::codecs::gif::GifDecoder;
use image::metadata::Orientation;
use image::{AnimationDecoder, DynamicImage, ImageDecoder, ImageReader, Limits};
use mandir_application::ports::{ImageTranscoder, StoredImage};
use tokio::sync::Semaphore;

/// libwebp's quality (0 to 100) for the copies: photos look as uploaded on a phone at about a
/// fifth of the JPEG's bytes.
pub const WEBP_QUALITY: f32 = 78.0;
/// The largest side WebP can hold.
const WEBP_MAX_SIDE: u32 = 16_383;
/// Pictures wider or taller than this are not decoded (an upload is at most 5 MB, but a small
/// compressed file can claim a huge canvas).
const MAX_SIDE: u32 = 12_000;
/// What decoding one picture may allocate.
const MAX_ALLOC: u64 = 256 * 1024 * 1024;

/// Makes WebP copies, one at a time on a blocking thread, so a burst of new pictures does not
/// take every core from the requests.
pub struct WebpTranscoder {
    permits: Arc<Semaphore>,
}

impl Default for WebpTranscoder {
    fn default() -> Self {
        Self { permits: Arc::new(Semaphore::new(1)) }
    }
}

#[async_trait]
impl ImageTranscoder for WebpTranscoder {
    async fn webp(&self, source: &StoredImage, width: u32) -> Option<StoredImage> {
        let _permit = self.permits.acquire().await.ok()?;
        let bytes = source.bytes.clone();
        let made = tokio::task::spawn_blocking(move || webp_copy(&bytes, width)).await;
        match made {
            Ok(Ok(Some(copy))) => Some(StoredImage { content_type: "image/webp".into(), bytes: copy, etag: String::new() }),
            Ok(Ok(None)) => None,
            Ok(Err(error)) => {
                tracing::warn!(etag = %source.etag, %error, "an uploaded picture could not be decoded for its WebP copy");
                None
            }
            Err(error) => {
                tracing::error!(etag = %source.etag, %error, "making a WebP copy failed");
                None
            }
        }
    }
}

/// The WebP bytes of `bytes` at most `width` wide, `Ok(None)` for an animated GIF or a picture
/// WebP cannot hold.
pub fn webp_copy(bytes: &[u8], width: u32) -> Result<Option<Vec<u8>>, image::ImageError> {
    if is_animated_gif(bytes) {
        return Ok(None);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format()?;
    reader.limits(limits);
    let mut decoder = reader.into_decoder()?;
    let orientation = decoder.orientation()?;
    let mut picture = DynamicImage::from_decoder(decoder)?;
    // Scaled first, turned upright after, so only the small copy is turned. A quarter turn swaps
    // the sides: the width shown is the stored height.
    let quarter_turn =
        matches!(orientation, Orientation::Rotate90 | Orientation::Rotate270 | Orientation::Rotate90FlipH | Orientation::Rotate270FlipH);
    let (shown_width, shown_height) = if quarter_turn { (picture.height(), picture.width()) } else { (picture.width(), picture.height()) };
    if shown_width > width {
        let height = (u64::from(shown_height) * u64::from(width) / u64::from(shown_width)).max(1) as u32;
        let (w, h) = if quarter_turn { (height, width) } else { (width, height) };
        // An area average: sharp enough for a downscale, and it reads the decoded picture
        // directly instead of through the full-size float buffers of a filtered resize.
        picture = picture.thumbnail_exact(w, h);
    }
    picture.apply_orientation(orientation);
    if picture.width() > WEBP_MAX_SIDE || picture.height() > WEBP_MAX_SIDE {
        return Ok(None);
    }
    let encoded = if picture.color().has_alpha() {
        let rgba = picture.to_rgba8();
        webp::Encoder::from_rgba(rgba.as_raw(), rgba.width(), rgba.height()).encode_simple(false, WEBP_QUALITY)
    } else {
        let rgb = picture.to_rgb8();
        webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height()).encode_simple(false, WEBP_QUALITY)
    };
    match encoded {
        Ok(webp) => Ok(Some(webp.to_vec())),
        Err(error) => {
            tracing::warn!(?error, "libwebp refused a picture");
            Ok(None)
        }
    }
}

fn is_animated_gif(bytes: &[u8]) -> bool {
    if !(bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a")) {
        return false;
    }
    GifDecoder::new(Cursor::new(bytes)).map(|gif| gif.into_frames().take(2).count() > 1).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use image::codecs::gif::GifEncoder;
    use image::codecs::jpeg::JpegEncoder;
    use image::{Delay, Frame, ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};

    use super::*;

    fn photo(width: u32, height: u32) -> Vec<u8> {
        // A gradient with some detail, as a camera's JPEG would have.
        let img = RgbImage::from_fn(width, height, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, ((x * y) % 256) as u8]));
        let mut out = Vec::new();
        JpegEncoder::new_with_quality(&mut out, 92).encode_image(&img).expect("jpeg");
        out
    }

    fn decoded(webp: &[u8]) -> DynamicImage {
        assert!(webp.starts_with(b"RIFF") && &webp[8..12] == b"WEBP", "not a WebP");
        image::load_from_memory_with_format(webp, ImageFormat::WebP).expect("decodes")
    }

    #[test]
    fn a_photo_is_scaled_to_the_width_keeping_its_shape_and_gets_smaller() {
        let jpeg = photo(2000, 1000);
        let copy = webp_copy(&jpeg, 480).expect("decodes").expect("a copy");
        let back = decoded(&copy);
        assert_eq!((back.width(), back.height()), (480, 240));
        assert!(copy.len() < jpeg.len() / 4, "{} of {}", copy.len(), jpeg.len());
    }

    #[test]
    fn a_photo_is_turned_upright_by_its_exif_orientation() {
        // A 1000 x 500 JPEG whose EXIF says "rotate 90 degrees clockwise to show" (orientation 6),
        // as a phone held upright writes it: shown 500 x 1000.
        let img = RgbImage::from_fn(1000, 500, |x, _| if x < 500 { Rgb([250, 0, 0]) } else { Rgb([0, 0, 250]) });
        let exif = b"MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00\x00\x00\x00\x00".to_vec();
        let mut jpeg = Vec::new();
        let mut encoder = JpegEncoder::new_with_quality(&mut jpeg, 92);
        image::ImageEncoder::set_exif_metadata(&mut encoder, exif).expect("exif");
        encoder.encode_image(&img).expect("jpeg");

        let upright = decoded(&webp_copy(&jpeg, 960).expect("decodes").expect("a copy")).to_rgb8();
        assert_eq!(upright.dimensions(), (500, 1000), "narrower than 960 as shown: not scaled");
        // The left (red) half is now on top.
        assert!(upright.get_pixel(250, 100)[0] > 200 && upright.get_pixel(250, 900)[2] > 200);
        let scaled = decoded(&webp_copy(&jpeg, 480).expect("decodes").expect("a copy")).to_rgb8();
        assert_eq!(scaled.dimensions(), (480, 960), "scaled by the width as shown");
        assert!(scaled.get_pixel(240, 100)[0] > 200 && scaled.get_pixel(240, 860)[2] > 200);
    }

    #[test]
    fn a_narrow_picture_is_not_enlarged() {
        let copy = webp_copy(&photo(300, 200), 960).expect("decodes").expect("a copy");
        let back = decoded(&copy);
        assert_eq!((back.width(), back.height()), (300, 200));
    }

    #[test]
    fn transparency_is_kept() {
        let img = RgbaImage::from_fn(600, 300, |x, _| if x < 300 { Rgba([200, 30, 30, 255]) } else { Rgba([0, 0, 0, 0]) });
        let mut png = Vec::new();
        img.write_to(&mut Cursor::new(&mut png), ImageFormat::Png).expect("png");
        let back = decoded(&webp_copy(&png, 480).expect("decodes").expect("a copy")).to_rgba8();
        assert_eq!(back.dimensions(), (480, 240));
        assert_eq!(back.get_pixel(470, 120)[3], 0, "the clear half stays clear");
        assert!(back.get_pixel(10, 120)[3] > 250, "the red half stays opaque");
    }

    #[test]
    fn an_animated_gif_gets_no_copy_and_a_still_one_does() {
        let frame = |shade: u8| {
            Frame::from_parts(RgbaImage::from_pixel(40, 20, Rgba([shade, 0, 0, 255])), 0, 0, Delay::from_numer_denom_ms(100, 1))
        };
        let gif = |frames: Vec<Frame>| {
            let mut out = Vec::new();
            GifEncoder::new(&mut out).encode_frames(frames).expect("gif");
            out
        };
        assert_eq!(webp_copy(&gif(vec![frame(10), frame(200)]), 480).expect("decodes"), None);
        let still = webp_copy(&gif(vec![frame(10)]), 480).expect("decodes").expect("a copy");
        assert_eq!(decoded(&still).width(), 40);
    }

    #[test]
    fn bytes_that_are_no_picture_are_an_error_and_the_adapter_answers_none() {
        assert!(webp_copy(b"\xFF\xD8\xFFnot really a jpeg", 480).is_err());
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        let source = StoredImage { content_type: "image/jpeg".into(), bytes: b"\xFF\xD8\xFFbroken".to_vec(), etag: "x".into() };
        assert_eq!(rt.block_on(WebpTranscoder::default().webp(&source, 480)), None);
        let good = StoredImage { content_type: "image/jpeg".into(), bytes: photo(1000, 500), etag: "y".into() };
        let copy = rt.block_on(WebpTranscoder::default().webp(&good, 960)).expect("a copy");
        assert_eq!(copy.content_type, "image/webp");
        assert_eq!(decoded(&copy.bytes).width(), 960);
    }
}
