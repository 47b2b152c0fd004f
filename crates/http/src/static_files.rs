//! The built frontend: `/assets/*` cached for a year (file names carry hashes), pre-compressed
//! `.br`/`.gz` files used when present, and `index.html` for every other non-API path.
//!
//! The files come from a folder (`MANDIR_STATIC_DIR`, development) or from the binary itself
//! (the `embed-frontend` feature, `just dist`): [`StaticSource`]. Both answer alike
//! (docs/decisions/0065-one-file-deploy.md).

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::header::{self, CacheControl, CacheDirective, ContentEncoding, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, mime, web};

/// One embedded file: its bytes and a strong validator (from its SHA-256).
pub struct EmbeddedFile {
    pub data: Cow<'static, [u8]>,
    pub sha256: [u8; 32],
}

/// Looks a file up by its path relative to the build's root (`assets/app-1234.js`).
pub type EmbeddedLookup = fn(&str) -> Option<EmbeddedFile>;

/// Where the built frontend is read from.
#[derive(Clone)]
pub enum StaticSource {
    /// A folder on disk (`MANDIR_STATIC_DIR`, default `frontend/dist`).
    Dir(PathBuf),
    /// Files built into the binary.
    Embedded(EmbeddedLookup),
}

impl StaticSource {
    /// Whether the source has an `index.html` (a built frontend), for the startup log.
    pub fn has_index(&self) -> bool {
        match self {
            Self::Dir(dir) => dir.join("index.html").is_file(),
            Self::Embedded(lookup) => lookup("index.html").is_some(),
        }
    }

    /// For the startup log: the folder, or `embedded`.
    pub fn describe(&self) -> String {
        match self {
            Self::Dir(dir) => dir.display().to_string(),
            Self::Embedded(_) => "embedded in the binary".to_owned(),
        }
    }
}

impl std::fmt::Debug for StaticSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StaticSource({})", self.describe())
    }
}

#[cfg(feature = "embed-frontend")]
mod embedded {
    /// `frontend/dist`, read at compile time (`just dist` builds it first; a missing folder is a
    /// compile error, so a binary built with the feature always carries a frontend).
    #[derive(rust_embed::Embed)]
    #[folder = "../../frontend/dist"]
    struct Frontend;

    pub fn lookup(path: &str) -> Option<super::EmbeddedFile> {
        <Frontend as rust_embed::RustEmbed>::get(path)
            .map(|file| super::EmbeddedFile { sha256: file.metadata.sha256_hash(), data: file.data })
    }
}

/// The frontend built into this binary, when it was compiled with the `embed-frontend` feature.
pub fn embedded_frontend() -> Option<StaticSource> {
    #[cfg(feature = "embed-frontend")]
    {
        Some(StaticSource::Embedded(embedded::lookup))
    }
    #[cfg(not(feature = "embed-frontend"))]
    {
        None
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/assets/{path:.*}").route(web::get().to(asset)).route(web::head().to(asset))).default_service(web::to(spa));
}

/// The request path as a path relative to the root, refusing anything that climbs out of it
/// (`..`, absolute parts). Answers the `/`-separated normal parts.
fn safe_relative(relative: &str) -> Option<String> {
    let mut parts = Vec::new();
    for part in Path::new(relative).components() {
        match part {
            Component::Normal(p) => parts.push(p.to_str()?.to_owned()),
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(parts.join("/"))
}

fn accepts(req: &HttpRequest, encoding: &str) -> bool {
    req.headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|e| e.trim().split(';').next() == Some(encoding)))
}

fn mime_of(relative: &str) -> mime::Mime {
    actix_files::file_extension_to_mime(Path::new(relative).extension().and_then(|e| e.to_str()).unwrap_or_default())
}

/// The file `relative` of the source as a response (200, or 304 for a matching validator), typed
/// by `mime`, marked with `encoding` when it is a pre-compressed variant; `None` when missing.
async fn open(
    source: &StaticSource,
    req: &HttpRequest,
    relative: &str,
    mime: mime::Mime,
    encoding: Option<ContentEncoding>,
) -> Option<HttpResponse> {
    match source {
        StaticSource::Dir(dir) => {
            let path = dir.join(relative);
            if !path.is_file() {
                return None;
            }
            let mut named = NamedFile::open_async(&path).await.ok()?.set_content_type(mime).use_etag(true).use_last_modified(true);
            if let Some(encoding) = encoding {
                named = named.set_content_encoding(encoding);
            }
            Some(named.into_response(req))
        }
        StaticSource::Embedded(lookup) => {
            let file = lookup(relative)?;
            let etag = format!("\"{}\"", hex_prefix(&file.sha256));
            let matches = req
                .headers()
                .get(header::IF_NONE_MATCH)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.split(',').any(|tag| tag.trim().trim_start_matches("W/") == etag));
            let mut res = if matches { HttpResponse::NotModified() } else { HttpResponse::Ok() };
            res.insert_header((header::ETAG, etag)).insert_header((header::CONTENT_TYPE, mime.to_string()));
            if let Some(encoding) = encoding {
                res.insert_header(encoding);
            }
            Some(if matches { res.finish() } else { res.body(file.data.into_owned()) })
        }
    }
}

