//! The [`ImageTranscoder`] adapter: reads an uploaded JPEG, PNG, GIF or WebP's headers to refuse a
//! picture it would not decode, and makes its smaller WebP copies: decodes it with the `image`
//! crate within [`limits`], scales it down, turns it upright by its EXIF orientation and encodes it
//! as lossy WebP with libwebp (through the `webp` crate), off the async threads (ADR 0121).
//!
//! A picture is never decoded before its headers are read: a file of a few bytes can claim a
//! canvas of 65535 x 65535 (17 GB to decode), and a small PNG can inflate to gigabytes.

use std::io::Cursor;
use std::num::NonZeroUsize;
use std::sync::Arc;

use async_trait::async_trait;
use image::error::{DecodingError, ImageFormatHint, LimitError, LimitErrorKind};
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};
use mandir_application::ports::{ImageTranscoder, PictureRefusal, StoredImage};
use tokio::sync::Semaphore;

#[cfg(any(test, feature = "testing"))]
pub mod crafted;
mod qr;

pub use qr::PngQrCodes;

/// libwebp's quality (0 to 100) for the copies: photos look as uploaded on a phone at about a
/// fifth of the JPEG's bytes.
pub const WEBP_QUALITY: f32 = 78.0;
/// The largest side WebP can hold.
const WEBP_MAX_SIDE: u32 = 16_383;
/// The most pixels a picture may have, on its canvas and in each of its frames (docs/product.md):
/// more than a phone's photo at full size. An upload with more is refused, and a stored one is
/// not decoded.
pub const MAX_MEGAPIXELS: u32 = 40;
const MAX_PIXELS: u64 = MAX_MEGAPIXELS as u64 * 1_000_000;
/// The longest side a picture may have: the most a JPEG or a GIF can hold.
const MAX_SIDE: u32 = 65_535;
/// What decoding one picture may allocate: the largest picture at the deepest the accepted
/// formats decode to (16-bit RGBA PNG, 8 bytes a pixel), the decoders' own buffers included.
const MAX_ALLOC: u64 = MAX_PIXELS * 8;

/// The decoders' limits, for every codec (JPEG, PNG, GIF and WebP alike).
pub fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    limits
}

/// Reads headers and makes WebP copies on blocking threads, at most as many pictures at once as
/// the machine has cores: each decode is bounded by [`limits`], so together they are too.
pub struct WebpTranscoder {
    permits: Arc<Semaphore>,
}

impl Default for WebpTranscoder {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        Self { permits: Arc::new(Semaphore::new(cores)) }
    }
}

#[async_trait]
impl ImageTranscoder for WebpTranscoder {
    async fn check(&self, bytes: &[u8]) -> Result<(), PictureRefusal> {
        let _permit = self.permits.acquire().await.map_err(|_| PictureRefusal::Unreadable)?;
        let bytes = bytes.to_vec();
        match tokio::task::spawn_blocking(move || read_header(&bytes)).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(ImageError::Limits(_))) => Err(PictureRefusal::TooLarge { max_megapixels: MAX_MEGAPIXELS }),
            Ok(Err(_)) => Err(PictureRefusal::Unreadable),
            Err(error) => {
                tracing::error!(%error, "reading an uploaded picture's header failed");
                Err(PictureRefusal::Unreadable)
            }
        }
    }

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

/// What a picture's headers say, read without decoding its pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
    /// More than one for an animation.
    pub frames: usize,
    /// What its picture (the first frame, on the canvas) decodes to.
    pub decoded_bytes: u64,
}

