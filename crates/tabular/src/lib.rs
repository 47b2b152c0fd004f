//! The one CSV and spreadsheet reader (ADR 0144): uploaded files as tables of texts.
//!
//! A CSV file (`csv`) or the first worksheet of an Excel workbook (`calamine`) becomes the
//! records [`Table::from_records`] takes, one per line as a spreadsheet numbers them, so that a
//! row's [`Row::line`](mandir_domain::import::Row::line) is the number the user sees. Both are
//! read lazily: a file with too many rows stops being read there.

use std::io::{Cursor, Read, Seek};

use calamine::{Data, DataRef, Reader, SheetType, SheetVisible, Xlsx, XlsxCellReader, XlsxError};
use mandir_application::ports::TableReader;
use mandir_domain::import::table::MAX_COLUMNS;
use mandir_domain::import::{Table, TableError};

/// The largest file read, in bytes (20 MiB), whatever its format.
pub const MAX_FILE_BYTES: usize = 20 * 1024 * 1024;

const ZIP_MAGIC: &[u8] = b"PK\x03\x04";
/// The start of an OLE compound file: a legacy `.xls` workbook (or a password-protected `.xlsx`).
const OLE_MAGIC: &[u8] = b"\xD0\xCF\x11\xE0";
const BOM: &str = "\u{feff}";

/// Reads uploaded CSV files and Excel workbooks (`.xlsx`, `.xlsm`) as [`Table`]s.
#[derive(Debug, Clone, Copy, Default)]
pub struct SpreadsheetTableReader;

impl TableReader for SpreadsheetTableReader {
    fn read(&self, file_name: &str, bytes: &[u8]) -> Result<Table, TableError> {
        if bytes.len() > MAX_FILE_BYTES {
            return Err(TableError::Unreadable("it is larger than 20 MB".into()));
        }
        match format_of(file_name, bytes)? {
            Format::Csv => read_csv(bytes),
            Format::Xlsx => read_xlsx(bytes),
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Format {
    Csv,
    Xlsx,
}

/// The format by the name's ending, else by the bytes: a ZIP is a workbook, UTF-8 text a CSV.
fn format_of(file_name: &str, bytes: &[u8]) -> Result<Format, TableError> {
    let ending = file_name.rsplit_once('.').map(|(_, ending)| ending.to_ascii_lowercase());
    match ending.as_deref() {
        Some("csv" | "txt") => Ok(Format::Csv),
        Some("xlsx" | "xlsm") => Ok(Format::Xlsx),
        _ if bytes.starts_with(ZIP_MAGIC) => Ok(Format::Xlsx),
        _ if bytes.starts_with(OLE_MAGIC) => Err(TableError::UnknownFormat),
        _ if std::str::from_utf8(bytes).is_ok() => Ok(Format::Csv),
        _ => Err(TableError::UnknownFormat),
    }
}

// ---------------------------------------------------------------------------------------------
// CSV

fn read_csv(bytes: &[u8]) -> Result<Table, TableError> {
    let text = std::str::from_utf8(bytes).map_err(|_| TableError::NotUtf8)?;
    let text = text.strip_prefix(BOM).unwrap_or(text);
    let reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).delimiter(delimiter(text)).from_reader(text.as_bytes());
    Table::from_records(CsvRecords { reader, text: text.as_bytes(), end: 0, blank_lines: 0, held: None, record: csv::StringRecord::new() })
}

/// `;` or a tab when the first line says so (a spreadsheet saved in a comma-decimal locale, or
/// tab-separated text), else `,`.
fn delimiter(text: &str) -> u8 {
    let first = text.lines().find(|line| !line.trim().is_empty()).unwrap_or_default();
    let count = |wanted: char| first.chars().filter(|&c| c == wanted).count();
    let (commas, semicolons, tabs) = (count(','), count(';'), count('\t'));
    if semicolons > commas && tabs == 0 {
        b';'
    } else if tabs > 0 && commas == 0 {
        b'\t'
    } else {
        b','
    }
}

/// A CSV file's records, with a blank one for each empty line the `csv` crate skips (a
/// spreadsheet shows those lines as rows, so the later rows keep their numbers).
struct CsvRecords<'a> {
    reader: csv::Reader<&'a [u8]>,
    text: &'a [u8],
    /// Where the last record read ended, in bytes.
    end: usize,
    /// Blank records still owed before `held`.
    blank_lines: usize,
    held: Option<Vec<String>>,
    record: csv::StringRecord,
}

impl Iterator for CsvRecords<'_> {
    type Item = Result<Vec<String>, TableError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.blank_lines > 0 {
            self.blank_lines -= 1;
            return Some(Ok(Vec::new()));
        }
        if let Some(record) = self.held.take() {
            return Some(Ok(record));
        }
        match self.reader.read_record(&mut self.record) {
            Err(error) => Some(Err(TableError::Unreadable(error.to_string()))),
            Ok(false) => None,
            Ok(true) => {
                let start = self.end;
                self.end = usize::try_from(self.reader.position().byte()).unwrap_or(usize::MAX).min(self.text.len());
                let record = self.record.iter().map(str::to_owned).collect();
                match skipped_lines(self.text, start, self.end) {
                    0 => Some(Ok(record)),
                    skipped => {
                        self.blank_lines = skipped - 1;
                        self.held = Some(record);
                        Some(Ok(Vec::new()))
                    }
                }
            }
        }
    }
}

