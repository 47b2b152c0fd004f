//! The OpenAPI 3.1 document, generated from the handlers, and a reference page rendered from it
//! on the server (no third-party scripts).

use actix_web::{HttpResponse, get, web};
use utoipa::openapi::content::ContentBuilder;
use utoipa::openapi::path::Operation;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{OpenApi as Document, Ref, RefOr, ResponseBuilder, Schema};
use utoipa::{Modify, OpenApi};

use crate::dto::MessageResponse;
use crate::error::ErrorBody;
use crate::path_items::{operations, operations_mut};
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

/// The statuses every operation of a kind can answer, declared once here rather than on each
/// handler (docs/api.md#statuses). Per-route specifics (409, a 400 of a body-less operation, ...)
/// stay on the handlers; an answer a handler already declares is kept as it is.
///
/// - a JSON request body (a `$ref` schema; not Stripe's raw webhook body): 400, 413, 415;
/// - bearer security: 401; bearer security naming roles (a staff operation): 403;
/// - a path parameter: 404 (an unknown or malformed id);
/// - `/api/auth/...` and `POST /api/payments/...`: 429 (rate limits).
struct StandardResponses;

const RESPONSES: [(&str, &str); 7] = [
    (
        "400",
        "Invalid request: the body is not a JSON object with at least one known field, or a field fails validation (`errors` names them)",
    ),
    ("401", "Authentication required: no valid bearer token"),
    ("403", "Not allowed: the caller's roles do not hold the operation's permission (`x-permission`)"),
    ("404", "Not found (or not the caller's to see)"),
    ("413", "Request body is too large"),
    ("415", "Expected a JSON body (Content-Type: application/json)"),
    ("429", "Too many requests; try again later"),
];

fn declare(op: &mut Operation, status: &str) {
    let description = RESPONSES.iter().find(|(code, _)| *code == status).map_or("Error", |(_, text)| text);
    op.responses.responses.entry(status.to_owned()).or_insert_with(|| {
        let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
        RefOr::T(ResponseBuilder::new().description(description).content("application/json", content).build())
    });
}

/// The roles of the operation's bearer requirement, or `None` when it takes no bearer token.
fn bearer_roles(op: &Operation) -> Option<Vec<String>> {
    let requirements = serde_json::to_value(op.security.as_ref()?).ok()?;
    let roles = requirements.as_array()?.iter().find_map(|r| r.get("bearer"))?;
    Some(roles.as_array()?.iter().filter_map(|r| r.as_str().map(str::to_owned)).collect())
}

fn takes_json_body(op: &Operation) -> bool {
    op.request_body
        .as_ref()
        .and_then(|body| body.content.get("application/json"))
        .is_some_and(|content| matches!(content.schema, Some(RefOr::Ref(_))))
}

impl Modify for StandardResponses {
    fn modify(&self, openapi: &mut Document) {
        for (path, item) in &mut openapi.paths.paths {
            let has_path_parameter = path.contains('{');
            for (method, op) in operations_mut(item) {
                if takes_json_body(op) {
                    for status in ["400", "413", "415"] {
                        declare(op, status);
                    }
                }
                if let Some(roles) = bearer_roles(op) {
                    declare(op, "401");
                    if !roles.is_empty() {
                        declare(op, "403");
                    }
                }
                if has_path_parameter {
                    declare(op, "404");
                }
                if path.starts_with("/api/auth/") || (method == "POST" && path.starts_with("/api/payments/")) {
                    declare(op, "429");
                }
            }
        }
    }
}

/// Response bodies: the server writes every field of its DTOs (`null` when empty; only
/// `ErrorBody.errors` is left out when there are none), so every property of a response schema is
/// required; the `Option` ones stay nullable. Request schemas (`...Request`, `IntentMetadata`)
/// keep utoipa's reading of `Option` as "may be absent".
struct ResponseFieldsRequired;

fn require_all_properties(schema: &mut Schema) {
    match schema {
        Schema::Object(object) => object.required = object.properties.keys().cloned().collect(),
        Schema::AllOf(all_of) => {
            for item in &mut all_of.items {
                if let RefOr::T(inner) = item {
                    require_all_properties(inner);
                }
            }
        }
        _ => {}
    }
}

impl Modify for ResponseFieldsRequired {
    fn modify(&self, openapi: &mut Document) {
        let Some(components) = openapi.components.as_mut() else { return };
        for (name, schema) in &mut components.schemas {
            let request = name.ends_with("Request") || name == "IntentMetadata" || name == "ErrorBody";
            if let (false, RefOr::T(schema)) = (request, schema) {
                require_all_properties(schema);
            }
        }
    }
}