/// The headers of a JPEG, PNG, GIF or WebP: `ImageError::Limits` when its canvas or one of its
/// frames has more than [`MAX_MEGAPIXELS`] (or a side longer than 65535 pixels), another error
/// when a header does not parse or the file ends before its picture does.
pub fn read_header(bytes: &[u8]) -> Result<Header, ImageError> {
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format()?;
    let format = match reader.format() {
        Some(format @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP)) => format,
        _ => return Err(unreadable(ImageFormatHint::Unknown, "not a JPEG, PNG, GIF or WebP")),
    };
    reader.limits(limits());
    let decoder = reader.into_decoder()?;
    let (width, height) = decoder.dimensions();
    let decoded_bytes = decoder.total_bytes();
    allowed((width, height))?;
    if decoded_bytes > MAX_ALLOC {
        return Err(too_large());
    }
    let frames = match format {
        ImageFormat::Jpeg => jpeg_frames(bytes)?,
        ImageFormat::Png => png_frames(bytes)?,
        ImageFormat::Gif => gif_frames(bytes)?,
        _ => webp_frames(bytes, (width, height))?,
    };
    Ok(Header { format, width, height, frames, decoded_bytes })
}

/// The WebP bytes of `bytes` at most `width` wide, `Ok(None)` for an animated GIF or a picture
/// WebP cannot hold; an error for a picture [`read_header`] refuses or that does not decode within
/// [`limits`].
pub fn webp_copy(bytes: &[u8], width: u32) -> Result<Option<Vec<u8>>, ImageError> {
    let header = read_header(bytes)?;
    if header.format == ImageFormat::Gif && header.frames > 1 {
        return Ok(None);
    }
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format()?;
    reader.limits(limits());
    let mut decoder = reader.into_decoder()?;
    let orientation = decoder.orientation()?;
    // The decoded picture counts against the limits too: the decoder's own buffers get the rest.
    let mut rest = limits();
    rest.reserve(decoder.total_bytes())?;
    decoder.set_limits(rest)?;
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

/// A canvas or frame of at most [`MAX_MEGAPIXELS`].
fn allowed((width, height): (u32, u32)) -> Result<(), ImageError> {
    if u64::from(width) * u64::from(height) > MAX_PIXELS { Err(too_large()) } else { Ok(()) }
}

fn too_large() -> ImageError {
    ImageError::Limits(LimitError::from_kind(LimitErrorKind::DimensionError))
}

fn unreadable(format: impl Into<ImageFormatHint>, why: &'static str) -> ImageError {
    ImageError::Decoding(DecodingError::new(format.into(), why))
}

fn cut_short(format: ImageFormat) -> ImageError {
    unreadable(format, "the file ends before its picture does")
}

/// Reads a file's bytes in order; `None` past its end.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    fn new(data: &'a [u8]) -> Self {
        Self { data, at: 0 }
    }

    fn take(&mut self, count: usize) -> Option<&'a [u8]> {
        let taken = self.data.get(self.at..self.at.checked_add(count)?)?;
        self.at += count;
        Some(taken)
    }

    fn byte(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    fn peek(&self) -> Option<u8> {
        self.data.get(self.at).copied()
    }

    fn u16_be(&mut self) -> Option<u16> {
        self.take(2).map(|b| u16::from_be_bytes([b[0], b[1]]))
    }

    fn u32_be(&mut self) -> Option<u32> {
        self.take(4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u32_le(&mut self) -> Option<u32> {
        self.take(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn rest(&self) -> &'a [u8] {
        self.data.get(self.at..).unwrap_or_default()
    }
}

fn u16_le(b: &[u8]) -> u32 {
    u32::from(u16::from_le_bytes([b[0], b[1]]))
}

fn u24_le(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], 0])
}

