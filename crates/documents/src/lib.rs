//! Printed documents: year-end statements and receipts as letters from the temple, in PDF
//! (docs/decisions/0139-statements-as-pdf-letters.md).
//!
//! Written with `pdf-writer` in the PDF standard fonts (Helvetica and Helvetica-Bold), which every
//! reader has: nothing is embedded, so a year's letters for 2,000 donors stay small. Their text
//! is WinAnsi (Latin-1 and a few typographic signs); a character outside it prints as `?`.
//! US Letter pages; the donor's name and address sit where a #10 window envelope shows them.

mod metrics;
mod text;

use chrono::NaiveDate;
use mandir_application::ports::Documents;
use mandir_domain::money::group_thousands;
use mandir_domain::receipt::ReceiptView;
use mandir_domain::statement::StatementView;
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use crate::metrics::{Font, width};
use crate::text::{fit, win_ansi, wrap};

const PAGE_WIDTH: f32 = 612.0;
const PAGE_HEIGHT: f32 = 792.0;
const MARGIN: f32 = 54.0;
const RIGHT: f32 = PAGE_WIDTH - MARGIN;
/// The donor's address block: 1 inch from the left and 2.5 inches from the top, where a letter
/// folded in three shows through a #10 window envelope's window.
const ADDRESS_LEFT: f32 = 72.0;
const ADDRESS_TOP: f32 = PAGE_HEIGHT - 180.0;
/// Below this, a new page starts (the footer is under it).
const BOTTOM: f32 = 84.0;
const ROW: f32 = 14.0;
/// The table's columns: date, receipt, fund, purpose (left edges), amount and deductible (right).
const COLUMNS: [f32; 4] = [MARGIN, 140.0, 245.0, 345.0];
const AMOUNT_RIGHT: f32 = 490.0;
const DEDUCTIBLE_RIGHT: f32 = RIGHT;

/// Prints statements and receipts with `pdf-writer` (the [`Documents`] port).
#[derive(Debug, Clone, Copy, Default)]
pub struct PdfStatements;

impl Documents for PdfStatements {
    fn statements(&self, statements: &[StatementView], issued_on: NaiveDate) -> Vec<u8> {
        let mut pages: Vec<Content> = Vec::new();
        for statement in statements {
            pages.extend(Letter::new(statement, issued_on).pages());
        }
        if pages.is_empty() {
            pages.push(nothing_to_print());
        }
        let title = statements.first().map_or_else(|| "Giving statements".to_owned(), |s| format!("{} giving statements", s.year));
        assemble(pages, &title)
    }

    fn receipt(&self, receipt: &ReceiptView, issued_on: NaiveDate) -> Vec<u8> {
        let title = format!("Receipt {}", receipt.receipt_number);
        assemble(ReceiptLetter::new(receipt, issued_on).pages(), &title)
    }
}

/// Writes `pages` into one PDF with the two fonts they use.
fn assemble(pages: Vec<Content>, title: &str) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let mut next = Ref::new(1);
    let catalog = next.bump();
    let tree = next.bump();
    let regular = next.bump();
    let bold = next.bump();
    let info = next.bump();
    pdf.catalog(catalog).pages(tree);
    pdf.type1_font(regular).base_font(Name(Font::Regular.base_name())).encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold).base_font(Name(Font::Bold.base_name())).encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.document_info(info).title(TextStr(title)).producer(TextStr("Mandir"));
    let mut kids = Vec::with_capacity(pages.len());
    for content in pages {
        let page_id = next.bump();
        let content_id = next.bump();
        kids.push(page_id);
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT)).parent(tree).contents(content_id);
        page.resources().fonts().pair(Name(Font::Regular.resource()), regular).pair(Name(Font::Bold.resource()), bold);
        page.finish();
        pdf.stream(content_id, &content.finish());
    }
    let count = i32::try_from(kids.len()).unwrap_or(i32::MAX);
    pdf.pages(tree).kids(kids).count(count);
    pdf.finish()
}

