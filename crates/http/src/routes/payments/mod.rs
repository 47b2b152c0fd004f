//! Donations: card payments (Stripe or the offline sandbox), Zelle records and Stripe's webhook
//! (`giving`), and the member's own payments and the admin's list, Zelle reconciliation, refunds
//! and totals (`records`).

use actix_web::web;
use utoipa::OpenApi;

mod giving;
mod records;

/// The operations of the two parts, as one document.
pub struct Api;

impl OpenApi for Api {
    fn openapi() -> utoipa::openapi::OpenApi {
        let mut api = giving::Api::openapi();
        api.merge(records::Api::openapi());
        api
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(giving::create_intent)
        .service(giving::sandbox_confirm)
        .service(giving::intent_payment)
        .service(giving::zelle_confirm)
        .service(
            web::resource("/api/payments/stripe-webhook")
                .app_data(web::PayloadConfig::new(giving::WEBHOOK_LIMIT))
                .default_service(web::to(super::unmatched))
                .route(web::post().to(giving::stripe_webhook)),
        )
        .service(records::mine)
        .service(records::admin_totals)
        .service(records::admin_list)
        .service(records::admin_set_status)
        .service(records::admin_refund);
}