/// Every area's paths and schemas.
fn parts() -> Vec<Document> {
    vec![
        routes::system::Api::openapi(),
        routes::auth::Api::openapi(),
        routes::users::Api::openapi(),
        routes::gotrams::Api::openapi(),
        routes::events::Api::openapi(),
        routes::registrations::Api::openapi(),
        routes::volunteers::Api::openapi(),
        routes::volunteer_shifts::Api::openapi(),
        routes::donation_types::Api::openapi(),
        routes::door::Api::openapi(),
        routes::funds::Api::openapi(),
        routes::imports::Api::openapi(),
        routes::accounting::Api::openapi(),
        routes::reports::Api::openapi(),
        routes::payouts::Api::openapi(),
        routes::pledges::Api::openapi(),
        routes::households::Api::openapi(),
        routes::recurring_gifts::Api::openapi(),
        routes::payment_methods::Api::openapi(),
        routes::payments::Api::openapi(),
        routes::ledger::Api::openapi(),
        routes::services::Api::openapi(),
        routes::panchangam::Api::openapi(),
        routes::festivals::Api::openapi(),
        routes::star_birthdays::Api::openapi(),
        routes::priests::Api::openapi(),
        routes::sevas::Api::openapi(),
        routes::family_members::Api::openapi(),
        routes::admin::Api::openapi(),
        routes::staff::Api::openapi(),
        routes::staff_invitations::Api::openapi(),
        routes::check_batches::Api::openapi(),
        routes::counter::Api::openapi(),
        routes::cash_office::Api::openapi(),
        routes::jobs::Api::openapi(),
        routes::receipts::Api::openapi(),
        routes::statements::Api::openapi(),
        routes::site::Api::openapi(),
        routes::setup::Api::openapi(),
        routes::calendar::Api::openapi(),
        routes::account::Api::openapi(),
        routes::texting::Api::openapi(),
    ]
}

