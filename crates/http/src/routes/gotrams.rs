use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{HttpResponse, get, web};
use utoipa::OpenApi;

use crate::dto::GotramDto;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(list, get_one), components(schemas(GotramDto)))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(get_one);
}

/// Every gotram (gotranamalu, nakshtram, rasi) a member can choose.
#[utoipa::path(operation_id = "listGotrams", tag = "gotrams", responses((status = 200, body = [GotramDto])))]
#[get("/api/gotrams")]
async fn list(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let gotrams: Vec<GotramDto> = state.gotrams.list().await?.into_iter().map(Into::into).collect();
    Ok(HttpResponse::Ok().insert_header(CacheControl(vec![CacheDirective::Public, CacheDirective::MaxAge(3600)])).json(gotrams))
}

#[utoipa::path(operation_id = "getGotram", tag = "gotrams", params(("gotramId" = i32, Path)), responses((status = 200, body = GotramDto), (status = 404, body = ErrorBody)))]
#[get("/api/gotrams/{gotramId}")]
async fn get_one(state: web::Data<AppState>, path: web::Path<i32>) -> Result<web::Json<GotramDto>, ApiError> {
    Ok(web::Json(state.gotrams.get(path.into_inner()).await?.into()))
}