fn hex_prefix(hash: &[u8; 32]) -> String {
    hash[..16].iter().map(|b| format!("{b:02x}")).collect()
}

async fn asset(req: HttpRequest, root: web::Data<StaticSource>, path: web::Path<String>) -> HttpResponse {
    let Some(relative) = safe_relative(&path) else {
        return HttpResponse::NotFound().finish();
    };
    if relative.is_empty() {
        return HttpResponse::NotFound().finish();
    }
    let file = format!("assets/{relative}");
    let mime = mime_of(&file);
    let mut candidates: Vec<(String, Option<ContentEncoding>)> = Vec::new();
    if accepts(&req, "br") {
        candidates.push((format!("{file}.br"), Some(ContentEncoding::Brotli)));
    }
    if accepts(&req, "gzip") {
        candidates.push((format!("{file}.gz"), Some(ContentEncoding::Gzip)));
    }
    candidates.push((file, None));
    for (candidate, encoding) in candidates {
        if let Some(mut res) = open(&root, &req, &candidate, mime.clone(), encoding).await {
            res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
            res.headers_mut().insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
            return res;
        }
    }
    HttpResponse::NotFound().finish()
}

/// The bytes of the file `relative` of the source.
async fn read(source: &StaticSource, relative: &str) -> Option<Vec<u8>> {
    match source {
        StaticSource::Dir(dir) => actix_web::rt::task::spawn_blocking({
            let path = dir.join(relative);
            move || std::fs::read(path).ok()
        })
        .await
        .ok()
        .flatten(),
        StaticSource::Embedded(lookup) => lookup(relative).map(|file| file.data.into_owned()),
    }
}

/// The page renderer's script in the build (frontend/vite.render.config.ts): read by the server,
/// never served (only `/assets/*` and root-level files are).
pub const RENDERER: &str = "server/render.js";

/// Any other path: a file at the root of the build (favicon, og-image.png), else the page's
/// prerendered markup (public pages, when built) or `index.html`, with the page's head and data
/// written in by the server ([`crate::page_head`]).
async fn spa(req: HttpRequest, root: web::Data<StaticSource>) -> HttpResponse {
    if req.method() != actix_web::http::Method::GET && req.method() != actix_web::http::Method::HEAD {
        return HttpResponse::MethodNotAllowed().finish();
    }
    let relative = req.path().trim_start_matches('/');
    if !relative.is_empty()
        && !relative.contains('/')
        && relative != "index.html"
        && let Some(relative) = safe_relative(relative)
        && let Some(res) = open(&root, &req, &relative, mime_of(&relative), None).await
    {
        return res;
    }
    let (prerendered, frame) = match crate::page_head::prerendered_page(req.path()) {
        Some(name) => (read(&root, &format!("{name}.html")).await, read(&root, &format!("{name}.frame.html")).await),
        None => (None, None),
    };
    if let Some(state) = req.app_data::<web::Data<crate::AppState>>()
        && let Some(template) = match prerendered {
            Some(template) => Some(template),
            None => read(&root, "index.html").await,
        }
    {
        let frame = frame.map(|f| String::from_utf8_lossy(&f).into_owned());
        let source = root.clone();
        let script: mandir_application::ports::RendererScript = Box::new(move || Box::pin(async move { read(&source, RENDERER).await }));
        return crate::page_head::page(
            state,
            req.path(),
            req.query_string(),
            crate::language::of_request(&req),
            &String::from_utf8_lossy(&template),
            frame.as_deref(),
            script,
        )
        .await;
    }
    match open(&root, &req, "index.html", mime::TEXT_HTML_UTF_8, None).await {
        Some(mut res) => {
            res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            res
        }
        None => HttpResponse::Ok()
            .insert_header(CacheControl(vec![CacheDirective::NoCache]))
            .content_type("text/html; charset=utf-8")
            .body(
                "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Mandir</title></head><body>\
<h1>Mandir</h1><p>The frontend has not been built yet. Run <code>just run</code>, or <code>npm run build</code> in <code>frontend/</code>.</p>\
<p>The API is up: <a href=\"/api/docs\">API reference</a>.</p></body></html>",
            ),
    }
}