/// How many empty lines open `text[start..end]`, the bytes the reader took for one record: the
/// line breaks before its first field, less the `\n` ending the record before (`\r\n`).
fn skipped_lines(text: &[u8], start: usize, end: usize) -> usize {
    let mut at = start;
    if at > 0 && text[at - 1] == b'\r' && text.get(at) == Some(&b'\n') {
        at += 1;
    }
    let mut lines = 0;
    while at < end {
        match text[at] {
            b'\r' if text.get(at + 1) == Some(&b'\n') => at += 2,
            b'\r' | b'\n' => at += 1,
            _ => break,
        }
        lines += 1;
    }
    lines
}

// ---------------------------------------------------------------------------------------------
// Excel

fn read_xlsx(bytes: &[u8]) -> Result<Table, TableError> {
    let mut workbook = Xlsx::new(Cursor::new(bytes)).map_err(unreadable)?;
    let sheets = workbook.sheets_metadata();
    let worksheet =
        |visible: bool| sheets.iter().find(|s| s.typ == SheetType::WorkSheet && (!visible || s.visible == SheetVisible::Visible));
    let Some(sheet) = worksheet(true).or_else(|| worksheet(false)) else {
        return Err(TableError::NoHeader);
    };
    let name = sheet.name.clone();
    let cells = workbook.worksheet_cells_reader(&name).map_err(unreadable)?;
    Table::from_records(SheetRecords { cells, row: 0, ahead: None, done: false })
}

fn unreadable(error: XlsxError) -> TableError {
    match error {
        XlsxError::Password => TableError::Unreadable("the workbook is protected by a password: save it without one".into()),
        XlsxError::Zip(_) => TableError::Unreadable("it is not an Excel workbook (.xlsx), or it is damaged".into()),
        error => TableError::Unreadable(error.to_string()),
    }
}

/// A worksheet's rows from its first, row 1 (A1) whatever the sheet's used range, a blank record
/// for each row without values. The cells are streamed, never laid out as the whole used range:
/// a stray cell at XFD1048576 costs a million empty records, not seventeen billion cells.
struct SheetRecords<'a, RS: Read + Seek> {
    cells: XlsxCellReader<'a, RS>,
    /// The row (from 0) of the next record.
    row: u32,
    /// A cell read of a later row than `row`.
    ahead: Option<calamine::Cell<DataRef<'a>>>,
    done: bool,
}

