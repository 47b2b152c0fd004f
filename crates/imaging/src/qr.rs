//! The [`QrCodePainter`] adapter: a QR code drawn by the `qrcode` crate (the one the pages' SVG
//! codes come from, ADR 0142) into a PNG encoded by the `image` crate.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, Luma};
use mandir_application::ports::QrCodePainter;

/// Pixels per module: a version-2 code (25 modules and the quiet zone) comes out about 264 px
/// wide, sharp on a phone held up to a scanner.
const MODULE_PIXELS: u32 = 8;

/// Draws QR codes as PNG, with medium error correction (a phone's screen may be cracked).
#[derive(Debug, Default, Clone, Copy)]
pub struct PngQrCodes;

impl QrCodePainter for PngQrCodes {
    fn png(&self, text: &str) -> Option<Vec<u8>> {
        let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M).ok()?;
        let picture = code.render::<Luma<u8>>().module_dimensions(MODULE_PIXELS, MODULE_PIXELS).build();
        let mut png = Cursor::new(Vec::new());
        DynamicImage::ImageLuma8(picture).write_to(&mut png, ImageFormat::Png).ok()?;
        Some(png.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_a_black_on_white_png_with_its_quiet_zone() {
        let png = PngQrCodes.png("MANDIR:ABCD-2345").expect("drawn");
        let picture = image::load_from_memory_with_format(&png, ImageFormat::Png).expect("a png").to_luma8();
        assert_eq!(picture.width(), picture.height());
        assert!(picture.width() >= 21 * MODULE_PIXELS, "at least a version-1 code");
        assert_eq!(picture.get_pixel(0, 0).0, [255], "the quiet zone is white");
        let dark = picture.pixels().filter(|p| p.0 == [0]).count();
        assert!(dark > picture.pixels().len() / 5, "modules are drawn black: {dark}");
        assert!(PngQrCodes.png(&"x".repeat(5000)).is_none(), "too long to encode");
    }
}
