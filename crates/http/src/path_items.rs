//! The operations of an OpenAPI path item, by method: read by the API document, the permission
//! table that annotates it, and the router's 405 answers.

use utoipa::openapi::PathItem;
use utoipa::openapi::path::Operation;

pub(crate) fn operations(item: &PathItem) -> Vec<(&'static str, &utoipa::openapi::path::Operation)> {
    [
        ("GET", item.get.as_ref()),
        ("POST", item.post.as_ref()),
        ("PUT", item.put.as_ref()),
        ("PATCH", item.patch.as_ref()),
        ("DELETE", item.delete.as_ref()),
    ]
    .into_iter()
    .filter_map(|(m, op)| op.map(|op| (m, op)))
    .collect()
}

/// The methods a path item documents.
pub(crate) fn methods(item: &PathItem) -> Vec<&'static str> {
    operations(item).into_iter().map(|(method, _)| method).collect()
}

pub(crate) fn operations_mut(item: &mut PathItem) -> Vec<(&'static str, &mut Operation)> {
    [
        ("GET", item.get.as_mut()),
        ("POST", item.post.as_mut()),
        ("PUT", item.put.as_mut()),
        ("PATCH", item.patch.as_mut()),
        ("DELETE", item.delete.as_mut()),
    ]
    .into_iter()
    .filter_map(|(m, op)| op.map(|op| (m, op)))
    .collect()
}
