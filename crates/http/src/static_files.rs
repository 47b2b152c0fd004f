//! The built frontend: `/assets/*` cached for a year (file names carry hashes), pre-compressed
//! `.br`/`.gz` files used when present, and `index.html` for every other non-API path.

use std::path::{Component, Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::header::{self, CacheControl, CacheDirective, ContentEncoding, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

pub struct StaticRoot {
    dir: PathBuf,
}

impl StaticRoot {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assets/{path:.*}").route(web::get().to(asset)).route(web::head().to(asset))).default_service(web::to(spa));
}

/// Joins a request path under the root, refusing anything that climbs out of it.
fn safe_join(root: &Path, relative: &str) -> Option<PathBuf> {
    let mut path = root.to_path_buf();
    for part in Path::new(relative).components() {
        match part {
            Component::Normal(p) => path.push(p),
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(path)
}

fn accepts(req: &HttpRequest, encoding: &str) -> bool {
    req.headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|e| e.trim().split(';').next() == Some(encoding)))
}

async fn asset(req: HttpRequest, root: web::Data<StaticRoot>, path: web::Path<String>) -> HttpResponse {
    let Some(file) = safe_join(&root.dir.join("assets"), &path) else {
        return HttpResponse::NotFound().finish();
    };
    let mime = actix_files::file_extension_to_mime(file.extension().and_then(|e| e.to_str()).unwrap_or_default());
    let mut candidates: Vec<(PathBuf, Option<ContentEncoding>)> = Vec::new();
    if accepts(&req, "br") {
        candidates.push((PathBuf::from(format!("{}.br", file.display())), Some(ContentEncoding::Brotli)));
    }
    if accepts(&req, "gzip") {
        candidates.push((PathBuf::from(format!("{}.gz", file.display())), Some(ContentEncoding::Gzip)));
    }
    candidates.push((file, None));
    for (candidate, encoding) in candidates {
        if let Ok(named) = NamedFile::open_async(&candidate).await {
            let mut named = named.set_content_type(mime.clone()).use_etag(true).use_last_modified(true);
            if let Some(encoding) = encoding {
                named = named.set_content_encoding(encoding);
            }
            let mut res = named.into_response(&req);
            res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
            res.headers_mut().insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
            return res;
        }
    }
    HttpResponse::NotFound().finish()
}

/// Any other path: a file at the root of the build (favicon, robots.txt), else `index.html`.
async fn spa(req: HttpRequest, root: web::Data<StaticRoot>) -> HttpResponse {
    if req.method() != actix_web::http::Method::GET && req.method() != actix_web::http::Method::HEAD {
        return HttpResponse::MethodNotAllowed().finish();
    }
    let relative = req.path().trim_start_matches('/');
    if !relative.is_empty()
        && !relative.contains('/')
        && let Some(file) = safe_join(&root.dir, relative)
        && file.is_file()
        && let Ok(named) = NamedFile::open_async(&file).await
    {
        return named.into_response(&req);
    }
    match NamedFile::open_async(root.dir.join("index.html")).await {
        Ok(named) => {
            let mut res = named.use_etag(true).into_response(&req);
            res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            res
        }
        Err(_) => HttpResponse::Ok()
            .insert_header(CacheControl(vec![CacheDirective::NoCache]))
            .content_type("text/html; charset=utf-8")
            .body(
                "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Mandir</title></head><body>\
<h1>Mandir</h1><p>The frontend has not been built yet. Run <code>just run</code>, or <code>npm run build</code> in <code>frontend/</code>.</p>\
<p>The API is up: <a href=\"/api/docs\">API reference</a>.</p></body></html>",
            ),
    }
}
