use chrono::{NaiveDate, TimeZone, Utc};
use mandir_application::ports::Documents;
use mandir_domain::statement::{StatementGift, StatementView};

use super::PdfStatements;
use crate::metrics::{Font, width};
use crate::text::{fit, win_ansi, wrap};
use mandir_domain::money::group_thousands;

fn gift(n: usize) -> StatementGift {
    StatementGift {
        date: format!("March {}, 2026", n % 28 + 1),
        paid_at: Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).single().expect("time"),
        receipt_number: format!("AUTO-20260301-{n:04}"),
        method: "Cash".into(),
        purposes: "Annadanam".into(),
        funds: "Temple Building".into(),
        amount: "1250.00".into(),
        deductible: "1250.00".into(),
        acknowledgement: "No goods or services were provided in exchange for this contribution.".into(),
    }
}

fn statement(gifts: usize) -> StatementView {
    StatementView {
        year: 2026,
        donor_name: "Lakshmi Narayanan".into(),
        donor_email: "lakshmi@example.org".into(),
        donor_address: Some("12 Temple Rd\nFolsom, CA 95630".into()),
        gifts: (0..gifts).map(gift).collect(),
        total: "182400.00".into(),
        deductible_total: "182400.00".into(),
        organization: "Sri Ganesha Temple of Folsom, Inc.".into(),
        ein: Some("12-3456789".into()),
        organization_address: Some("100 Temple Way, Folsom, CA 95630".into()),
        acknowledgement: "No goods or services were provided in exchange for these contributions.".into(),
        test: false,
    }
}

fn day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2027, 1, 15).expect("day")
}

