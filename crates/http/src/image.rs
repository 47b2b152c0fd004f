//! Uploaded pictures (event images, priests' photos) served with their content hash as a strong
//! `ETag` and cached for a year: their URLs carry the hash (`?v=`), so a new picture gets a new URL
//! (ADR 0004).

use actix_web::http::header::{self, CacheControl, CacheDirective, ETag, EntityTag};
use actix_web::{HttpRequest, HttpResponse};
use mandir_application::ports::StoredImage;

/// 200 with the bytes, or 304 when the client's `If-None-Match` names this picture.
pub fn immutable_image(req: &HttpRequest, image: StoredImage) -> HttpResponse {
    let tag = EntityTag::new_strong(image.etag.clone());
    let matches = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim().trim_matches('"') == image.etag));
    let cache =
        CacheControl(vec![CacheDirective::Public, CacheDirective::MaxAge(31_536_000), CacheDirective::Extension("immutable".into(), None)]);
    if matches {
        return HttpResponse::NotModified().insert_header(ETag(tag)).insert_header(cache).finish();
    }
    HttpResponse::Ok().content_type(image.content_type).insert_header(ETag(tag)).insert_header(cache).body(image.bytes)
}