impl<RS: Read + Seek> Iterator for SheetRecords<'_, RS> {
    type Item = Result<Vec<String>, TableError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut record: Vec<String> = Vec::new();
        loop {
            let cell = match self.ahead.take().map(Ok).or_else(|| self.cells.next_cell().transpose()) {
                Some(Ok(cell)) => cell,
                Some(Err(error)) => {
                    self.done = true;
                    return Some(Err(unreadable(error)));
                }
                None => {
                    self.done = true;
                    return (!record.is_empty()).then_some(Ok(record));
                }
            };
            let (row, column) = cell.get_position();
            if row > self.row {
                self.row += 1;
                self.ahead = Some(cell);
                return Some(Ok(record));
            }
            if row < self.row {
                self.done = true;
                return Some(Err(TableError::Unreadable("the sheet's rows are out of order".into())));
            }
            let text = text(Data::from(cell.get_value().clone()));
            // Past the widest header allowed, one cell stands for the rest: enough for the table to
            // refuse a header that wide (rows are cut to the header anyway).
            let column = usize::try_from(column).unwrap_or(usize::MAX).min(MAX_COLUMNS);
            if text.is_empty() || record.get(column).is_some_and(|c| !c.is_empty()) {
                continue;
            }
            if record.len() <= column {
                record.resize(column + 1, String::new());
            }
            record[column] = text;
        }
    }
}