/// A JPEG's one frame: its segments, each whole, up to its first scan, and its end marker after
/// that scan. Its size is the decoder's (`SOF`).
fn jpeg_frames(bytes: &[u8]) -> Result<usize, ImageError> {
    let cut = || cut_short(ImageFormat::Jpeg);
    let mut b = Bytes::new(bytes);
    b.take(2).ok_or_else(cut)?;
    loop {
        // Bytes between segments are skipped up to the next marker, as decoders do.
        while b.byte().ok_or_else(cut)? != 0xFF {}
        while b.peek() == Some(0xFF) {
            b.byte();
        }
        match b.byte().ok_or_else(cut)? {
            0x01 | 0xD0..=0xD7 => {}
            0xD9 => return Err(cut()),
            marker => {
                let length = usize::from(b.u16_be().ok_or_else(cut)?);
                b.take(length.checked_sub(2).ok_or_else(cut)?).ok_or_else(cut)?;
                if marker == 0xDA {
                    break;
                }
            }
        }
    }
    // Entropy-coded data escapes every 0xFF, so the end marker is the first `FF D9` after the scan.
    if b.rest().windows(2).any(|pair| pair == [0xFF, 0xD9]) { Ok(1) } else { Err(cut()) }
}

/// A PNG's frames: its chunks, each whole, up to `IEND`. Its size is the decoder's (`IHDR`); an
/// animation's frames (`fcTL`) are counted with their own.
fn png_frames(bytes: &[u8]) -> Result<usize, ImageError> {
    let cut = || cut_short(ImageFormat::Png);
    let mut b = Bytes::new(bytes);
    b.take(8).ok_or_else(cut)?;
    let mut frames = 0;
    loop {
        let length = usize::try_from(b.u32_be().ok_or_else(cut)?).map_err(|_| cut())?;
        let kind = b.take(4).ok_or_else(cut)?;
        let data = b.take(length).ok_or_else(cut)?;
        b.take(4).ok_or_else(cut)?;
        match kind {
            b"fcTL" => {
                let size = data.get(4..12).ok_or_else(cut)?;
                allowed((
                    u32::from_be_bytes([size[0], size[1], size[2], size[3]]),
                    u32::from_be_bytes([size[4], size[5], size[6], size[7]]),
                ))?;
                frames += 1;
            }
            b"IEND" => return Ok(frames.max(1)),
            _ => {}
        }
    }
}

/// A GIF's frames, walking its blocks without decompressing them: an error when a block is cut
/// short or is not a GIF block. A frame may be larger than the canvas, so each is counted.
fn gif_frames(bytes: &[u8]) -> Result<usize, ImageError> {
    let cut = || cut_short(ImageFormat::Gif);
    let mut b = Bytes::new(bytes);
    b.take(6).ok_or_else(cut)?;
    let screen = b.take(7).ok_or_else(cut)?;
    skip_color_table(&mut b, screen[4]).ok_or_else(cut)?;
    let mut frames = 0;
    loop {
        match b.byte() {
            // Browsers show a GIF that ends after a whole block without its trailer.
            None | Some(0x3B) => break,
            Some(0x21) => {
                b.byte().ok_or_else(cut)?;
                skip_sub_blocks(&mut b).ok_or_else(cut)?;
            }
            Some(0x2C) => {
                let descriptor = b.take(9).ok_or_else(cut)?;
                allowed((u16_le(&descriptor[4..6]), u16_le(&descriptor[6..8])))?;
                frames += 1;
                skip_color_table(&mut b, descriptor[8]).ok_or_else(cut)?;
                b.byte().ok_or_else(cut)?;
                skip_sub_blocks(&mut b).ok_or_else(cut)?;
            }
            Some(_) => return Err(unreadable(ImageFormat::Gif, "a GIF block of an unknown kind")),
        }
    }
    if frames == 0 { Err(unreadable(ImageFormat::Gif, "the GIF holds no picture")) } else { Ok(frames) }
}

fn skip_color_table(b: &mut Bytes<'_>, flags: u8) -> Option<()> {
    if flags & 0x80 != 0 {
        b.take(3 << ((flags & 0x07) + 1))?;
    }
    Some(())
}

fn skip_sub_blocks(b: &mut Bytes<'_>) -> Option<()> {
    loop {
        match b.byte()? {
            0 => return Some(()),
            length => {
                b.take(usize::from(length))?;
            }
        }
    }
}

