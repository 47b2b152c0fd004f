//! A page's data block: the API answers the page reads first, keyed by their SWR keys (the API
//! paths), as one JSON object the frontend passes to SWR's `fallback`
//! (frontend/src/lib/initial-data.ts).

use chrono::{Months, NaiveDate};
use serde::Serialize;

use super::Head;
use crate::error::ApiError;
use crate::state::AppState;

/// The id of the JSON data block the frontend reads (frontend/src/lib/initial-data.ts).
pub const DATA_BLOCK_ID: &str = "mandir-data";

impl Head {
    /// The data block's JSON: an object of the `data` pairs.
    pub(super) fn data_block(&self) -> String {
        let mut block = String::from("{");
        for (i, (key, value)) in self.data.iter().enumerate() {
            if i > 0 {
                block.push(',');
            }
            block.push_str(&serde_json::Value::String(key.clone()).to_string());
            block.push(':');
            block.push_str(&String::from_utf8_lossy(value));
        }
        block.push('}');
        block
    }
}

/// The SWR key of a month's panchangam: the path the panchangam page fetches (frontend/src/lib/api-keys.ts).
pub(super) fn month_key(first: NaiveDate) -> (String, String, String) {
    let last = first.checked_add_months(Months::new(1)).and_then(|next| next.pred_opt()).unwrap_or(first);
    let (from, to) = (first.format("%Y-%m-%d").to_string(), last.format("%Y-%m-%d").to_string());
    (format!("/api/panchangam?from={from}&to={to}"), from, to)
}

/// The SWR key of the festivals of a month's year: the path the panchangam page fetches for the
/// festivals it names on their days (frontend/src/lib/api-keys.ts).
pub(super) fn festivals_key(first: NaiveDate) -> (String, String) {
    let year = first.format("%Y").to_string();
    (format!("/api/festivals?year={year}"), year)
}

pub(super) fn json<T: Serialize>(value: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(value).map_err(|e| {
        tracing::error!(error = %e, "serializing a page's data");
        ApiError::new(actix_web::http::StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong")
    })
}

/// The events list exactly as `GET /api/events` answers it (the same cached body).
pub(super) async fn events_json(state: &AppState) -> Result<Vec<u8>, ApiError> {
    let events = state.events.list().await?;
    let body = state.events_json.list_body(events).map_err(crate::routes::events::serializing_events)?;
    Ok(body.to_vec())
}

/// The festivals of a year exactly as `GET /api/festivals?year=` answers them.
pub(super) async fn festivals_json(state: &AppState, year: &str) -> Result<Vec<u8>, ApiError> {
    json(&crate::routes::festivals::festivals_dto(state, Some(year)).await?)
}

/// A page's data block entry that the page can do without: on failure it is left out (logged), and
/// the page fetches it itself.
pub(super) async fn optional<F>(key: &str, value: F) -> Option<(String, Vec<u8>)>
where
    F: std::future::Future<Output = Result<Vec<u8>, ApiError>>,
{
    match value.await {
        Ok(value) => Some((key.to_owned(), value)),
        Err(e) => {
            tracing::warn!(error = ?e, key, "a page's data left out");
            None
        }
    }
}

/// JSON inside a `<script>` element: `<`, `>` and `&` written as `\u00XX` (valid JSON: they can only
/// occur inside strings), so nothing can end the element or open a comment.
pub(super) fn script_safe(json: &[u8]) -> String {
    let text = String::from_utf8_lossy(json);
    text.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}
