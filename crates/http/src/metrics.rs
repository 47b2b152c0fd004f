//! `GET /metrics`: Prometheus text for the operators, off (404) unless a token is configured
//! (`MANDIR_METRICS_TOKEN`), then only with `Authorization: Bearer <token>` (401 otherwise).
//! Requests are counted by route pattern (`/api/events/{id}`, never the raw path) and status, with
//! a latency histogram; the database pool and payments by status are read at each scrape
//! (docs/decisions/0067-health-readiness-metrics-logs.md).

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, web};
use prometheus::{Encoder, HistogramOpts, HistogramVec, IntCounterVec, IntGauge, IntGaugeVec, Opts, Registry, TextEncoder};
use subtle::ConstantTimeEq;

use crate::state::AppState;

/// The process's series. One per server, shared by every worker.
pub struct Metrics {
    token: Option<String>,
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    pool_open: IntGauge,
    pool_idle: IntGauge,
    pool_max: IntGauge,
    payments: IntGaugeVec,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").field("enabled", &self.token.is_some()).finish_non_exhaustive()
    }
}

/// Route label of requests no route matched (the SPA, unknown paths).
const UNMATCHED: &str = "unmatched";

impl Metrics {
    /// The series, served at `/metrics` to holders of `token`; `None` turns the endpoint off
    /// (404) and skips the per-request counting.
    pub fn new(token: Option<String>) -> Self {
        let registry = Registry::new_custom(Some("mandir".to_owned()), None).unwrap_or_default();
        let requests = IntCounterVec::new(
            Opts::new("http_requests_total", "HTTP requests answered, by method, route pattern and status"),
            &["method", "route", "status"],
        )
        .unwrap_or_else(|e| unreachable!("valid metric: {e}"));
        let latency = HistogramVec::new(
            HistogramOpts::new("http_request_duration_seconds", "Time to answer HTTP requests, by method and route pattern")
                .buckets(vec![0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0]),
            &["method", "route"],
        )
        .unwrap_or_else(|e| unreachable!("valid metric: {e}"));
        let gauge = |name: &str, help: &str| IntGauge::new(name, help).unwrap_or_else(|e| unreachable!("valid metric: {e}"));
        let pool_open = gauge("db_pool_connections_open", "Database connections open in this process's pool (idle or in use)");
        let pool_idle = gauge("db_pool_connections_idle", "Open database connections waiting for work");
        let pool_max = gauge("db_pool_connections_max", "The most connections this process's pool opens");
        let payments = IntGaugeVec::new(Opts::new("payments", "Payments recorded, by status and provider"), &["status", "provider"])
            .unwrap_or_else(|e| unreachable!("valid metric: {e}"));
        for collector in [
            Box::new(requests.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(latency.clone()),
            Box::new(pool_open.clone()),
            Box::new(pool_idle.clone()),
            Box::new(pool_max.clone()),
            Box::new(payments.clone()),
        ] {
            registry.register(collector).unwrap_or_else(|e| unreachable!("each metric registered once: {e}"));
        }
        Self { token: token.filter(|t| !t.is_empty()), registry, requests, latency, pool_open, pool_idle, pool_max, payments }
    }

    pub fn enabled(&self) -> bool {
        self.token.is_some()
    }

    fn authorized(&self, req: &HttpRequest) -> bool {
        let Some(token) = &self.token else { return false };
        let given = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or_default();
        // Constant time over the bytes (only the length can show).
        bool::from(given.as_bytes().ct_eq(token.as_bytes()))
    }

    fn observe(&self, method: &str, route: &str, status: u16, seconds: f64) {
        self.requests.with_label_values(&[method, route, &status.to_string()]).inc();
        self.latency.with_label_values(&[method, route]).observe(seconds);
    }
}

/// Middleware: counts every request by its route pattern once it is answered.
pub async fn record(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let metrics = req.app_data::<web::Data<Metrics>>().filter(|m| m.enabled()).cloned();
    let Some(metrics) = metrics else { return next.call(req).await };
    let started = Instant::now();
    let method = req.method().as_str().to_owned();
    let answered = next.call(req).await;
    let seconds = started.elapsed().as_secs_f64();
    match &answered {
        Ok(res) => {
            let route = res.request().match_pattern().unwrap_or_else(|| UNMATCHED.to_owned());
            metrics.observe(&method, &route, res.status().as_u16(), seconds);
        }
        Err(error) => metrics.observe(&method, UNMATCHED, error.as_response_error().status_code().as_u16(), seconds),
    }
    answered
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/metrics").route(web::get().to(metrics)));
}

async fn metrics(req: HttpRequest, metrics: web::Data<Metrics>, state: web::Data<AppState>) -> HttpResponse {
    if !metrics.enabled() {
        return HttpResponse::NotFound().finish();
    }
    if !metrics.authorized(&req) {
        return HttpResponse::Unauthorized().insert_header((header::WWW_AUTHENTICATE, "Bearer realm=\"metrics\"")).finish();
    }
    let pool = state.health.pool_usage();
    metrics.pool_open.set(i64::from(pool.open));
    metrics.pool_idle.set(i64::from(pool.idle));
    metrics.pool_max.set(i64::from(pool.max));
    match state.health.payment_counts().await {
        Ok(counts) => {
            metrics.payments.reset();
            for count in counts {
                metrics.payments.with_label_values(&[count.status.as_str(), count.provider.as_str()]).set(count.count);
            }
        }
        Err(error) => tracing::warn!(%error, "counting payments for /metrics failed"),
    }
    let mut body = Vec::new();
    if let Err(error) = TextEncoder::new().encode(&metrics.registry.gather(), &mut body) {
        tracing::error!(%error, "encoding the metrics failed");
        return HttpResponse::InternalServerError().finish();
    }
    HttpResponse::Ok().content_type(prometheus::TEXT_FORMAT).body(body)
}
