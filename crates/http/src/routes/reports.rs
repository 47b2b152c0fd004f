//! `/api/admin/reports`: the treasurer's reports with their CSVs (`read_ledger`; docs/product.md#reports).

use actix_web::{HttpResponse, web};
use chrono::NaiveDate;
use mandir_application::services::reports::{ActivityReport, GivingReport, Labelled};
use mandir_domain::Money;
use mandir_domain::reports::{DonorLine, MonthCount, MonthGiving, Share};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::csv_export::csv_response;
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(giving, activity, giving_csv, activity_csv),
    components(schemas(
        ReportMonthDto,
        ReportShareDto,
        ReportDonorDto,
        ReportDonorsDto,
        GivingReportDto,
        ReportCountDto,
        ReportMonthCountDto,
        ActivityReportDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/api/admin/reports/giving").default_service(web::to(super::unmatched)).route(web::get().to(giving)))
        .service(web::resource("/api/admin/reports/giving.csv").default_service(web::to(super::unmatched)).route(web::get().to(giving_csv)))
        .service(web::resource("/api/admin/reports/activity").default_service(web::to(super::unmatched)).route(web::get().to(activity)))
        .service(
            web::resource("/api/admin/reports/activity.csv").default_service(web::to(super::unmatched)).route(web::get().to(activity_csv)),
        );
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportQuery {
    /// "YYYY-MM-DD": the first day.
    #[param(format = Date)]
    from: String,
    /// "YYYY-MM-DD": the last day, on or after `from`, at most five years later.
    #[param(format = Date)]
    to: String,
}

fn dollars(cents: i64) -> String {
    Money::from_cents(cents).to_string()
}

/// A month's giving and the same month a year before.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportMonthDto {
    #[schema(example = "2026-03")]
    pub month: String,
    pub amount: String,
    pub gifts: u32,
    pub last_year: String,
}

impl From<MonthGiving> for ReportMonthDto {
    fn from(m: MonthGiving) -> Self {
        Self { month: m.month, amount: dollars(m.cents), gifts: m.gifts, last_year: dollars(m.last_year_cents) }
    }
}

/// A sum under a fund, channel or method.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportShareDto {
    pub key: String,
    pub label: String,
    pub amount: String,
    pub gifts: u32,
}