#[cfg(test)]
mod tests {
    use actix_web::http::StatusCode;
    use actix_web::{App, test as web_test};

    use super::*;

    /// A stand-in for the compiled-in frontend, answering as `rust-embed` does.
    fn fixture(path: &str) -> Option<EmbeddedFile> {
        let data: &'static [u8] = match path {
            "index.html" => b"<!doctype html><title>Embedded SPA</title>",
            "assets/app-abc123.js" => b"console.log('plain')",
            "assets/app-abc123.js.br" => b"brotli bytes",
            "favicon.svg" => b"<svg/>",
            _ => return None,
        };
        let mut sha256 = [0u8; 32];
        sha256[0] = data.len() as u8;
        Some(EmbeddedFile { data: Cow::Borrowed(data), sha256 })
    }

    fn header_of(res: &actix_web::dev::ServiceResponse, name: &str) -> String {
        res.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
    }

    async fn call(req: web_test::TestRequest) -> actix_web::dev::ServiceResponse {
        let app = web_test::init_service(App::new().app_data(web::Data::new(StaticSource::Embedded(fixture))).configure(configure)).await;
        web_test::call_service(&app, req.to_request()).await
    }

    #[actix_web::test]
    async fn embedded_files_are_served_like_the_folder() {
        let page = call(web_test::TestRequest::get().uri("/members/profile")).await;
        assert_eq!(page.status(), StatusCode::OK);
        assert_eq!(header_of(&page, "cache-control"), "no-cache");
        assert!(header_of(&page, "content-type").starts_with("text/html"));
        let etag = page.headers().get("etag").cloned().expect("etag");
        assert_eq!(web_test::read_body(page).await, "<!doctype html><title>Embedded SPA</title>");

        let again = call(web_test::TestRequest::get().uri("/").insert_header((header::IF_NONE_MATCH, etag))).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

        let asset = call(web_test::TestRequest::get().uri("/assets/app-abc123.js")).await;
        assert_eq!(asset.status(), StatusCode::OK);
        assert_eq!(header_of(&asset, "cache-control"), "public, max-age=31536000, immutable");
        assert!(header_of(&asset, "content-type").contains("javascript"));
        assert!(asset.headers().get("content-encoding").is_none());

        let brotli =
            call(web_test::TestRequest::get().uri("/assets/app-abc123.js").insert_header((header::ACCEPT_ENCODING, "gzip, br"))).await;
        assert_eq!(header_of(&brotli, "content-encoding"), "br");
        assert!(header_of(&brotli, "content-type").contains("javascript"));
        assert_eq!(web_test::read_body(brotli).await, "brotli bytes");

        let icon = call(web_test::TestRequest::get().uri("/favicon.svg")).await;
        assert!(header_of(&icon, "content-type").starts_with("image/svg"));

        assert_eq!(call(web_test::TestRequest::get().uri("/assets/missing.js")).await.status(), StatusCode::NOT_FOUND);
        assert_eq!(call(web_test::TestRequest::get().uri("/assets/..%2Findex.html")).await.status(), StatusCode::NOT_FOUND);
        assert_eq!(call(web_test::TestRequest::post().uri("/anything")).await.status(), StatusCode::METHOD_NOT_ALLOWED);
    }

    #[test]
    fn paths_cannot_climb_out_of_the_root() {
        assert_eq!(safe_relative("a/./b.js").as_deref(), Some("a/b.js"));
        assert_eq!(safe_relative("../etc/passwd"), None);
        assert_eq!(safe_relative("/etc/passwd"), None);
    }
}
