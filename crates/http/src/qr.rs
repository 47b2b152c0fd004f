//! QR codes, drawn by the `qrcode` crate (ADR 0142): a counter receipt's link, and a
//! registration's confirmation code (the member shows it at the door, where a desk scans it).

/// `text` as a QR code: an SVG image with its quiet zone, at least 160 px wide, medium error
/// correction (a receipt may be creased, a phone's screen cracked). None for a text too long to
/// encode.
pub(crate) fn svg(text: &str) -> Option<String> {
    use qrcode::render::svg;
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M).ok()?;
    Some(code.render::<svg::Color<'_>>().min_dimensions(160, 160).dark_color(svg::Color("#000")).light_color(svg::Color("#fff")).build())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_receipt_link_or_a_confirmation_becomes_an_svg_qr_code() {
        for text in ["https://temple.example.org/receipts/AUTO-20261125-1234?sig=abc", "MANDIR:ABCD-2345"] {
            let svg = super::svg(text).expect("encoded");
            assert!(svg.contains("<svg") && svg.contains("viewBox") && svg.contains("#000"), "{svg:.200}");
        }
        assert!(super::svg(&"x".repeat(5000)).is_none());
    }
}