/// A WebP's frames: its chunks, each whole, with the size its bitstream (`VP8 `, `VP8L`) and each
/// animation frame (`ANMF`) says. A bitstream must be the size of the canvas or of its frame, and
/// a frame must lie on the canvas (libwebp refuses others too).
fn webp_frames(bytes: &[u8], canvas: (u32, u32)) -> Result<usize, ImageError> {
    let cut = || cut_short(ImageFormat::WebP);
    let mismatch = || unreadable(ImageFormat::WebP, "a WebP bitstream's size is not its canvas' or its frame's");
    let mut b = Bytes::new(bytes);
    b.take(12).ok_or_else(cut)?;
    let (mut stills, mut frames) = (0, 0);
    for (kind, data) in webp_chunks(&mut b).ok_or_else(cut)? {
        match kind {
            b"VP8 " | b"VP8L" => {
                let size = bitstream_size(kind, data).ok_or_else(cut)?;
                allowed(size)?;
                if size != canvas {
                    return Err(mismatch());
                }
                stills += 1;
            }
            b"ANMF" => {
                let header = data.get(..16).ok_or_else(cut)?;
                let (x, y) = (u24_le(&header[0..3]) * 2, u24_le(&header[3..6]) * 2);
                let size = (u24_le(&header[6..9]) + 1, u24_le(&header[9..12]) + 1);
                allowed(size)?;
                for (kind, data) in webp_chunks(&mut Bytes::new(&data[16..])).ok_or_else(cut)? {
                    if matches!(kind, b"VP8 " | b"VP8L") {
                        let bitstream = bitstream_size(kind, data).ok_or_else(cut)?;
                        allowed(bitstream)?;
                        if bitstream != size {
                            return Err(mismatch());
                        }
                    }
                }
                if x + size.0 > canvas.0 || y + size.1 > canvas.1 {
                    return Err(unreadable(ImageFormat::WebP, "a WebP frame lies outside its canvas"));
                }
                frames += 1;
            }
            _ => {}
        }
    }
    match (stills, frames) {
        (1, 0) => Ok(1),
        (0, 1..) => Ok(frames),
        _ => Err(unreadable(ImageFormat::WebP, "the WebP holds no picture, or more than one")),
    }
}

/// The chunks in `b`, each whole (the padding byte of the last one may be missing).
fn webp_chunks<'a>(b: &mut Bytes<'a>) -> Option<Vec<(&'a [u8], &'a [u8])>> {
    let mut chunks = Vec::new();
    while !b.rest().is_empty() {
        let kind = b.take(4)?;
        let length = usize::try_from(b.u32_le()?).ok()?;
        chunks.push((kind, b.take(length)?));
        if length % 2 == 1 {
            b.take(1);
        }
    }
    Some(chunks)
}