/// The strings the PDF's (uncompressed) content streams show, each as `(text) Tj`, decoded from
/// the literal or hex strings pdf-writer writes (WinAnsi bytes read back as Latin-1, with `—`).
fn read(pdf: &[u8]) -> (String, usize) {
    let raw = String::from_utf8_lossy(pdf).into_owned();
    let mut shown = String::new();
    for line in raw.lines().filter(|l| l.ends_with(" Tj")) {
        let string = &line[..line.len() - 3];
        let bytes: Vec<u8> = if let Some(hex) = string.strip_prefix('<').and_then(|h| h.strip_suffix('>')) {
            (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex")).collect()
        } else {
            string
                .strip_prefix('(')
                .and_then(|t| t.strip_suffix(')'))
                .expect("a literal string")
                .replace("\\(", "(")
                .replace("\\)", ")")
                .into_bytes()
        };
        let text: String = bytes.iter().map(|b| if *b == 0x97 { '\u{2014}' } else { char::from(*b) }).collect();
        shown.push_str(&format!("({text}) Tj\n"));
    }
    (shown, raw.matches("/Parent").count())
}

#[test]
fn a_letter_has_the_letterhead_the_window_address_every_gift_and_the_totals() {
    let pdf = PdfStatements.statements(&[statement(3)], day());
    assert!(pdf.starts_with(b"%PDF-"));
    let (text, _) = read(&pdf);
    for expected in [
        "(Sri Ganesha Temple of Folsom, Inc.) Tj",
        "(January 15, 2027) Tj",
        "(Tax ID (EIN) 12-3456789) Tj",
        "(100 Temple Way) Tj",
        "(Folsom, CA 95630) Tj",
        "(Lakshmi Narayanan) Tj",
        "(12 Temple Rd) Tj",
        "(Folsom, CA 95630) Tj",
        "(2026 giving statement) Tj",
        "(Dear Lakshmi,) Tj",
        "(AUTO-20260301-0002) Tj",
        "(Temple Building) Tj",
        "($1,250.00) Tj",
        "(Total for 2026) Tj",
        "($182,400.00) Tj",
    ] {
        assert!(text.contains(expected), "{expected} is missing");
    }
    assert!(!text.contains("TEST"), "a real site's letter is not marked as a test");
    assert!(String::from_utf8_lossy(&pdf).contains("/BaseFont /Helvetica"), "the standard fonts, named and not embedded");
}

#[test]
fn long_letters_continue_on_more_pages_and_each_donor_starts_a_new_one() {
    let one = PdfStatements.statements(&[statement(3)], day());
    let many = PdfStatements.statements(&[statement(120)], day());
    let two = PdfStatements.statements(&[statement(3), statement(3)], day());
    let pages = |pdf: &[u8]| read(pdf).1;
    assert_eq!(pages(&one), 1);
    assert!(pages(&many) >= 3, "120 gifts fill several pages");
    assert_eq!(pages(&two), 2);
    let (text, _) = read(&many);
    assert!(text.contains("(2026 giving statement for Lakshmi Narayanan (continued)) Tj"));
    assert!(text.contains(&format!("(Lakshmi Narayanan \u{b7} Page 1 of {}) Tj", pages(&many))), "{text}");
}

#[test]
fn a_test_sites_letter_says_so_and_an_empty_year_prints_one_page() {
    let test = StatementView { test: true, ..statement(1) };
    let (text, _) = read(&PdfStatements.statements(&[test], day()));
    assert!(text.contains("(TEST \u{2014} not a receipt) Tj"), "{text}");
    let (none, pages) = read(&PdfStatements.statements(&[], day()));
    assert!(none.contains("(No gifts to print for this year.) Tj") && pages == 1);
}

#[test]
fn text_is_win_ansi_fitted_and_wrapped_by_the_fonts_widths() {
    assert_eq!(win_ansi("Café — “ok” ₹"), b"Caf\xe9 \x97 \x93ok\x94 ?");
    assert_eq!(win_ansi("a\tb"), b"a b");
    assert!((width("Total", Font::Bold, 10.0) - 23.89).abs() < 0.01, "611+611+333+556+278 thousandths");
    let cut = fit("A very long purpose that does not fit", Font::Regular, 9.0, 60.0);
    assert!(cut.ends_with('\u{2026}') && width(&cut, Font::Regular, 9.0) <= 60.0, "{cut}");
    let lines = wrap("one two three four five six seven eight nine ten", Font::Regular, 10.0, 80.0);
    assert!(lines.len() > 1 && lines.iter().all(|l| width(l, Font::Regular, 10.0) <= 80.0), "{lines:?}");
    assert_eq!(lines.join(" "), "one two three four five six seven eight nine ten");
    assert_eq!(group_thousands("182400.00"), "182,400.00");
    assert_eq!(group_thousands("25.00"), "25.00");
    assert_eq!(group_thousands("-1000.50"), "-1,000.50");
}

fn receipt() -> mandir_domain::receipt::ReceiptView {
    use mandir_domain::receipt::{ReceiptLine, ReceiptView};
    ReceiptView {
        receipt_number: "R-2026-000042".into(),
        date: "November 21, 2026".into(),
        paid_at: Utc.with_ymd_and_hms(2026, 11, 21, 18, 0, 0).single().expect("time"),
        amount: "151.00".into(),
        method: "Card".into(),
        event_name: Some("Diwali dinner".into()),
        lines: vec![
            ReceiptLine { label: "Annadanam".into(), amount: "51.00".into(), kind: "donation", value: None },
            ReceiptLine { label: "Archana".into(), amount: "50.00".into(), kind: "religious", value: None },
            ReceiptLine { label: "Dinner ticket".into(), amount: "50.00".into(), kind: "goods", value: Some("30.00".into()) },
        ],
        donor_name: "Lakshmi Narayanan".into(),
        donor_email: "lakshmi@example.org".into(),
        donor_address: Some("12 Temple Rd, Folsom, CA 95630".into()),
        in_honor_of: Some("In memory of my father".into()),
        organization: "Sri Ganesha Temple of Folsom, Inc.".into(),
        ein: Some("12-3456789".into()),
        organization_address: None,
        acknowledgement: "In exchange for this contribution, goods with a fair market value of $30.00 were provided.".into(),
        deductible: "121.00".into(),
        test: false,
    }
}

#[test]
fn a_receipt_is_a_letter_with_the_gift_its_lines_what_was_received_and_what_is_deductible() {
    let pdf = PdfStatements.receipt(&receipt(), day());
    assert!(pdf.starts_with(b"%PDF-"));
    let (text, pages) = read(&pdf);
    assert_eq!(pages, 1);
    for expected in [
        "(Sri Ganesha Temple of Folsom, Inc.) Tj",
        "(Lakshmi Narayanan) Tj",
        "(12 Temple Rd) Tj",
        "(Folsom, CA 95630) Tj",
        "(Receipt for your gift) Tj",
        "(R-2026-000042) Tj",
        "(Diwali dinner) Tj",
        "(In memory of my father) Tj",
        "(Religious benefits only) Tj",
        "(Goods worth $30.00) Tj",
        "($151.00) Tj",
        "(Deductible part) Tj",
        "($121.00) Tj",
        "(Receipt R-2026-000042 \u{b7} Page 1 of 1) Tj",
    ] {
        assert!(text.contains(expected), "{expected} is missing from {text}");
    }
    let test = mandir_domain::receipt::ReceiptView { test: true, ..receipt() };
    assert!(read(&PdfStatements.receipt(&test, day())).0.contains("(TEST \u{2014} not a receipt) Tj"));
}
