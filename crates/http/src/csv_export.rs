//! CSV downloads, written once for every export (docs/decisions/0096-csv-exports.md): the `csv`
//! crate quotes and escapes, each cell is guarded against formula injection, and the response
//! carries `text/csv; charset=utf-8` and an attachment file name.

use std::borrow::Cow;

use actix_web::HttpResponse;
use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};

use crate::error::ApiError;

pub const CONTENT_TYPE_CSV: &str = "text/csv; charset=utf-8";

/// A cell a spreadsheet would read as a formula (it starts with `=`, `+`, `-` or `@`, or with a
/// tab or carriage return that some spreadsheets skip before one) gets a leading apostrophe,
/// so it shows as text.
pub fn neutralized(cell: &str) -> Cow<'_, str> {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) { Cow::Owned(format!("'{cell}")) } else { Cow::Borrowed(cell) }
}

/// The CSV text of a header row and data rows (RFC 4180: comma-separated, quoted where needed,
/// CRLF line ends), every cell neutralized.
pub fn to_csv<R, C>(header: &[&str], rows: R) -> Result<Vec<u8>, csv::Error>
where
    R: IntoIterator<Item = Vec<C>>,
    C: AsRef<str>,
{
    let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    writer.write_record(header.iter().map(|h| neutralized(h).into_owned()))?;
    for row in rows {
        writer.write_record(row.iter().map(|cell| neutralized(cell.as_ref()).into_owned()))?;
    }
    writer.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

/// A download of `filename` (plain ASCII letters, digits, `-`, `_` and `.`).
pub fn csv_response<R, C>(filename: &str, header: &[&str], rows: R) -> Result<HttpResponse, ApiError>
where
    R: IntoIterator<Item = Vec<C>>,
    C: AsRef<str>,
{
    debug_assert!(filename.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')));
    let body = to_csv(header, rows).map_err(|error| {
        tracing::error!(%error, "writing a CSV export failed");
        ApiError::new(actix_web::http::StatusCode::INTERNAL_SERVER_ERROR, "The export could not be written")
    })?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, CONTENT_TYPE_CSV))
        .insert_header((CONTENT_DISPOSITION, format!("attachment; filename=\"{filename}\"")))
        .insert_header(("Cache-Control", "no-store"))
        .body(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_cells_are_neutralized_and_others_kept() {
        for risky in ["=SUM(A1:A9)", "+1", "-2+3", "@cmd", "\t=1", "\r=1"] {
            assert_eq!(neutralized(risky), format!("'{risky}"));
        }
        for plain in ["Asha Rao", "25.00", "", "a=b", "AUTO-1-1"] {
            assert!(matches!(neutralized(plain), Cow::Borrowed(_)), "{plain}");
        }
    }

    #[test]
    fn rows_are_quoted_where_needed_with_crlf_line_ends() {
        let rows = vec![vec!["Rao, Asha", "said \"hi\"", "=HYPERLINK(\"x\")"], vec!["line\nbreak", "", "ok"]];
        let text = String::from_utf8(to_csv(&["A", "B", "C"], rows).expect("csv")).expect("utf-8");
        assert_eq!(text, "A,B,C\r\n\"Rao, Asha\",\"said \"\"hi\"\"\",\"'=HYPERLINK(\"\"x\"\")\"\r\n\"line\nbreak\",,ok\r\n");
    }

    #[test]
    fn the_response_is_an_attachment_of_utf8_csv() {
        let response = csv_response("payments.csv", &["Name"], vec![vec!["Śrī"]]).expect("response");
        assert_eq!(response.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()), Some(CONTENT_TYPE_CSV));
        assert_eq!(
            response.headers().get(CONTENT_DISPOSITION).and_then(|v| v.to_str().ok()),
            Some("attachment; filename=\"payments.csv\"")
        );
    }
}