/// A cell's value as the sheet shows it (near enough): numbers without binary noise, dates as
/// `YYYY-MM-DD` (with ` HH:MM:SS` when they have a time), errors as Excel writes them (`#N/A`).
fn text(value: Data) -> String {
    match value {
        Data::Empty => String::new(),
        Data::String(text) | Data::DurationIso(text) => text,
        Data::Bool(true) => "TRUE".into(),
        Data::Bool(false) => "FALSE".into(),
        Data::Int(number) => number.to_string(),
        Data::Float(number) => float(number),
        Data::DateTime(moment) if moment.is_duration() => {
            let seconds = (moment.as_f64() * 86_400.0).round() as i64;
            let sign = if seconds < 0 { "-" } else { "" };
            let seconds = seconds.unsigned_abs();
            format!("{sign}{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
        }
        Data::DateTime(moment) => {
            let (year, month, day, hour, minute, second, _) = moment.to_ymd_hms_milli();
            let time = format!("{hour:02}:{minute:02}:{second:02}");
            match (moment.as_f64() < 1.0, hour + minute + second == 0) {
                (true, _) => time,
                (false, true) => format!("{year:04}-{month:02}-{day:02}"),
                (false, false) => format!("{year:04}-{month:02}-{day:02} {time}"),
            }
        }
        Data::DateTimeIso(text) => match text.split_once('T') {
            Some((date, time)) if time.trim_end_matches('Z').bytes().all(|b| matches!(b, b'0' | b':' | b'.')) => date.to_owned(),
            Some((date, time)) => format!("{date} {}", time.get(..8).unwrap_or(time)),
            None => text,
        },
        Data::Error(error) => error.to_string(),
    }
}

/// A number as Excel keeps it, to 15 significant digits, in Rust's shortest form: `1234`, `12.5`,
/// and `1001.1` for the `1001.1000000000001` arithmetic leaves behind.
fn float(number: f64) -> String {
    if !number.is_finite() {
        return number.to_string();
    }
    let rounded: f64 = format!("{number:.14e}").parse().unwrap_or(number);
    if rounded == 0.0 { "0".into() } else { rounded.to_string() }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use mandir_domain::import::Row;
    use rust_xlsxwriter::{ExcelDateTime, Format as CellFormat, Workbook, Worksheet};

    use super::*;

    fn read(file_name: &str, bytes: &[u8]) -> Result<Table, TableError> {
        SpreadsheetTableReader.read(file_name, bytes)
    }

    fn row(line: usize, cells: &[&str]) -> Row {
        Row { line, cells: cells.iter().map(|c| (*c).to_owned()).collect() }
    }

    fn workbook(fill: impl FnOnce(&mut Worksheet)) -> Vec<u8> {
        let mut workbook = Workbook::new();
        fill(workbook.add_worksheet());
        workbook.save_to_buffer().unwrap()
    }

    #[test]
    fn a_messy_csv_keeps_its_line_numbers() {
        let csv = "\u{feff}Name,Amount,Note\r\n\
                   Ravi,\"$1,001.00\",\"first line, still\r\nsecond line\"\r\n\
                   \r\n\
                   Lakshmi,25,extra,columns\r\n\
                   \r\n\
                   \r\n\
                   Gopal , 7 \r\n";
        let table = read("gifts.CSV", csv.as_bytes()).unwrap();
        assert_eq!(table.headers, ["Name", "Amount", "Note"]);
        assert_eq!(
            table.rows,
            [
                row(2, &["Ravi", "$1,001.00", "first line, still\r\nsecond line"]),
                row(4, &["Lakshmi", "25", "extra"]),
                row(7, &["Gopal", "7", ""]),
            ]
        );
    }

    #[test]
    fn blank_lines_count_with_any_line_ending() {
        for csv in ["\n\nName\nA\n\nB", "\r\n\r\nName\r\nA\r\n\r\nB\r\n", "\r\rName\rA\r\rB\r"] {
            let table = read("people.csv", csv.as_bytes()).unwrap();
            assert_eq!(table.rows, [row(4, &["A"]), row(6, &["B"])], "{csv:?}");
        }
    }

    #[test]
    fn semicolons_and_tabs_are_told_from_the_first_line() {
        let table = read("export.csv", "Name;Amount\nRavi;1001,50\n".as_bytes()).unwrap();
        assert_eq!(table.rows, [row(2, &["Ravi", "1001,50"])]);
        let table = read("export.txt", "Name\tAmount\nRavi\t1,001.50\n".as_bytes()).unwrap();
        assert_eq!(table.rows, [row(2, &["Ravi", "1,001.50"])]);
        let table = read("export.csv", "Name,Note\nRavi,a;b;c\n".as_bytes()).unwrap();
        assert_eq!(table.rows, [row(2, &["Ravi", "a;b;c"])]);
    }

    #[test]
    fn a_csv_that_is_not_utf8_is_refused() {
        assert_eq!(read("people.csv", b"Name\nJos\xe9\n"), Err(TableError::NotUtf8));
        assert_eq!(read("people", b"Name\nJos\xe9\n"), Err(TableError::UnknownFormat));
        assert_eq!(read("people", "Name\nJosé\n".as_bytes()).unwrap().rows, [row(2, &["José"])]);
    }

    #[test]
    fn a_workbook_reads_as_the_sheet_shows_it() {
        let date = CellFormat::new().set_num_format("yyyy-mm-dd");
        let moment = CellFormat::new().set_num_format("yyyy-mm-dd hh:mm");
        let bytes = workbook(|sheet| {
            for (column, header) in ["Name", "Amount", "Date", "Paid", "Share"].into_iter().enumerate() {
                sheet.write_string(0, column as u16, header).unwrap();
            }
            sheet.write_string(1, 0, " Ravi ").unwrap();
            sheet.write_number(1, 1, 1234.0).unwrap();
            sheet.write_datetime_with_format(1, 2, ExcelDateTime::from_ymd(2021, 3, 5).unwrap(), &date).unwrap();
            sheet.write_boolean(1, 3, true).unwrap();
            sheet.write_number(1, 4, 12.5).unwrap();
            // Row 3 is blank.
            sheet.write_string(3, 0, "Lakshmi").unwrap();
            sheet.write_number(3, 1, 1001.1000000000001).unwrap();
            let at = ExcelDateTime::from_ymd(2024, 12, 31).unwrap().and_hms(18, 30, 5).unwrap();
            sheet.write_datetime_with_format(3, 2, at, &moment).unwrap();
            sheet.write_boolean(3, 3, false).unwrap();
            sheet.write_number(3, 4, 0.1 + 0.2).unwrap();
        });
        let table = read("gifts.xlsx", &bytes).unwrap();
        assert_eq!(table.headers, ["Name", "Amount", "Date", "Paid", "Share"]);
        assert_eq!(
            table.rows,
            [
                row(2, &["Ravi", "1234", "2021-03-05", "TRUE", "12.5"]),
                row(4, &["Lakshmi", "1001.1", "2024-12-31 18:30:05", "FALSE", "0.3"]),
            ]
        );
        // Without a name, the bytes tell a workbook.
        assert_eq!(read("upload", &bytes).unwrap(), table);
    }

    #[test]
    fn a_sheet_not_starting_at_a1_keeps_its_row_numbers() {
        let bytes = workbook(|sheet| {
            sheet.write_string(2, 1, "Name").unwrap();
            sheet.write_string(2, 2, "Email").unwrap();
            sheet.write_string(3, 1, "Ravi").unwrap();
            sheet.write_string(3, 2, "ravi@example.org").unwrap();
            sheet.write_string(5, 2, "only@example.org").unwrap();
        });
        let table = read("people.xlsx", &bytes).unwrap();
        assert_eq!(table.headers, ["", "Name", "Email"]);
        assert_eq!(table.rows, [row(4, &["", "Ravi", "ravi@example.org"]), row(6, &["", "", "only@example.org"])]);
    }

    #[test]
    fn cells_far_to_the_right_or_below_are_seen_but_not_laid_out() {
        let bytes = workbook(|sheet| {
            sheet.write_string(0, 0, "Name").unwrap();
            sheet.write_string(0, 5000, "Far").unwrap();
            sheet.write_string(1, 0, "Ravi").unwrap();
        });
        assert_eq!(read("wide.xlsx", &bytes), Err(TableError::TooManyColumns));
        // A stray value in the sheet's last cell (XFD1048576) costs blank records, not memory.
        let bytes = workbook(|sheet| {
            sheet.write_string(0, 0, "Name").unwrap();
            sheet.write_string(1, 0, "Ravi").unwrap();
            sheet.write_string(1_048_575, 16_383, "stray").unwrap();
        });
        assert_eq!(read("stray.xlsx", &bytes).unwrap().rows, [row(2, &["Ravi"])]);
    }

    #[test]
    fn damaged_legacy_big_and_empty_files_are_refused() {
        let garbage: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
        assert!(matches!(read("gifts.xlsx", &garbage), Err(TableError::Unreadable(_))));
        let mut broken_zip = ZIP_MAGIC.to_vec();
        broken_zip.extend_from_slice(&garbage);
        assert!(matches!(read("gifts", &broken_zip), Err(TableError::Unreadable(_))));

        let mut ole = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1".to_vec();
        ole.resize(1024, 0);
        assert_eq!(read("gifts.xls", &ole), Err(TableError::UnknownFormat));

        let big = vec![b'a'; MAX_FILE_BYTES + 1];
        assert_eq!(read("big.csv", &big), Err(TableError::Unreadable("it is larger than 20 MB".into())));

        assert_eq!(read("empty.xlsx", &workbook(|_| {})), Err(TableError::NoHeader));
        assert_eq!(read("empty.csv", b""), Err(TableError::NoHeader));
    }

    #[test]
    fn numbers_lose_their_binary_noise_only() {
        assert_eq!(float(1234.0), "1234");
        assert_eq!(float(-12.5), "-12.5");
        assert_eq!(float(1001.1000000000001), "1001.1");
        assert_eq!(float(0.1 + 0.7), "0.8");
        assert_eq!(float(9_876_543_210.0), "9876543210");
        assert_eq!(float(0.000_001_25), "0.00000125");
        assert_eq!(float(-0.0), "0");
        assert_eq!(text(Data::Error(calamine::CellErrorType::NA)), "#N/A");
        assert_eq!(text(Data::DateTimeIso("2021-03-05T00:00:00".into())), "2021-03-05");
        assert_eq!(text(Data::DateTimeIso("2021-03-05T10:15:00.000".into())), "2021-03-05 10:15:00");
    }
}