/// A page saying there is nothing to print (a year without gifts).
fn nothing_to_print() -> Content {
    let mut page = Content::new();
    put(&mut page, Font::Regular, 11.0, MARGIN, PAGE_HEIGHT - MARGIN - 11.0, "No gifts to print for this year.");
    page
}

/// Writes `text` with its left edge at `x` and its baseline at `y`.
fn put(content: &mut Content, font: Font, size: f32, x: f32, y: f32, text: &str) {
    let bytes = win_ansi(text);
    content.begin_text();
    content.set_font(Name(font.resource()), size);
    content.next_line(x, y);
    content.show(Str(&bytes));
    content.end_text();
}

/// Writes `text` with its right edge at `right`.
fn put_right(content: &mut Content, font: Font, size: f32, right: f32, y: f32, text: &str) {
    put(content, font, size, right - width(text, font, size), y, text);
}

fn rule(content: &mut Content, y: f32) {
    content.set_stroke_gray(0.6);
    content.set_line_width(0.5);
    content.move_to(MARGIN, y);
    content.line_to(RIGHT, y);
    content.stroke();
}

fn dollars(amount: &str) -> String {
    format!("${}", group_thousands(amount))
}

/// The sender and the addressee of a letter from the temple.
struct Heading<'a> {
    organization: &'a str,
    organization_address: Option<&'a str>,
    ein: Option<&'a str>,
    test: bool,
    donor_name: &'a str,
    donor_address: Option<&'a str>,
}

/// A letter's pages as they are written: the current page, the pages before it and the next
/// baseline. A page that fills up starts a new one headed by `continued`.
struct Sheets {
    pages: Vec<Content>,
    page: Content,
    y: f32,
    /// The heading of a continuation page.
    continued: String,
}

impl Sheets {
    fn new(continued: String) -> Self {
        Self { pages: Vec::new(), page: Content::new(), y: PAGE_HEIGHT - MARGIN, continued }
    }

    fn line(&mut self, font: Font, size: f32, x: f32, text: &str) {
        put(&mut self.page, font, size, x, self.y, text);
    }

    fn right(&mut self, font: Font, size: f32, right: f32, text: &str) {
        put_right(&mut self.page, font, size, right, self.y, text);
    }

    /// Room for `height` more points on this page, or a new page headed as a continuation;
    /// answers whether a new page began.
    fn room(&mut self, height: f32) -> bool {
        if self.y - height >= BOTTOM {
            return false;
        }
        self.pages.push(std::mem::replace(&mut self.page, Content::new()));
        self.y = PAGE_HEIGHT - MARGIN - 10.0;
        let heading = self.continued.clone();
        self.line(Font::Bold, 10.0, MARGIN, &heading);
        self.y -= 24.0;
        true
    }

    fn paragraph(&mut self, text: &str, font: Font, size: f32, leading: f32) {
        for line in wrap(text, font, size, RIGHT - MARGIN) {
            self.room(leading);
            self.line(font, size, MARGIN, &line);
            self.y -= leading;
        }
    }

    /// The letterhead (the organization, its address and EIN; `issued_on` on the right), the
    /// addressee in the envelope's window, then the letter's `title` and its greeting.
    fn opening(&mut self, h: &Heading<'_>, issued_on: NaiveDate, title: &str) {
        self.y -= 16.0;
        self.line(Font::Bold, 16.0, MARGIN, &fit(h.organization, Font::Bold, 16.0, 360.0));
        self.right(Font::Regular, 10.0, RIGHT, &issued_on.format("%B %-d, %Y").to_string());
        let mut details: Vec<String> = h.organization_address.map(|a| address_lines(a, 3)).unwrap_or_default();
        if let Some(ein) = h.ein {
            details.push(format!("Tax ID (EIN) {ein}"));
        }
        for detail in details {
            self.y -= 12.0;
            self.line(Font::Regular, 9.0, MARGIN, &fit(&detail, Font::Regular, 9.0, 360.0));
        }
        self.y -= 10.0;
        rule(&mut self.page, self.y);
        if h.test {
            self.page.set_fill_rgb(0.75, 0.0, 0.0);
            put_right(&mut self.page, Font::Bold, 11.0, RIGHT, self.y - 16.0, "TEST \u{2014} not a receipt");
            self.page.set_fill_gray(0.0);
        }
        // The addressee, in the envelope's window.
        self.y = ADDRESS_TOP;
        self.line(Font::Regular, 11.0, ADDRESS_LEFT, &fit(h.donor_name, Font::Regular, 11.0, 300.0));
        for line in h.donor_address.map(|a| address_lines(a, 4)).unwrap_or_default() {
            self.y -= 13.0;
            self.line(Font::Regular, 11.0, ADDRESS_LEFT, &fit(&line, Font::Regular, 11.0, 300.0));
        }
        self.y = ADDRESS_TOP - 96.0;
        self.line(Font::Bold, 14.0, MARGIN, title);
        self.y -= 22.0;
        let first = h.donor_name.split_whitespace().next().unwrap_or("friend");
        self.line(Font::Regular, 10.5, MARGIN, &format!("Dear {first},"));
        self.y -= 16.0;
    }

