//! A file read as a table of texts: the one shape every imported file (CSV or Excel) takes before
//! its rows are checked (docs/decisions/0144-imports.md). The reading itself is the `TableReader`
//! port's (the `tabular` adapter); here are the limits and the messages it answers.

/// The most rows one import may hold (a temple's 50,000 historical gifts fit twice over).
pub const MAX_ROWS: usize = 100_000;
/// The most columns a file may have.
pub const MAX_COLUMNS: usize = 200;
/// The longest a cell's text may be, in characters.
pub const MAX_CELL: usize = 2_000;

pub const UNKNOWN_FORMAT: &str = "Choose a CSV file (.csv) or an Excel workbook (.xlsx)";
pub const NOT_UTF8: &str = "The CSV file is not UTF-8 text: save it from the spreadsheet as \"CSV UTF-8\" and try again";
pub const NO_HEADER: &str = "The file has no header row: its first row must name the columns";
pub const NO_ROWS: &str = "The file has a header row but no rows to import";
pub const DUPLICATE_HEADER: &str = "Two columns have the same name";
pub const TOO_MANY_ROWS: &str = "The file has more than 100,000 rows: split it into smaller files";
pub const TOO_MANY_COLUMNS: &str = "The file has more than 200 columns";
pub const CELL_TOO_LONG: &str = "A cell is longer than 2,000 characters";

/// A file's rows as texts, trimmed, under its header row. Every row has as many cells as there
/// are headers (missing cells are blank, extra ones are dropped); wholly blank rows are skipped
/// but still counted, so [`Row::line`] is the row's number in the file as a spreadsheet shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Row>,
}

/// One row of a [`Table`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The row's number in the file, counting the header row as 1.
    pub line: usize,
    pub cells: Vec<String>,
}

/// Why a file could not be read as a table; its text is the message shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("{}", UNKNOWN_FORMAT)]
    UnknownFormat,
    #[error("{}", NOT_UTF8)]
    NotUtf8,
    #[error("{}", NO_HEADER)]
    NoHeader,
    #[error("{}", NO_ROWS)]
    NoRows,
    #[error("{DUPLICATE_HEADER}: \"{0}\"")]
    DuplicateHeader(String),
    #[error("{}", TOO_MANY_ROWS)]
    TooManyRows,
    #[error("{}", TOO_MANY_COLUMNS)]
    TooManyColumns,
    #[error("{CELL_TOO_LONG} (row {0})")]
    CellTooLong(usize),
    /// The file is damaged or not what its name says: the reader's own words.
    #[error("The file could not be read: {0}")]
    Unreadable(String),
}

impl Table {
    /// A table from a header and its rows as read, applying the rules above: headers and cells
    /// trimmed, blank trailing headers dropped, rows padded or cut to the header's width, blank
    /// rows skipped. `first_line` is the header's line in the file (1 for a CSV).
    pub fn from_records<I>(mut records: I) -> Result<Self, TableError>
    where
        I: Iterator<Item = Result<Vec<String>, TableError>>,
    {
        let mut line = 0usize;
        let headers = loop {
            match records.next() {
                None => return Err(TableError::NoHeader),
                Some(record) => {
                    line += 1;
                    let record = record?;
                    if record.iter().any(|cell| !cell.trim().is_empty()) {
                        break record;
                    }
                }
            }
        };
        let mut headers: Vec<String> = headers.iter().map(|h| clean(h)).collect();
        while headers.last().is_some_and(String::is_empty) {
            headers.pop();
        }
        if headers.len() > MAX_COLUMNS {
            return Err(TableError::TooManyColumns);
        }
        for (i, header) in headers.iter().enumerate() {
            if !header.is_empty() && headers[..i].iter().any(|h| h.eq_ignore_ascii_case(header)) {
                return Err(TableError::DuplicateHeader(header.clone()));
            }
        }
        let mut rows = Vec::new();
        for record in records {
            line += 1;
            let record = record?;
            let mut cells: Vec<String> = record.iter().take(headers.len()).map(|c| clean(c)).collect();
            if cells.iter().all(String::is_empty) {
                continue;
            }
            if cells.iter().any(|c| c.chars().count() > MAX_CELL) {
                return Err(TableError::CellTooLong(line));
            }
            cells.resize(headers.len(), String::new());
            if rows.len() == MAX_ROWS {
                return Err(TableError::TooManyRows);
            }
            rows.push(Row { line, cells });
        }
        if rows.is_empty() {
            return Err(TableError::NoRows);
        }
        Ok(Self { headers, rows })
    }

    /// The position of the column named `header` (case and spaces aside).
    pub fn column(&self, header: &str) -> Option<usize> {
        let wanted = header.trim();
        self.headers.iter().position(|h| h.eq_ignore_ascii_case(wanted))
    }
}

/// A cell's text: trimmed, with a byte-order mark and non-breaking spaces taken out.
fn clean(text: &str) -> String {
    text.trim_start_matches('\u{feff}').replace('\u{a0}', " ").trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(rows: &[&[&str]]) -> impl Iterator<Item = Result<Vec<String>, TableError>> {
        rows.iter().map(|r| Ok(r.iter().map(|c| (*c).to_owned()).collect())).collect::<Vec<_>>().into_iter()
    }

    #[test]
    fn rows_are_trimmed_padded_and_numbered_as_the_file_shows_them() {
        let table = Table::from_records(records(&[
            &["\u{feff}First name", " Email ", ""],
            &[" Ravi ", "ravi@example.org", "extra", "more"],
            &["", "", ""],
            &["Lakshmi"],
        ]))
        .expect("a table");
        assert_eq!(table.headers, ["First name", "Email"]);
        assert_eq!(table.rows[0], Row { line: 2, cells: vec!["Ravi".into(), "ravi@example.org".into()] });
        assert_eq!(table.rows[1], Row { line: 4, cells: vec!["Lakshmi".into(), String::new()] });
        assert_eq!(table.column("email"), Some(1));
    }

    #[test]
    fn empty_files_headers_only_and_twice_named_columns_are_refused() {
        assert_eq!(Table::from_records(records(&[])), Err(TableError::NoHeader));
        assert_eq!(Table::from_records(records(&[&["", ""]])), Err(TableError::NoHeader));
        assert_eq!(Table::from_records(records(&[&["Name"], &[""]])), Err(TableError::NoRows));
        assert_eq!(Table::from_records(records(&[&["Name", "name"], &["a", "b"]])), Err(TableError::DuplicateHeader("name".into())));
        let long = "x".repeat(MAX_CELL + 1);
        assert_eq!(Table::from_records(records(&[&["Name"], &[long.as_str()]])), Err(TableError::CellTooLong(2)));
    }
}