impl From<Labelled> for ReportShareDto {
    fn from(s: Labelled) -> Self {
        Self { key: s.key, label: s.label, amount: dollars(s.cents), gifts: s.count }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDonorDto {
    pub name: String,
    pub email: Option<String>,
    /// Given in the period.
    pub amount: String,
    /// Given in the year before the period.
    pub year_before: String,
}

impl From<DonorLine> for ReportDonorDto {
    fn from(d: DonorLine) -> Self {
        Self { name: d.name, email: d.email, amount: dollars(d.cents), year_before: dollars(d.before_cents) }
    }
}

/// New donors (never before the period), returning (before too) and lapsed (in the year before, not in it).
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportDonorsDto {
    pub new: Vec<ReportDonorDto>,
    pub returning: Vec<ReportDonorDto>,
    pub lapsed: Vec<ReportDonorDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GivingReportDto {
    #[schema(format = Date)]
    pub from: NaiveDate,
    #[schema(format = Date)]
    pub to: NaiveDate,
    /// Kept: completed gifts net of their refunds, tests apart.
    pub total: String,
    pub gifts: u32,
    pub months: Vec<ReportMonthDto>,
    pub by_fund: Vec<ReportShareDto>,
    pub by_channel: Vec<ReportShareDto>,
    pub by_method: Vec<ReportShareDto>,
    pub donors: ReportDonorsDto,
}

impl From<GivingReport> for GivingReportDto {
    fn from(r: GivingReport) -> Self {
        let list = |v: Vec<DonorLine>| v.into_iter().map(Into::into).collect();
        Self {
            from: r.from,
            to: r.to,
            total: dollars(r.total_cents),
            gifts: r.gifts,
            months: r.months.into_iter().map(Into::into).collect(),
            by_fund: r.by_fund.into_iter().map(Into::into).collect(),
            by_channel: r.by_channel.into_iter().map(Into::into).collect(),
            by_method: r.by_method.into_iter().map(Into::into).collect(),
            donors: ReportDonorsDto { new: list(r.donors.new), returning: list(r.donors.returning), lapsed: list(r.donors.lapsed) },
        }
    }
}

/// Bookings of a seva, or on a weekday.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportCountDto {
    pub label: String,
    pub bookings: u32,
    pub amount: String,
}

impl From<Share> for ReportCountDto {
    fn from(s: Share) -> Self {
        Self { label: s.key, bookings: s.count, amount: dollars(s.cents) }
    }
}

/// A month's count and its total: registrations and people (attendance), or new members and
/// members by the month's end (membership).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportMonthCountDto {
    pub month: String,
    pub count: u32,
    pub total: u64,
}

impl From<MonthCount> for ReportMonthCountDto {
    fn from(m: MonthCount) -> Self {
        Self { month: m.month, count: m.count, total: m.total }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityReportDto {
    #[schema(format = Date)]
    pub from: NaiveDate,
    #[schema(format = Date)]
    pub to: NaiveDate,
    pub sevas_by_seva: Vec<ReportCountDto>,
    /// Monday first.
    pub sevas_by_weekday: Vec<ReportCountDto>,
    /// Registrations (`count`) and people (`total`) by the month of their event.
    pub attendance: Vec<ReportMonthCountDto>,
    /// New accounts (`count`) and accounts by the month's end (`total`).
    pub membership: Vec<ReportMonthCountDto>,
}

impl From<ActivityReport> for ActivityReportDto {
    fn from(r: ActivityReport) -> Self {
        Self {
            from: r.from,
            to: r.to,
            sevas_by_seva: r.sevas_by_seva.into_iter().map(Into::into).collect(),
            sevas_by_weekday: r.sevas_by_weekday.into_iter().map(Into::into).collect(),
            attendance: r.attendance.into_iter().map(Into::into).collect(),
            membership: r.membership.into_iter().map(Into::into).collect(),
        }
    }
}

/// Giving in a period: by month against the year before, by fund, channel and method, and the donors (treasurers).
#[utoipa::path(operation_id = "getGivingReport", get, path = "/api/admin/reports/giving", tag = "admin", security(("bearer" = [])), params(ReportQuery), responses(
    (status = 200, body = GivingReportDto), (status = 400, body = ErrorBody, description = "`to` before `from`, or more than five years"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn giving(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ReportQuery>,
) -> Result<web::Json<GivingReportDto>, ApiError> {
    Ok(web::Json(state.reports.giving(&user.actor(), &query.from, &query.to).await?.into()))
}

/// Seva bookings by seva and weekday, event attendance and membership by month (treasurers).
#[utoipa::path(operation_id = "getActivityReport", get, path = "/api/admin/reports/activity", tag = "admin", security(("bearer" = [])), params(ReportQuery), responses(
    (status = 200, body = ActivityReportDto), (status = 400, body = ErrorBody, description = "`to` before `from`, or more than five years"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn activity(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ReportQuery>,
) -> Result<web::Json<ActivityReportDto>, ApiError> {
    Ok(web::Json(state.reports.activity(&user.actor(), &query.from, &query.to).await?.into()))
}

pub const REPORT_CSV_HEADER: [&str; 6] = ["Report", "Key", "Label", "Amount", "Count", "Compared"];

fn row(report: &str, key: &str, label: &str, amount: String, count: String, compared: String) -> Vec<String> {
    vec![report.to_owned(), key.to_owned(), label.to_owned(), amount, count, compared]
}

/// The giving report as CSV: one row per month, fund, channel, method and donor (treasurers).
#[utoipa::path(operation_id = "exportGivingReport", get, path = "/api/admin/reports/giving.csv", tag = "admin", security(("bearer" = [])), params(ReportQuery), responses(
    (status = 200, content_type = "text/csv", body = String, description = "Report, Key, Label, Amount, Count, Compared (the year before)"),
    (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn giving_csv(state: web::Data<AppState>, user: CurrentUser, query: web::Query<ReportQuery>) -> Result<HttpResponse, ApiError> {
    let r = state.reports.giving(&user.actor(), &query.from, &query.to).await?;
    let mut rows = Vec::new();
    for m in &r.months {
        rows.push(row("Giving by month", &m.month, &m.month, dollars(m.cents), m.gifts.to_string(), dollars(m.last_year_cents)));
    }
    for (name, shares) in [("Giving by fund", &r.by_fund), ("Giving by channel", &r.by_channel), ("Giving by method", &r.by_method)] {
        for s in shares {
            rows.push(row(name, &s.key, &s.label, dollars(s.cents), s.count.to_string(), String::new()));
        }
    }
    for (name, donors) in [("New donors", &r.donors.new), ("Returning donors", &r.donors.returning), ("Lapsed donors", &r.donors.lapsed)] {
        for d in donors {
            rows.push(row(name, d.email.as_deref().unwrap_or_default(), &d.name, dollars(d.cents), String::new(), dollars(d.before_cents)));
        }
    }
    csv_response(&format!("giving-{}-to-{}.csv", r.from, r.to), &REPORT_CSV_HEADER, rows)
}

/// The activity report as CSV: sevas by seva and weekday, attendance and membership by month (treasurers).
#[utoipa::path(operation_id = "exportActivityReport", get, path = "/api/admin/reports/activity.csv", tag = "admin", security(("bearer" = [])), params(ReportQuery), responses(
    (status = 200, content_type = "text/csv", body = String, description = "Report, Key, Label, Amount, Count, Compared"),
    (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
))]
async fn activity_csv(state: web::Data<AppState>, user: CurrentUser, query: web::Query<ReportQuery>) -> Result<HttpResponse, ApiError> {
    let r = state.reports.activity(&user.actor(), &query.from, &query.to).await?;
    let mut rows = Vec::new();
    for (name, shares) in [("Seva bookings by seva", &r.sevas_by_seva), ("Seva bookings by weekday", &r.sevas_by_weekday)] {
        for s in shares {
            rows.push(row(name, &s.key, &s.key, dollars(s.cents), s.count.to_string(), String::new()));
        }
    }
    for m in &r.attendance {
        rows.push(row("Attendance (registrations, people)", &m.month, &m.month, String::new(), m.count.to_string(), m.total.to_string()));
    }
    for m in &r.membership {
        rows.push(row("Membership (new, members)", &m.month, &m.month, String::new(), m.count.to_string(), m.total.to_string()));
    }
    csv_response(&format!("activity-{}-to-{}.csv", r.from, r.to), &REPORT_CSV_HEADER, rows)
}