    /// The closing: thanks and the organization's name.
    fn closing(&mut self, organization: &str) {
        self.y -= 10.0;
        self.paragraph("With gratitude and blessings,", Font::Regular, 10.5, 14.0);
        self.paragraph(organization, Font::Bold, 10.5, 14.0);
    }

    /// Every page, each with its footer: `left` and, on the right, `right` and "Page 1 of 2".
    fn finish(mut self, left: &str, right: &str) -> Vec<Content> {
        self.pages.push(std::mem::replace(&mut self.page, Content::new()));
        let total = self.pages.len();
        for (index, page) in self.pages.iter_mut().enumerate() {
            page.set_fill_gray(0.35);
            put(page, Font::Regular, 8.0, MARGIN, 40.0, left);
            put_right(page, Font::Regular, 8.0, RIGHT, 40.0, &format!("{right} \u{b7} Page {} of {total}", index + 1));
            page.set_fill_gray(0.0);
        }
        self.pages
    }
}

/// The footer's left side: the organization and its EIN.
fn footer(organization: &str, ein: Option<&str>) -> String {
    match ein {
        Some(ein) => format!("{organization} \u{b7} EIN {ein}"),
        None => organization.to_owned(),
    }
}

/// One donor's letter, laid out page by page.
struct Letter<'a> {
    statement: &'a StatementView,
    issued_on: NaiveDate,
    sheets: Sheets,
}

impl<'a> Letter<'a> {
    fn new(statement: &'a StatementView, issued_on: NaiveDate) -> Self {
        let continued = format!("{} giving statement for {} (continued)", statement.year, statement.donor_name);
        Self { statement, issued_on, sheets: Sheets::new(continued) }
    }

    /// The letter's pages, each with its footer ("Page 1 of 2").
    fn pages(mut self) -> Vec<Content> {
        self.first_page();
        self.gifts();
        self.closing();
        let s = self.statement;
        self.sheets.finish(&footer(&s.organization, s.ein.as_deref()), &s.donor_name)
    }

    /// Room for `height` more points; a new page repeats the table's header.
    fn room_in_table(&mut self, height: f32) {
        if self.sheets.room(height) {
            self.table_header();
        }
    }

    fn first_page(&mut self) {
        let s = self.statement;
        let heading = Heading {
            organization: &s.organization,
            organization_address: s.organization_address.as_deref(),
            ein: s.ein.as_deref(),
            test: s.test,
            donor_name: &s.donor_name,
            donor_address: s.donor_address.as_deref(),
        };
        self.sheets.opening(&heading, self.issued_on, &format!("{} giving statement", s.year));
        let thanks = format!(
            "Thank you for your generous support of {} in {}. This letter lists every gift we received from you \
             that year, for your tax records.",
            s.organization, s.year
        );
        self.sheets.paragraph(&thanks, Font::Regular, 10.5, 14.0);
        self.sheets.y -= 10.0;
        self.table_header();
    }

