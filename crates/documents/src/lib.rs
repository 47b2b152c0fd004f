//! Printed documents: year-end statements as letters from the temple, in PDF
//! (docs/decisions/0139-statements-as-pdf-letters.md).
//!
//! Written with `pdf-writer` in the PDF standard fonts (Helvetica and Helvetica-Bold), which every
//! reader has: nothing is embedded, so a year's letters for 2,000 donors stay small. Their text
//! is WinAnsi (Latin-1 and a few typographic signs); a character outside it prints as `?`.
//! US Letter pages; the donor's name and address sit where a #10 window envelope shows them.

mod metrics;
mod text;

use chrono::NaiveDate;
use mandir_application::ports::StatementDocuments;
use mandir_domain::money::group_thousands;
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

/// Prints statements with `pdf-writer` (the [`StatementDocuments`] port).
#[derive(Debug, Clone, Copy, Default)]
pub struct PdfStatements;

impl StatementDocuments for PdfStatements {
    fn statements(&self, statements: &[StatementView], issued_on: NaiveDate) -> Vec<u8> {
        let mut pages: Vec<Content> = Vec::new();
        for statement in statements {
            pages.extend(Letter::new(statement, issued_on).pages());
        }
        if pages.is_empty() {
            pages.push(nothing_to_print());
        }
        assemble(pages, statements.first().map(|s| s.year))
    }
}

/// Writes `pages` into one PDF with the two fonts they use.
fn assemble(pages: Vec<Content>, year: Option<i32>) -> Vec<u8> {
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
    let title = year.map_or_else(|| "Giving statements".to_owned(), |y| format!("{y} giving statements"));
    pdf.document_info(info).title(TextStr(&title)).producer(TextStr("Mandir"));
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

/// One donor's letter, laid out page by page.
struct Letter<'a> {
    statement: &'a StatementView,
    issued_on: NaiveDate,
    pages: Vec<Content>,
    page: Content,
    /// The next baseline.
    y: f32,
    /// Whether the gifts' table is being written (a new page repeats its header).
    in_table: bool,
}

impl<'a> Letter<'a> {
    fn new(statement: &'a StatementView, issued_on: NaiveDate) -> Self {
        Self { statement, issued_on, pages: Vec::new(), page: Content::new(), y: PAGE_HEIGHT - MARGIN, in_table: false }
    }

    fn dollars(amount: &str) -> String {
        format!("${}", group_thousands(amount))
    }

    /// The letter's pages, each with its footer ("Page 1 of 2").
    fn pages(mut self) -> Vec<Content> {
        self.first_page();
        self.gifts();
        self.closing();
        let mut pages = std::mem::take(&mut self.pages);
        pages.push(std::mem::replace(&mut self.page, Content::new()));
        let total = pages.len();
        let s = self.statement;
        for (index, page) in pages.iter_mut().enumerate() {
            let mut footer = s.organization.clone();
            if let Some(ein) = &s.ein {
                footer.push_str(&format!(" \u{b7} EIN {ein}"));
            }
            page.set_fill_gray(0.35);
            put(page, Font::Regular, 8.0, MARGIN, 40.0, &footer);
            put_right(page, Font::Regular, 8.0, RIGHT, 40.0, &format!("{} \u{b7} Page {} of {total}", s.donor_name, index + 1));
            page.set_fill_gray(0.0);
        }
        pages
    }

    fn line(&mut self, font: Font, size: f32, x: f32, text: &str) {
        put(&mut self.page, font, size, x, self.y, text);
    }

    /// Room for `height` more points on this page, or a new page headed as a continuation.
    fn room(&mut self, height: f32) {
        if self.y - height >= BOTTOM {
            return;
        }
        self.pages.push(std::mem::replace(&mut self.page, Content::new()));
        self.y = PAGE_HEIGHT - MARGIN - 10.0;
        let heading = format!("{} giving statement for {} (continued)", self.statement.year, self.statement.donor_name);
        self.line(Font::Bold, 10.0, MARGIN, &heading);
        self.y -= 24.0;
        if self.in_table {
            self.table_header();
        }
    }

