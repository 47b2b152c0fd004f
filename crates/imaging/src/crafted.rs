//! Pictures for tests, made in code: real ones from the codecs, and crafted ones whose headers
//! claim more than their data holds or that inflate to far more than their size, as an attacker
//! would upload them.

use std::io::Cursor;

use image::codecs::gif::GifEncoder;
use image::codecs::jpeg::JpegEncoder;
use image::{Delay, Frame, ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};

fn gradient(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, ((x * y) % 256) as u8]))
}

/// A photo-like JPEG (a gradient with detail).
pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 92).encode_image(&gradient(width, height)).expect("jpeg");
    out
}

/// A photo-like PNG.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    gradient(width, height).write_to(&mut Cursor::new(&mut out), ImageFormat::Png).expect("png");
    out
}

/// A still GIF.
pub fn gif(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let frame = Frame::from_parts(RgbaImage::from_pixel(width, height, Rgba([200, 30, 30, 255])), 0, 0, Delay::from_numer_denom_ms(100, 1));
    GifEncoder::new(&mut out).encode_frames([frame]).expect("gif");
    out
}

/// A photo-like lossy WebP, as libwebp writes it.
pub fn webp(width: u32, height: u32) -> Vec<u8> {
    let photo = gradient(width, height);
    webp::Encoder::from_rgb(photo.as_raw(), width, height).encode(80.0).to_vec()
}

/// `jpeg` with the size its frame header (`SOF`) says replaced; the data stays that of the picture.
pub fn jpeg_claiming(jpeg: &[u8], width: u16, height: u16) -> Vec<u8> {
    let mut out = jpeg.to_vec();
    let at =
        out.windows(2).position(|m| m[0] == 0xFF && matches!(m[1], 0xC0..=0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF)).expect("SOF");
    out[at + 5..at + 7].copy_from_slice(&height.to_be_bytes());
    out[at + 7..at + 9].copy_from_slice(&width.to_be_bytes());
    out
}

/// `png` with the size its header (`IHDR`) says replaced, its checksum made again; the data stays
/// that of the picture.
pub fn png_claiming(png: &[u8], width: u32, height: u32) -> Vec<u8> {
    let mut out = png.to_vec();
    out[16..20].copy_from_slice(&width.to_be_bytes());
    out[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32(&out[12..29]);
    out[29..33].copy_from_slice(&crc.to_be_bytes());
    out
}

/// A GIF whose canvas is `screen` and whose one frame is `frame`, with the data of one pixel:
/// 35 bytes whatever sizes they claim.
pub fn gif_claiming(screen: (u16, u16), frame: (u16, u16)) -> Vec<u8> {
    let mut out = b"GIF89a".to_vec();
    out.extend(screen.0.to_le_bytes());
    out.extend(screen.1.to_le_bytes());
    // A global table of two colours, black and white.
    out.extend([0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]);
    out.extend([0x2C, 0, 0, 0, 0]);
    out.extend(frame.0.to_le_bytes());
    out.extend(frame.1.to_le_bytes());
    // No local table; LZW codes of 2 bits: clear, pixel 0, end.
    out.extend([0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]);
    out
}

/// A lossless WebP whose bitstream header says `bitstream` (with no picture data after it),
/// inside an extended file whose canvas is `canvas` when one is given.
pub fn webp_claiming(canvas: Option<(u32, u32)>, bitstream: (u32, u32)) -> Vec<u8> {
    let bits = (bitstream.0 - 1) | ((bitstream.1 - 1) << 14);
    let mut vp8l = vec![0x2F];
    vp8l.extend(bits.to_le_bytes());
    vp8l.push(0);
    let mut chunks = Vec::new();
    if let Some((width, height)) = canvas {
        let mut vp8x = vec![0; 4];
        vp8x.extend(&(width - 1).to_le_bytes()[..3]);
        vp8x.extend(&(height - 1).to_le_bytes()[..3]);
        chunks.extend(riff_chunk(b"VP8X", &vp8x));
    }
    chunks.extend(riff_chunk(b"VP8L", &vp8l));
    let mut out = b"RIFF".to_vec();
    out.extend((4 + chunks.len() as u32).to_le_bytes());
    out.extend(b"WEBP");
    out.extend(chunks);
    out
}

fn riff_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = kind.to_vec();
    out.extend((data.len() as u32).to_le_bytes());
    out.extend(data);
    if data.len() % 2 == 1 {
        out.push(0);
    }
    out
}

/// A PNG of `width` x `height` with this bit `depth` and `color` type (0 grey, 2 RGB, 6 RGBA)
/// whose image data (`IDAT`) is `idat`, as given.
pub fn png_with(width: u32, height: u32, depth: u8, color: u8, idat: &[u8]) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend(height.to_be_bytes());
    ihdr.extend([depth, color, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(png_chunk(b"IHDR", &ihdr));
    out.extend(png_chunk(b"IDAT", idat));
    out.extend(png_chunk(b"IEND", &[]));
    out
}

/// A real PNG of `width` x `height` (black) with this bit `depth` and `color` type, whose small
/// image data inflates to every byte of its rows: a zip bomb, about 1/160 of what it holds.
pub fn png_bomb(width: u32, height: u32, depth: u8, color: u8) -> Vec<u8> {
    let channels: u64 = match color {
        0 => 1,
        2 => 3,
        4 => 2,
        _ => 4,
    };
    let row = 1 + u64::from(width) * channels * u64::from(depth) / 8;
    png_with(width, height, depth, color, &zlib_zeros(row * u64::from(height)))
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    out.extend(kind);
    out.extend(data);
    out.extend(crc32(&out[4..]).to_be_bytes());
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { 0xEDB8_8320 ^ (crc >> 1) } else { crc >> 1 };
        }
    }
    !crc
}

/// A zlib stream that inflates to `len` zero bytes: one literal zero, then copies of the 258
/// bytes before (13 bits each, in a block of fixed Huffman codes).
pub fn zlib_zeros(len: u64) -> Vec<u8> {
    let mut bits = Bits { out: vec![0x78, 0x01], pending: 0, count: 0 };
    // The last block, with fixed codes.
    bits.put(0b011, 3);
    let mut left = len;
    if left > 0 {
        bits.code(0x30, 8);
        left -= 1;
    }
    while left >= 258 {
        // Length 258 (symbol 285), then distance 1 (code 0).
        bits.code(0xC5, 8);
        bits.code(0, 5);
        left -= 258;
    }
    for _ in 0..left {
        bits.code(0x30, 8);
    }
    // End of block.
    bits.code(0, 7);
    bits.put(0, 7);
    let mut out = bits.out;
    // Adler-32 of zeros: the first sum stays 1, the second counts the bytes.
    out.extend(((((len % 65_521) as u32) << 16) | 1).to_be_bytes());
    out
}

struct Bits {
    out: Vec<u8>,
    pending: u64,
    count: u32,
}

impl Bits {
    /// `value`'s low `count` bits, lowest first.
    fn put(&mut self, value: u32, count: u32) {
        self.pending |= u64::from(value) << self.count;
        self.count += count;
        while self.count >= 8 {
            self.out.push(self.pending as u8);
            self.pending >>= 8;
            self.count -= 8;
        }
    }

    /// A Huffman code of `count` bits, highest first.
    fn code(&mut self, code: u32, count: u32) {
        self.put(code.reverse_bits() >> (32 - count), count);
    }
}