    fn table_header(&mut self) {
        let size = 9.0;
        for (x, title) in COLUMNS.iter().zip(["Date", "Receipt", "Fund", "Purpose"]) {
            self.sheets.line(Font::Bold, size, *x, title);
        }
        self.sheets.right(Font::Bold, size, AMOUNT_RIGHT, "Amount");
        self.sheets.right(Font::Bold, size, DEDUCTIBLE_RIGHT, "Deductible");
        self.sheets.y -= 5.0;
        rule(&mut self.sheets.page, self.sheets.y);
        self.sheets.y -= ROW - 2.0;
    }

    fn gifts(&mut self) {
        let size = 9.0;
        let s = self.statement;
        if s.gifts.is_empty() {
            self.sheets.line(Font::Regular, size, MARGIN, "No gifts were received this year.");
            self.sheets.y -= ROW;
        }
        for gift in &s.gifts {
            self.room_in_table(ROW);
            let cells = [
                (&gift.date, COLUMNS[1] - COLUMNS[0]),
                (&gift.receipt_number, COLUMNS[2] - COLUMNS[1]),
                (&gift.funds, COLUMNS[3] - COLUMNS[2]),
            ];
            for ((text, room), x) in cells.into_iter().zip(COLUMNS) {
                self.sheets.line(Font::Regular, size, x, &fit(text, Font::Regular, size, room - 6.0));
            }
            let purpose_room = AMOUNT_RIGHT - 55.0 - COLUMNS[3];
            self.sheets.line(Font::Regular, size, COLUMNS[3], &fit(&gift.purposes, Font::Regular, size, purpose_room));
            self.sheets.right(Font::Regular, size, AMOUNT_RIGHT, &dollars(&gift.amount));
            self.sheets.right(Font::Regular, size, DEDUCTIBLE_RIGHT, &dollars(&gift.deductible));
            self.sheets.y -= ROW;
        }
        total(&mut self.sheets, &format!("Total for {}", s.year), &s.total, Some(&s.deductible_total));
    }

    /// The acknowledgement (each gift's own when they differ), then the temple's thanks.
    fn closing(&mut self) {
        let s = self.statement;
        self.sheets.paragraph(&s.acknowledgement, Font::Regular, 9.5, 13.0);
        // When the gifts call for different acknowledgements, each gift's is printed with it.
        for gift in s.gifts.iter().filter(|g| g.acknowledgement != s.acknowledgement) {
            let text = format!("Receipt {} ({}): {}", gift.receipt_number, gift.date, gift.acknowledgement);
            self.sheets.paragraph(&text, Font::Regular, 9.0, 12.0);
        }
        self.sheets.closing(&s.organization);
    }
}

/// A table's total row under a rule: the amount, and the deductible part in its own column.
fn total(sheets: &mut Sheets, label: &str, amount: &str, deductible: Option<&str>) {
    let size = 9.0;
    sheets.room(ROW + 8.0);
    sheets.y += ROW - 6.0;
    rule(&mut sheets.page, sheets.y);
    sheets.y -= ROW;
    sheets.line(Font::Bold, size, MARGIN, label);
    sheets.right(Font::Bold, size, AMOUNT_RIGHT, &dollars(amount));
    if let Some(deductible) = deductible {
        sheets.right(Font::Bold, size, DEDUCTIBLE_RIGHT, &dollars(deductible));
    }
    sheets.y -= ROW + 10.0;
}

/// One gift's receipt as a letter: the gift's details, its lines with what was received in
/// return, the amount and what is deductible, and the acknowledgement.
struct ReceiptLetter<'a> {
    receipt: &'a ReceiptView,
    issued_on: NaiveDate,
    sheets: Sheets,
}

impl<'a> ReceiptLetter<'a> {
    fn new(receipt: &'a ReceiptView, issued_on: NaiveDate) -> Self {
        let continued = format!("Receipt {} for {} (continued)", receipt.receipt_number, receipt.donor_name);
        Self { receipt, issued_on, sheets: Sheets::new(continued) }
    }