/// The whole document: the root plus every area's paths and schemas.
pub fn api_doc() -> Document {
    let mut doc = Root::openapi();
    for part in parts() {
        doc.merge(part);
    }
    crate::permissions::StaffRoles.modify(&mut doc);
    StandardResponses.modify(&mut doc);
    ResponseFieldsRequired.modify(&mut doc);
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;

    use super::*;

    fn document() -> Value {
        serde_json::to_value(api_doc()).expect("document as JSON")
    }

    #[test]
    fn no_two_areas_name_different_schemas_alike() {
        // Merging keeps one schema per name: a second, different one of the same name would
        // silently replace the first in the document (a door list once shared its name with the
        // check-in desk's entries).
        let mut seen: std::collections::BTreeMap<String, String> = std::collections::BTreeMap::new();
        for part in super::parts() {
            for (name, schema) in part.components.map(|c| c.schemas).unwrap_or_default() {
                let json = serde_json::to_string(&schema).expect("json");
                if let Some(before) = seen.insert(name.clone(), json.clone()) {
                    assert_eq!(before, json, "two different schemas are named {name}");
                }
            }
        }
    }

    #[test]
    fn page_parameters_declare_the_servers_bounds() {
        use mandir_application::services::payments::{MAX_PAGE, MAX_PAGE_SIZE};
        let doc = document();
        for path in ["/api/admin/members", "/api/admin/payments/ledger"] {
            let params = doc["paths"][path]["get"]["parameters"].as_array().expect("parameters");
            let bounds = |name: &str| {
                let schema = &params.iter().find(|p| p["name"] == name).unwrap_or_else(|| panic!("{path} {name}"))["schema"];
                (schema["minimum"].as_u64(), schema["maximum"].as_u64())
            };
            assert_eq!(bounds("page"), (Some(1), Some(MAX_PAGE)), "{path}");
            assert_eq!(bounds("pageSize"), (Some(1), Some(MAX_PAGE_SIZE)), "{path}");
        }
    }

    fn each_operation(doc: &Value, mut check: impl FnMut(&str, &str, &Value)) {
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, op) in item.as_object().expect("path item") {
                check(path, method, op);
            }
        }
    }

    #[test]
    fn operation_ids_are_present_and_unique() {
        let mut seen = BTreeSet::new();
        let mut operations = 0;
        each_operation(&document(), |path, method, op| {
            operations += 1;
            let id = op["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path} has no operationId"));
            assert!(seen.insert(id.to_owned()), "operationId {id} is used twice");
        });
        assert!(operations > 40, "the document lists every operation ({operations} found)");
        assert_eq!(seen.len(), operations);
    }

    #[test]
    fn every_client_error_answers_error_body() {
        each_operation(&document(), |path, method, op| {
            for (status, response) in op["responses"].as_object().expect("responses") {
                if status.starts_with('4') {
                    let schema = &response["content"]["application/json"]["schema"]["$ref"];
                    assert_eq!(schema, "#/components/schemas/ErrorBody", "{method} {path} {status}");
                }
            }
        });
    }

    #[test]
    fn standard_statuses_are_declared_by_kind_of_operation() {
        each_operation(&document(), |path, method, op| {
            let statuses: BTreeSet<&str> = op["responses"].as_object().expect("responses").keys().map(String::as_str).collect();
            let declared = |status: &str| assert!(statuses.contains(status), "{method} {path} lacks {status}: {statuses:?}");
            if op["requestBody"]["content"]["application/json"]["schema"]["$ref"].is_string() {
                ["400", "413", "415"].into_iter().for_each(declared);
            }
            if let Some(bearer) = op["security"].as_array().and_then(|s| s.iter().find_map(|r| r.get("bearer"))) {
                declared("401");
                if bearer.as_array().is_some_and(|roles| roles.iter().any(|r| r == "admin")) {
                    declared("403");
                }
            }
            if path.contains('{') {
                declared("404");
            }
        });
    }

    #[test]
    fn allowed_methods_follow_the_document() {
        use crate::routes::allowed_methods;
        assert_eq!(allowed_methods(None, "/api/events"), ["GET", "POST"]);
        assert_eq!(allowed_methods(None, "/api/events/abc/attendee"), ["GET", "PUT", "DELETE"]);
        assert_eq!(allowed_methods(None, "/api/events/abc/volunteers/me"), ["GET", "DELETE"]);
        assert_eq!(allowed_methods(Some("/api/payment-methods/active"), "/api/payment-methods/active"), ["GET"]);
        assert!(allowed_methods(None, "/api/nothing-here").is_empty());
        assert!(allowed_methods(None, "/api/events//attendee").is_empty());
    }

    fn schema<'a>(doc: &'a Value, name: &str) -> &'a Value {
        &doc["components"]["schemas"][name]
    }

    fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
        match schema["$ref"].as_str().and_then(|r| r.strip_prefix("#/components/schemas/")) {
            Some(name) => schema_of(doc, name),
            None => schema,
        }
    }

    fn schema_of<'a>(doc: &'a Value, name: &str) -> &'a Value {
        let found = schema(doc, name);
        assert!(found.is_object(), "no schema {name}");
        found
    }

    /// Request bodies carry the server's rules (docs/api.md#contract): every property of every JSON
    /// request body says its shape, and the key rules are in the document.
    #[test]
    fn request_bodies_carry_the_servers_constraints() {
        let doc = document();
        let mut bodies = 0;
        each_operation(&doc, |path, method, op| {
            let Some(body) = op["requestBody"]["content"]["application/json"]["schema"].as_object() else { return };
            let body = resolve(&doc, &Value::Object(body.clone())).clone();
            let Some(properties) = body["properties"].as_object() else { return };
            bodies += 1;
            for (name, property) in properties {
                let property = resolve(&doc, property);
                let shaped = ["type", "oneOf", "anyOf", "allOf", "enum"].iter().any(|key| property.get(key).is_some());
                assert!(shaped, "{method} {path}: property {name} has no type: {property}");
            }
        });
        assert!(bodies >= 15, "only {bodies} JSON request bodies with properties");

        let sign_up = schema_of(&doc, "SignUpRequest");
        assert_eq!(sign_up["properties"]["email"]["format"], "email");
        assert_eq!(sign_up["properties"]["firstName"]["minLength"], 2);
        assert_eq!(sign_up["properties"]["password"]["minLength"], 6);
        for field in ["firstName", "lastName", "email", "password", "phoneNumber"] {
            assert!(sign_up["required"].as_array().expect("required").contains(&Value::from(field)), "SignUpRequest.{field} required");
        }
        assert_eq!(schema_of(&doc, "SignInRequest")["properties"]["email"]["format"], "email");
        assert_eq!(schema_of(&doc, "UpdateProfileRequest")["properties"]["lastName"]["minLength"], 2);
        let event = schema_of(&doc, "CreateEventRequest");
        assert_eq!(event["properties"]["name"]["minLength"], 3);
        assert_eq!(event["properties"]["capacity"]["minimum"], 1);
        assert_eq!(schema_of(&doc, "UpdateEventRequest")["properties"]["capacity"]["minimum"], 1);
        assert_eq!(schema_of(&doc, "RegistrationRequest")["properties"]["numberOfFamilyMembers"]["maximum"], 50);
        let volunteer = schema_of(&doc, "VolunteerRequest");
        assert_eq!(volunteer["properties"]["contactEmail"]["format"], "email");
        assert_eq!(volunteer["properties"]["contactNumber"]["minLength"], 10);
        for name in ["CreateIntentRequest", "ZelleConfirmRequest"] {
            let amount = &schema_of(&doc, name)["properties"]["amount"];
            assert_eq!(amount["oneOf"][0]["minimum"], 1, "{name}.amount");
            assert_eq!(amount["oneOf"][1]["type"], "string", "{name}.amount");
        }
        assert_eq!(schema_of(&doc, "CreateDonationTypeRequest")["properties"]["name"]["minLength"], 2);
        let method = schema_of(&doc, "CreatePaymentMethodRequest");
        assert_eq!(method["properties"]["displayName"]["minLength"], 2);
        assert_eq!(method["properties"]["sortOrder"]["anyOf"][0]["minimum"], 0);
    }
}
