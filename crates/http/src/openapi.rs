//! The OpenAPI 3.1 document, generated from the handlers, and a reference page rendered from it
//! on the server (no third-party scripts).

use actix_web::{HttpResponse, get, web};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{OpenApi as Document, PathItem};
use utoipa::{Modify, OpenApi};

use crate::dto::MessageResponse;
use crate::error::ErrorBody;
use crate::routes;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Mandir API", description = "The temple community website's API. See docs/api.md for the conventions."),
    modifiers(&BearerAuth),
    components(schemas(ErrorBody, MessageResponse))
)]
struct Root;

/// The whole document: the root plus every area's paths and schemas.
pub fn api_doc() -> Document {
    let mut doc = Root::openapi();
    for part in [
        routes::system::Api::openapi(),
        routes::auth::Api::openapi(),
        routes::users::Api::openapi(),
        routes::gotrams::Api::openapi(),
        routes::events::Api::openapi(),
        routes::registrations::Api::openapi(),
        routes::volunteers::Api::openapi(),
        routes::donation_types::Api::openapi(),
        routes::payment_methods::Api::openapi(),
        routes::payments::Api::openapi(),
        routes::admin::Api::openapi(),
    ] {
        doc.merge(part);
    }
    doc
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    let json = api_doc().to_pretty_json().unwrap_or_else(|_| "{}".to_owned());
    let html = render_reference(&api_doc());
    cfg.app_data(web::Data::new(Rendered { json, html })).service(openapi_json).service(docs);
}

struct Rendered {
    json: String,
    html: String,
}

#[get("/api/openapi.json")]
async fn openapi_json(rendered: web::Data<Rendered>) -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(rendered.json.clone())
}

#[get("/api/docs")]
async fn docs(rendered: web::Data<Rendered>) -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").body(rendered.html.clone())
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn operations(item: &PathItem) -> Vec<(&'static str, &utoipa::openapi::path::Operation)> {
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

fn render_reference(doc: &Document) -> String {
    let mut body = String::new();
    for (path, item) in &doc.paths.paths {
        for (method, op) in operations(item) {
            let summary = op.summary.as_deref().or(op.description.as_deref()).unwrap_or("");
            let description = op.description.as_deref().filter(|d| Some(*d) != op.summary.as_deref()).unwrap_or("");
            let secured = op.security.as_ref().is_some_and(|s| !s.is_empty());
            let mut statuses: Vec<&String> = op.responses.responses.keys().collect();
            statuses.sort();
            let statuses = statuses.iter().map(|s| escape(s)).collect::<Vec<_>>().join(", ");
            body.push_str(&format!(
                "<section><h3><span class=\"m {m}\">{method}</span> <code>{path}</code>{lock}</h3><p>{summary}</p>{desc}<p class=\"s\">Responses: {statuses}</p></section>\n",
                m = method.to_lowercase(),
                path = escape(path),
                lock = if secured { " <small>(bearer token)</small>" } else { "" },
                summary = escape(summary),
                desc = if description.is_empty() { String::new() } else { format!("<p>{}</p>", escape(description)) },
            ));
        }
    }
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>Mandir API reference</title><style>body{{font:16px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}}\
section{{border-bottom:1px solid #e5e7eb;padding:.5rem 0}}h3{{font-size:1rem;margin:.25rem 0}}code{{font-size:.95rem}}.m{{display:inline-block;min-width:4.5rem;font-weight:700}}\
.get{{color:#1d4ed8}}.post{{color:#047857}}.put,.patch{{color:#b45309}}.delete{{color:#b91c1c}}.s{{color:#4b5563;font-size:.9rem}}</style></head>\
<body><h1>Mandir API reference</h1><p>Generated from the server's code. Machine-readable: <a href=\"/api/openapi.json\">/api/openapi.json</a> (OpenAPI {version}).</p>{body}</body></html>",
        version = serde_json::to_value(&doc.openapi).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default(),
    )
}