    fn pages(mut self) -> Vec<Content> {
        let r = self.receipt;
        let heading = Heading {
            organization: &r.organization,
            organization_address: r.organization_address.as_deref(),
            ein: r.ein.as_deref(),
            test: r.test,
            donor_name: &r.donor_name,
            donor_address: r.donor_address.as_deref(),
        };
        self.sheets.opening(&heading, self.issued_on, "Receipt for your gift");
        let thanks = format!("Thank you for your gift to {} on {}. Please keep this receipt for your tax records.", r.organization, r.date);
        self.sheets.paragraph(&thanks, Font::Regular, 10.5, 14.0);
        self.sheets.y -= 6.0;
        let mut details = vec![("Receipt number", r.receipt_number.clone()), ("Date", r.date.clone()), ("Paid by", r.method.clone())];
        if let Some(event) = &r.event_name {
            details.push(("Event", event.clone()));
        }
        if let Some(honor) = &r.in_honor_of {
            details.push(("In honor of", honor.clone()));
        }
        for (label, value) in details {
            self.sheets.room(ROW);
            self.sheets.line(Font::Bold, 9.5, MARGIN, label);
            self.sheets.line(Font::Regular, 9.5, COLUMNS[1] + 20.0, &fit(&value, Font::Regular, 9.5, RIGHT - COLUMNS[1] - 20.0));
            self.sheets.y -= ROW;
        }
        self.sheets.y -= 8.0;
        self.lines();
        self.sheets.paragraph(&r.acknowledgement, Font::Regular, 9.5, 13.0);
        self.sheets.closing(&r.organization);
        self.sheets.finish(&footer(&r.organization, r.ein.as_deref()), &format!("Receipt {}", r.receipt_number))
    }

    fn lines_header(&mut self) {
        let size = 9.0;
        self.sheets.line(Font::Bold, size, MARGIN, "Purpose");
        self.sheets.line(Font::Bold, size, COLUMNS[3] - 40.0, "Received in return");
        self.sheets.right(Font::Bold, size, AMOUNT_RIGHT, "Amount");
        self.sheets.y -= 5.0;
        rule(&mut self.sheets.page, self.sheets.y);
        self.sheets.y -= ROW - 2.0;
    }

    fn lines(&mut self) {
        let size = 9.0;
        self.lines_header();
        for line in &self.receipt.lines {
            if self.sheets.room(ROW) {
                self.lines_header();
            }
            let received = match (line.kind, &line.value) {
                ("goods", Some(value)) => format!("Goods worth {}", dollars(value)),
                ("religious", _) => "Religious benefits only".to_owned(),
                _ => "Nothing".to_owned(),
            };
            self.sheets.line(Font::Regular, size, MARGIN, &fit(&line.label, Font::Regular, size, COLUMNS[3] - 40.0 - MARGIN - 6.0));
            self.sheets.line(
                Font::Regular,
                size,
                COLUMNS[3] - 40.0,
                &fit(&received, Font::Regular, size, AMOUNT_RIGHT - COLUMNS[3] - 20.0),
            );
            self.sheets.right(Font::Regular, size, AMOUNT_RIGHT, &dollars(&line.amount));
            self.sheets.y -= ROW;
        }
        total(&mut self.sheets, "Total", &self.receipt.amount, None);
        if self.receipt.deductible != self.receipt.amount {
            self.sheets.line(Font::Regular, 9.0, MARGIN, "Deductible part");
            self.sheets.right(Font::Regular, 9.0, AMOUNT_RIGHT, &dollars(&self.receipt.deductible));
            self.sheets.y -= ROW + 6.0;
        }
    }
}

/// An address's lines, at most `max`: as written, or for an address on one line, the street
/// and then the rest ("100 Temple Way" and "Folsom, CA 95630").
fn address_lines(address: &str, max: usize) -> Vec<String> {
    let lines: Vec<String> = address.lines().map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned).collect();
    let lines = match lines.as_slice() {
        [one] => one.split_once(", ").map_or_else(|| lines.clone(), |(street, rest)| vec![street.to_owned(), rest.to_owned()]),
        _ => lines,
    };
    lines.into_iter().take(max).collect()
}

#[cfg(test)]
mod tests;
