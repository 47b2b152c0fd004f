//! One module per area; each registers its routes and describes them for OpenAPI.

pub mod account;
pub mod accounting;
pub mod admin;
pub mod auth;
pub mod calendar;
pub mod cash_office;
pub mod check_batches;
pub mod counter;
pub mod donation_types;
pub mod door;
pub mod events;
pub mod family_members;
pub mod festivals;
pub mod funds;
pub mod gotrams;
pub mod households;
pub mod imports;
pub mod jobs;
pub mod ledger;
pub mod panchangam;
pub mod payment_dto;
pub mod payment_methods;
pub mod payments;
pub mod payouts;
pub mod pledges;
pub mod priests;
pub mod receipts;
pub mod recurring_gifts;
pub mod registrations;
pub mod reports;
pub mod services;
pub mod setup;
pub mod sevas;
pub mod site;
pub mod staff;
pub mod staff_invitations;
pub mod star_birthdays;
pub mod statements;
pub mod system;
pub mod texting;
pub mod users;
pub mod volunteer_shifts;
pub mod volunteers;

use std::sync::OnceLock;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, web};

use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.configure(system::configure)
        .configure(auth::configure)
        .configure(users::configure)
        .configure(gotrams::configure)
        .configure(events::configure)
        .configure(registrations::configure)
        .configure(volunteers::configure)
        .configure(volunteer_shifts::configure)
        .configure(donation_types::configure)
        .configure(door::configure)
        .configure(funds::configure)
        .configure(pledges::configure)
        .configure(households::configure)
        .configure(imports::configure)
        .configure(accounting::configure)
        .configure(reports::configure)
        .configure(payouts::configure)
        .configure(recurring_gifts::configure)
        .configure(payment_methods::configure)
        .configure(ledger::configure)
        .configure(payments::configure)
        .configure(services::configure)
        .configure(panchangam::configure)
        .configure(festivals::configure)
        .configure(star_birthdays::configure)
        .configure(priests::configure)
        .configure(sevas::configure)
        .configure(family_members::configure)
        .configure(admin::configure)
        .configure(staff::configure)
        .configure(staff_invitations::configure)
        .configure(check_batches::configure)
        .configure(counter::configure)
        .configure(cash_office::configure)
        .configure(jobs::configure)
        .configure(receipts::configure)
        .configure(statements::configure)
        .configure(texting::configure)
        .configure(site::configure)
        .configure(setup::configure)
        .configure(calendar::configure)
        .configure(account::configure);
}

/// Unknown `/api/...` paths answer a JSON 404 instead of the SPA, and known paths called with a
/// method they do not take answer 405 with `Allow`. Registered after every API route.
pub fn api_fallback(cfg: &mut web::ServiceConfig) {
    cfg.service(web::scope("/api").default_service(web::to(unmatched)));
}

/// A path template of the OpenAPI document, split into segments (`None` for a `{parameter}`),
/// with the methods it documents.
struct Template {
    path: String,
    segments: Vec<Option<String>>,
    methods: Vec<&'static str>,
}

fn templates() -> &'static [Template] {
    static TEMPLATES: OnceLock<Vec<Template>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        crate::api_doc()
            .paths
            .paths
            .iter()
            .map(|(path, item)| Template {
                path: path.clone(),
                segments: path.split('/').map(|s| if s.starts_with('{') && s.ends_with('}') { None } else { Some(s.to_owned()) }).collect(),
                methods: crate::path_items::methods(item),
            })
            .collect()
    })
}

const METHOD_ORDER: [&str; 5] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/// The methods the document lists for `path`. `resource` is the pattern of the `web::resource`
/// that took the request, if any: such a resource answers every method of its path itself, so
/// only its own methods count. Otherwise routes registered one method at a time (`#[get]`, ...)
/// fall through to each other, so every template `path` matches counts.
pub fn allowed_methods(resource: Option<&str>, path: &str) -> Vec<&'static str> {
    let segments: Vec<&str> = path.split('/').collect();
    let mut allowed: Vec<&'static str> = Vec::new();
    let own = resource.and_then(|pattern| templates().iter().find(|t| t.path == pattern));
    for template in templates() {
        let matches = match own {
            Some(own) => std::ptr::eq(own, template),
            None => {
                template.segments.len() == segments.len()
                    && template.segments.iter().zip(&segments).all(|(t, s)| t.as_deref().map_or(!s.is_empty(), |t| t == *s))
            }
        };
        if matches {
            for method in &template.methods {
                if !allowed.contains(method) {
                    allowed.push(method);
                }
            }
        }
    }
    allowed.sort_by_key(|m| METHOD_ORDER.iter().position(|x| x == m));
    allowed
}

/// The answer when no route takes the request: 405 (with `Allow`) when the path is one of the
/// document's with other methods, else 404. Also every `web::resource`'s default service.
pub async fn unmatched(req: HttpRequest) -> Result<actix_web::HttpResponse, ApiError> {
    let allowed = allowed_methods(req.match_pattern().as_deref(), req.path());
    Err(if allowed.is_empty() { ApiError::new(StatusCode::NOT_FOUND, "Not found") } else { ApiError::method_not_allowed(&allowed) })
}