/// The size a lossy (`VP8 `) or lossless (`VP8L`) bitstream's header says.
fn bitstream_size(kind: &[u8], data: &[u8]) -> Option<(u32, u32)> {
    if kind == b"VP8 " {
        let header = data.get(..10)?;
        Some((u16_le(&header[6..8]) & 0x3FFF, u16_le(&header[8..10]) & 0x3FFF))
    } else {
        let header = data.get(..5)?;
        let bits = u32::from_le_bytes([header[1], header[2], header[3], header[4]]);
        Some(((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1))
    }
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

    fn is_too_large(result: Result<Header, ImageError>) -> bool {
        matches!(result, Err(ImageError::Limits(_)))
    }

    fn is_unreadable(result: Result<Header, ImageError>) -> bool {
        matches!(result, Err(ImageError::Decoding(_) | ImageError::Unsupported(_) | ImageError::IoError(_)))
    }

    #[test]
    fn a_pictures_header_gives_its_size_and_what_it_decodes_to() {
        let header = read_header(&crafted::jpeg(300, 200)).expect("a JPEG");
        assert_eq!(header, Header { format: ImageFormat::Jpeg, width: 300, height: 200, frames: 1, decoded_bytes: 300 * 200 * 3 });
        let png = read_header(&crafted::png_bomb(64, 32, 16, 6)).expect("a PNG");
        assert_eq!((png.format, png.width, png.height, png.decoded_bytes), (ImageFormat::Png, 64, 32, 64 * 32 * 8));
        assert_eq!(read_header(&crafted::gif(40, 20)).expect("a GIF").frames, 1);
        let webp = read_header(&crafted::webp(120, 80)).expect("a WebP");
        assert_eq!((webp.format, webp.width, webp.height, webp.frames), (ImageFormat::WebP, 120, 80, 1));
    }

    #[test]
    fn at_most_forty_megapixels_are_read() {
        assert_eq!(MAX_MEGAPIXELS, 40);
        let grey = |width, height| crafted::png_with(width, height, 8, 0, &crafted::zlib_zeros(16));
        assert!(read_header(&grey(8000, 5000)).is_ok(), "40 megapixels");
        assert!(is_too_large(read_header(&grey(8000, 5001))));
        assert!(is_too_large(read_header(&grey(70_000, 1))), "a side longer than 65535");
    }

    #[test]
    fn a_huge_canvas_in_a_tiny_file_is_too_large_in_every_format() {
        let pictures = [
            ("JPEG", crafted::jpeg_claiming(&crafted::jpeg(8, 8), 65_535, 65_535)),
            ("PNG", crafted::png_with(65_535, 65_535, 16, 6, &crafted::zlib_zeros(16))),
            ("GIF", crafted::gif_claiming((65_535, 65_535), (1, 1))),
            ("WebP", crafted::webp_claiming(None, (16_384, 16_384))),
        ];
        for (format, bytes) in pictures {
            assert!(bytes.len() < 1000, "{format}: {} bytes", bytes.len());
            assert!(is_too_large(read_header(&bytes)), "{format}");
        }
        assert_eq!(crafted::gif_claiming((65_535, 65_535), (1, 1)).len(), 35, "the security review's GIF");
    }

    #[test]
    fn a_header_that_lies_about_its_data_is_refused() {
        // The outer header says little and an inner one a lot, or the other way round.
        assert!(is_too_large(read_header(&crafted::jpeg_claiming(&crafted::jpeg(64, 64), 20_000, 20_000))));
        assert!(is_too_large(read_header(&crafted::png_claiming(&crafted::png(64, 64), 20_000, 20_000))));
        assert!(is_too_large(read_header(&crafted::gif_claiming((1, 1), (65_535, 65_535)))), "a frame larger than its canvas");
        assert!(is_too_large(read_header(&crafted::webp_claiming(Some((1, 1)), (16_384, 16_384)))), "a bitstream larger than its canvas");
        assert!(is_too_large(read_header(&crafted::webp_claiming(Some((16_384, 16_384)), (1, 1)))), "a canvas larger than its bitstream");
        assert!(is_unreadable(read_header(&crafted::webp_claiming(Some((64, 64)), (32, 32)))), "a bitstream smaller than its canvas");
        assert!(read_header(&crafted::webp_claiming(Some((64, 64)), (64, 64))).is_ok());
    }

    #[test]
    fn a_picture_cut_short_is_unreadable_in_every_format() {
        let pictures = [
            ("JPEG", crafted::jpeg(64, 48)),
            ("PNG", crafted::png(64, 48)),
            ("GIF", crafted::gif(64, 48)),
            ("WebP", crafted::webp(64, 48)),
        ];
        for (format, bytes) in pictures {
            assert!(read_header(&bytes).is_ok(), "{format} whole");
            for length in [bytes.len() - 2, bytes.len() / 2, 20, 12] {
                assert!(is_unreadable(read_header(&bytes[..length])), "{format} cut to {length} of {} bytes", bytes.len());
            }
        }
        assert!(is_unreadable(read_header(&crafted::gif_claiming((1, 1), (1, 1))[..30])));
    }

    #[test]
    fn a_zip_bomb_png_is_refused_by_its_header_before_it_inflates() {
        // 49 megapixels of grey that inflate from about 300 KB to 49 MB; the security review's
        // PNG is 12000 x 12000 16-bit RGBA (1.15 GB decoded).
        let bomb = crafted::png_bomb(7000, 7000, 8, 0);
        assert!(bomb.len() < 400_000, "{} bytes", bomb.len());
        assert!(is_too_large(read_header(&bomb)));
        let review = crafted::png_bomb(12_000, 12_000, 16, 6);
        assert!(is_too_large(read_header(&review)));
        assert!(matches!(webp_copy(&review, 480), Err(ImageError::Limits(_))));
    }

    #[test]
    fn a_stored_picture_its_header_refuses_is_never_decoded_for_a_copy() {
        let pictures = [
            crafted::gif_claiming((65_535, 65_535), (1, 1)),
            crafted::gif_claiming((1, 1), (65_535, 65_535)),
            crafted::jpeg_claiming(&crafted::jpeg(8, 8), 65_535, 65_535),
            crafted::png_claiming(&crafted::png(64, 64), 20_000, 20_000),
            crafted::webp_claiming(Some((1, 1)), (16_384, 16_384)),
        ];
        for bytes in pictures {
            assert!(matches!(webp_copy(&bytes, 480), Err(ImageError::Limits(_))));
        }
        assert!(webp_copy(&crafted::png(64, 48)[..200], 480).is_err(), "cut short");
    }

    #[test]
    fn a_small_canvas_whose_data_inflates_far_beyond_it_decodes_within_the_limits() {
        // 16 x 16 pixels of grey, and image data that inflates to 100 MB: the decoder stops at the
        // picture's rows.
        let png = crafted::png_with(16, 16, 8, 0, &crafted::zlib_zeros(100_000_000));
        let copy = webp_copy(&png, 480).expect("decodes").expect("a copy");
        assert_eq!(decoded(&copy).width(), 16);
    }

    #[test]
    fn decoding_is_limited_for_every_codec() {
        let limits = limits();
        assert_eq!((limits.max_image_width, limits.max_image_height), (Some(65_535), Some(65_535)));
        assert_eq!(limits.max_alloc, Some(320_000_000), "40 megapixels of 16-bit RGBA");
        // A picture whose header passes but whose decoding needs more than it may allocate is
        // refused by the decoder: here a GIF frame that is not the canvas' size needs a second
        // buffer.
        let mut tight = limits;
        tight.max_alloc = Some(1000);
        let mut gif = image::codecs::gif::GifDecoder::new(Cursor::new(crafted::gif_claiming((10, 10), (100, 100)))).expect("header");
        gif.set_limits(tight).expect("limits");
        let mut canvas = vec![0; 400];
        assert!(matches!(gif.read_image(&mut canvas), Err(ImageError::Limits(_))));
    }

    #[test]
    fn pictures_decode_at_most_as_many_at_once_as_there_are_cores() {
        let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        assert_eq!(WebpTranscoder::default().permits.available_permits(), cores);
    }

    #[test]
    fn the_adapter_checks_uploads_by_their_headers() {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        let pictures = WebpTranscoder::default();
        assert_eq!(rt.block_on(pictures.check(&crafted::jpeg(300, 200))), Ok(()));
        assert_eq!(
            rt.block_on(pictures.check(&crafted::gif_claiming((65_535, 65_535), (1, 1)))),
            Err(PictureRefusal::TooLarge { max_megapixels: 40 })
        );
        assert_eq!(rt.block_on(pictures.check(&crafted::png(64, 48)[..100])), Err(PictureRefusal::Unreadable));
        assert_eq!(rt.block_on(pictures.check(b"not a picture")), Err(PictureRefusal::Unreadable));
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
