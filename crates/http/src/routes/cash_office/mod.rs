//! The cash office (docs/decisions/0130-the-cash-office.md): hundi counts and their two
//! confirmations (treasurers), the drawer's daily close (front desk), bank deposits and their
//! slips (treasurers), and the daily report (treasurers, front desk).

use actix_web::web;
use mandir_domain::Money;
use utoipa::OpenApi;

use crate::input;

mod collections;
mod deposits;
mod drawer;
mod report;

pub use collections::DepositRefDto;

/// The operations of the four parts, as one document.
pub struct Api;

impl OpenApi for Api {
    fn openapi() -> utoipa::openapi::OpenApi {
        let mut api = collections::Api::openapi();
        api.merge(drawer::Api::openapi());
        api.merge(deposits::Api::openapi());
        api.merge(report::Api::openapi());
        api
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(collections::list_collections)
        .service(collections::create_collection)
        .service(collections::get_collection)
        .service(collections::update_collection)
        .service(collections::delete_collection)
        .service(collections::confirm_collection)
        .service(drawer::get_drawer)
        .service(drawer::close_drawer)
        .service(drawer::list_drawer_closes)
        .service(deposits::list_undeposited)
        .service(deposits::list_deposits)
        .service(deposits::create_deposit)
        .service(deposits::get_deposit)
        .service(deposits::clear_deposit)
        .service(deposits::delete_deposit)
        .service(report::get_daily_report);
}

pub(super) fn money(m: Money) -> String {
    m.to_string()
}

pub(super) fn denomination_schema() -> utoipa::openapi::schema::Schema {
    input::one_of_texts(&mandir_domain::cash_office::Denomination::ALL.iter().map(|d| d.as_str()).collect::<Vec<_>>())
}
