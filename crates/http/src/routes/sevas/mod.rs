//! `/api/sevas`, `/api/seva-bookings`, `/api/seva-settings` and `/api/admin/sevas/...`: the seva
//! catalogue with its availability computed in the temple's time zone ([`catalogue`]), members'
//! bookings paid through the payment flow ([`bookings`]), and the priests' day schedule
//! ([`schedule`]) (ADR 0113, ADR 0114).

use actix_web::web;
use utoipa::OpenApi;

use crate::error::json_config;

mod bookings;
mod catalogue;
mod schedule;

pub use catalogue::{SevaDto, settings_dto, sevas_dto};

use bookings::{assign_priest, book, cancel, complete, get_booking, mine, pay};
use catalogue::{availability, create, get, image, list, remove, settings, update, update_settings};
use schedule::{assigned, schedule, schedule_csv};

/// The operations of the three parts, as one document.
pub struct Api;

impl OpenApi for Api {
    fn openapi() -> utoipa::openapi::OpenApi {
        let mut api = catalogue::Api::openapi();
        api.merge(bookings::Api::openapi());
        api.merge(schedule::Api::openapi());
        api
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    let resource = |path: &str| web::resource(path.to_owned()).default_service(web::to(super::unmatched));
    cfg.service(resource("/api/seva-settings").route(web::get().to(settings)).route(web::put().to(update_settings)))
        .service(resource("/api/seva-bookings/mine").route(web::get().to(mine)))
        .service(resource("/api/seva-bookings/assigned").route(web::get().to(assigned)))
        .service(resource("/api/seva-bookings/{id}").route(web::get().to(get_booking)))
        .service(resource("/api/seva-bookings/{id}/pay").route(web::post().to(pay)))
        .service(resource("/api/seva-bookings/{id}/cancel").route(web::post().to(cancel)))
        .service(resource("/api/seva-bookings/{id}/priest").route(web::put().to(assign_priest)))
        .service(resource("/api/seva-bookings/{id}/complete").route(web::post().to(complete)))
        .service(resource("/api/admin/sevas/schedule").route(web::get().to(schedule)))
        .service(resource("/api/admin/sevas/schedule.csv").route(web::get().to(schedule_csv)))
        .service(resource("/api/sevas/{id}/image").route(web::get().to(image)))
        .service(resource("/api/sevas/{id}/availability").route(web::get().to(availability)))
        .service(resource("/api/sevas/{id}/bookings").route(web::post().to(book)))
        // Inline images make bodies as large as event bodies.
        .service(
            resource("/api/sevas").app_data(json_config(crate::EVENT_JSON_LIMIT)).route(web::get().to(list)).route(web::post().to(create)),
        )
        .service(
            resource("/api/sevas/{id}")
                .app_data(json_config(crate::EVENT_JSON_LIMIT))
                .route(web::get().to(get))
                .route(web::put().to(update))
                .route(web::delete().to(remove)),
        );
}
