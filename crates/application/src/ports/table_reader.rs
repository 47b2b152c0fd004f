//! Reads an uploaded file (CSV or Excel) as a table of texts: the one CSV and spreadsheet reader
//! (the `tabular` adapter, ADR 0144).

use mandir_domain::import::{Table, TableError};

#[cfg_attr(any(test, feature = "testing"), mockall::automock)]
pub trait TableReader: Send + Sync {
    /// The file's first sheet (a workbook) or its records (a CSV) under its header row. The format
    /// is told by `file_name`'s ending (`.csv`, `.xlsx`), else by the bytes (a workbook is a ZIP).
    fn read(&self, file_name: &str, bytes: &[u8]) -> Result<Table, TableError>;
}
