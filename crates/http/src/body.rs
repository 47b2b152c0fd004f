//! `JsonBody<T>`: the one way handlers read a JSON request body (docs/api.md#request-bodies).
//!
//! It reads the body with actix's `web::Json<serde_json::Value>` (so the size limit, the
//! `Content-Type` check and their answers come from `error::json_config`), then insists on the
//! shape the OpenAPI document promises before `T` sees it:
//!
//! - the body is a JSON object: serde's derived `Deserialize` for structs also accepts a JSON
//!   array and fills the fields by position, so `[]` or `[3, "notes"]` would otherwise pass;
//! - a non-empty object names at least one of `T`'s fields (taken from `T`'s OpenAPI schema):
//!   `{"": null}` or `{"nmae": "x"}` would otherwise be read as "nothing given", which a PATCH
//!   or a form with only optional fields accepts as a success. `{}` stays valid.

use std::ops::Deref;

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, web};
use futures::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use serde_json::Value;
use utoipa::PartialSchema;
use utoipa::openapi::{RefOr, Schema};

use crate::error::ApiError;

pub const NOT_AN_OBJECT: &str = "Invalid request body: expected a JSON object";
pub const NO_KNOWN_FIELD: &str = "Invalid request body: none of its fields is one this operation takes";

/// A JSON request body of type `T`, checked to be an object with at least one known field.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T> JsonBody<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for JsonBody<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// The property names of `T`'s schema; `None` when it is not a plain object schema.
fn known_fields<T: PartialSchema>() -> Option<Vec<String>> {
    match T::schema() {
        RefOr::T(Schema::Object(object)) => Some(object.properties.keys().cloned().collect()),
        _ => None,
    }
}

fn bad_request(message: impl Into<String>) -> actix_web::Error {
    ApiError::new(StatusCode::BAD_REQUEST, message).into()
}

/// The largest magnitude up to which every whole number is exactly a JSON float (2^53).
const EXACT_FLOAT_INTEGERS: f64 = 9_007_199_254_740_992.0;

/// JSON Schema counts `23382.0` as an integer, and so does the API: a whole float (within the
/// range floats hold exactly) is read as the integer it is, at every depth of the body.
fn whole_floats_as_integers(value: &mut Value) {
    match value {
        Value::Number(number) => {
            if let Some(float) = number.as_f64().filter(|_| !number.is_i64() && !number.is_u64())
                && float.fract() == 0.0
                && float.abs() <= EXACT_FLOAT_INTEGERS
            {
                // Exact: |float| <= 2^53 is a whole number, so the cast loses nothing.
                #[allow(clippy::cast_possible_truncation)]
                let whole = float as i64;
                *number = whole.into();
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_floats_as_integers),
        Value::Object(map) => map.values_mut().for_each(whole_floats_as_integers),
        Value::Null | Value::Bool(_) | Value::String(_) => {}
    }
}

/// Checks the shape of a body already parsed as JSON and turns it into `T`.
pub fn from_value<T: DeserializeOwned + PartialSchema>(mut value: Value) -> Result<T, actix_web::Error> {
    whole_floats_as_integers(&mut value);
    let Value::Object(map) = &value else { return Err(bad_request(NOT_AN_OBJECT)) };
    if !map.is_empty()
        && let Some(known) = known_fields::<T>()
        && !map.keys().any(|key| known.contains(key))
    {
        return Err(bad_request(NO_KNOWN_FIELD));
    }
    serde_json::from_value(value).map_err(|e| bad_request(format!("Invalid request body: {e}")))
}

impl<T: DeserializeOwned + PartialSchema + 'static> FromRequest for JsonBody<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, actix_web::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let json = web::Json::<Value>::from_request(req, payload);
        Box::pin(async move { from_value(json.await?.into_inner()).map(JsonBody) })
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;
    use utoipa::ToSchema;

    use super::*;

    #[derive(Debug, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    struct Patch {
        display_name: Option<String>,
        is_active: Option<bool>,
    }

    fn status(value: Value) -> Option<StatusCode> {
        from_value::<Patch>(value).err().map(|e| e.as_response_error().status_code())
    }

    #[test]
    fn objects_with_a_known_field_or_none_are_read() {
        assert_eq!(status(json!({})), None);
        assert_eq!(status(json!({"isActive": false})), None);
        assert_eq!(status(json!({"isActive": true, "extra": 1})), None);
        let read = from_value::<Patch>(json!({"displayName": "Card", "isActive": null})).expect("read");
        assert_eq!((read.display_name.as_deref(), read.is_active), (Some("Card"), None));
    }

    #[test]
    fn arrays_scalars_and_objects_of_only_unknown_fields_are_400() {
        for body in [json!([]), json!([null, null]), json!(["Card", true]), json!(null), json!(3), json!("x"), json!({"": null})] {
            assert_eq!(status(body.clone()), Some(StatusCode::BAD_REQUEST), "{body}");
        }
        assert_eq!(status(json!({"is_active": true})), Some(StatusCode::BAD_REQUEST));
    }

    #[derive(Debug, Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase")]
    struct Counts {
        people: u32,
        offset: i64,
        amount: f64,
        items: Vec<u8>,
    }

    #[test]
    fn whole_floats_are_the_integers_they_are() {
        let read = from_value::<Counts>(json!({"people": 3.0, "offset": -23382.0, "amount": 12.0, "items": [1.0, 2]})).expect("read");
        assert_eq!((read.people, read.offset, read.amount, read.items), (3, -23382, 12.0, vec![1, 2]));
        assert!(
            from_value::<Counts>(json!({"people": 3.5, "offset": 0, "amount": 1, "items": []})).is_err(),
            "a fraction stays a fraction"
        );
        assert!(from_value::<Counts>(json!({"people": 1, "offset": 1e300, "amount": 1, "items": []})).is_err(), "beyond exact floats");
    }

    #[test]
    fn wrong_types_are_400() {
        assert_eq!(status(json!({"isActive": "yes"})), Some(StatusCode::BAD_REQUEST));
    }
}