    fn first_page(&mut self) {
        let s = self.statement;
        // The letterhead: the organization, its address and EIN; the date on the right.
        self.y -= 16.0;
        self.line(Font::Bold, 16.0, MARGIN, &fit(&s.organization, Font::Bold, 16.0, 360.0));
        let issued = self.issued_on.format("%B %-d, %Y").to_string();
        put_right(&mut self.page, Font::Regular, 10.0, RIGHT, self.y, &issued);
        let mut details: Vec<String> = s.organization_address.as_deref().map(|a| address_lines(a, 3)).unwrap_or_default();
        if let Some(ein) = &s.ein {
            details.push(format!("Tax ID (EIN) {ein}"));
        }
        for detail in details {
            self.y -= 12.0;
            self.line(Font::Regular, 9.0, MARGIN, &fit(&detail, Font::Regular, 9.0, 360.0));
        }
        self.y -= 10.0;
        rule(&mut self.page, self.y);
        if s.test {
            self.page.set_fill_rgb(0.75, 0.0, 0.0);
            put_right(&mut self.page, Font::Bold, 11.0, RIGHT, self.y - 16.0, "TEST \u{2014} not a receipt");
            self.page.set_fill_gray(0.0);
        }

        // The donor, in the envelope's window.
        self.y = ADDRESS_TOP;
        self.line(Font::Regular, 11.0, ADDRESS_LEFT, &fit(&s.donor_name, Font::Regular, 11.0, 300.0));
        for line in s.donor_address.as_deref().map(|a| address_lines(a, 4)).unwrap_or_default() {
            self.y -= 13.0;
            self.line(Font::Regular, 11.0, ADDRESS_LEFT, &fit(&line, Font::Regular, 11.0, 300.0));
        }

        // The greeting.
        self.y = ADDRESS_TOP - 96.0;
        self.line(Font::Bold, 14.0, MARGIN, &format!("{} giving statement", s.year));
        self.y -= 22.0;
        let first = s.donor_name.split_whitespace().next().unwrap_or("friend");
        self.line(Font::Regular, 10.5, MARGIN, &format!("Dear {first},"));
        self.y -= 16.0;
        let thanks = format!(
            "Thank you for your generous support of {} in {}. This letter lists every gift we received from you \
             that year, for your tax records.",
            s.organization, s.year
        );
        self.paragraph(&thanks, Font::Regular, 10.5, 14.0);
        self.y -= 10.0;
        self.table_header();
        self.in_table = true;
    }

    fn paragraph(&mut self, text: &str, font: Font, size: f32, leading: f32) {
        for line in wrap(text, font, size, RIGHT - MARGIN) {
            self.room(leading);
            self.line(font, size, MARGIN, &line);
            self.y -= leading;
        }
    }

    fn table_header(&mut self) {
        let size = 9.0;
        for (x, title) in COLUMNS.iter().zip(["Date", "Receipt", "Fund", "Purpose"]) {
            self.line(Font::Bold, size, *x, title);
        }
        put_right(&mut self.page, Font::Bold, size, AMOUNT_RIGHT, self.y, "Amount");
        put_right(&mut self.page, Font::Bold, size, DEDUCTIBLE_RIGHT, self.y, "Deductible");
        self.y -= 5.0;
        rule(&mut self.page, self.y);
        self.y -= ROW - 2.0;
    }

    fn gifts(&mut self) {
        let size = 9.0;
        let s = self.statement;
        if s.gifts.is_empty() {
            self.line(Font::Regular, size, MARGIN, "No gifts were received this year.");
            self.y -= ROW;
        }
        for gift in &s.gifts {
            self.room(ROW);
            let cells = [
                (&gift.date, COLUMNS[1] - COLUMNS[0]),
                (&gift.receipt_number, COLUMNS[2] - COLUMNS[1]),
                (&gift.funds, COLUMNS[3] - COLUMNS[2]),
            ];
            for ((text, room), x) in cells.into_iter().zip(COLUMNS) {
                self.line(Font::Regular, size, x, &fit(text, Font::Regular, size, room - 6.0));
            }
            let purpose_room = AMOUNT_RIGHT - 55.0 - COLUMNS[3];
            self.line(Font::Regular, size, COLUMNS[3], &fit(&gift.purposes, Font::Regular, size, purpose_room));
            put_right(&mut self.page, Font::Regular, size, AMOUNT_RIGHT, self.y, &Self::dollars(&gift.amount));
            put_right(&mut self.page, Font::Regular, size, DEDUCTIBLE_RIGHT, self.y, &Self::dollars(&gift.deductible));
            self.y -= ROW;
        }
        self.in_table = false;
        self.room(ROW + 8.0);
        self.y += ROW - 6.0;
        rule(&mut self.page, self.y);
        self.y -= ROW;
        self.line(Font::Bold, size, MARGIN, &format!("Total for {}", s.year));
        put_right(&mut self.page, Font::Bold, size, AMOUNT_RIGHT, self.y, &Self::dollars(&s.total));
        put_right(&mut self.page, Font::Bold, size, DEDUCTIBLE_RIGHT, self.y, &Self::dollars(&s.deductible_total));
        self.y -= ROW + 10.0;
    }

    /// The acknowledgement (each gift's own when they differ), then the temple's thanks.
    fn closing(&mut self) {
        let s = self.statement;
        self.paragraph(&s.acknowledgement, Font::Regular, 9.5, 13.0);
        // When the gifts call for different acknowledgements, each gift's is printed with it.
        for gift in s.gifts.iter().filter(|g| g.acknowledgement != s.acknowledgement) {
            let text = format!("Receipt {} ({}): {}", gift.receipt_number, gift.date, gift.acknowledgement);
            self.paragraph(&text, Font::Regular, 9.0, 12.0);
        }
        self.y -= 10.0;
        self.paragraph("With gratitude and blessings,", Font::Regular, 10.5, 14.0);
        let organization = s.organization.clone();
        self.paragraph(&organization, Font::Bold, 10.5, 14.0);
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
