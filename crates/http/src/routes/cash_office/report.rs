//! The day's report by method, channel and fund, with the sevas booked (treasurers, front desk).

use actix_web::{get, web};
use chrono::NaiveDate;
use mandir_application::services::cash_office::{DailyReport, ReportLine, ReportSeva};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::money;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::input;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(get_daily_report), components(schemas(ReportLineDto, ReportSevaDto, DailyReportDto)))]
pub(super) struct Api;

/// One row of the report's totals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportLineDto {
    /// A method (`cash`, `check`, `credit_card`, …), a channel, or a fund's name.
    key: String,
    amount: String,
    count: i64,
}

impl From<ReportLine> for ReportLineDto {
    fn from(l: ReportLine) -> Self {
        Self { key: l.key, amount: money(l.amount), count: l.count }
    }
}

/// A seva's bookings made during the day.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportSevaDto {
    seva_name: String,
    booked: i64,
    unpaid: i64,
    amount: String,
}

impl From<ReportSeva> for ReportSevaDto {
    fn from(s: ReportSeva) -> Self {
        Self { seva_name: s.seva_name, booked: s.booked, unpaid: s.unpaid, amount: money(s.amount) }
    }
}

/// A day's money by method, channel and fund, and the sevas booked during it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyReportDto {
    date: NaiveDate,
    total: String,
    payments: i64,
    refunded: String,
    by_method: Vec<ReportLineDto>,
    by_channel: Vec<ReportLineDto>,
    by_fund: Vec<ReportLineDto>,
    sevas: Vec<ReportSevaDto>,
}

impl From<DailyReport> for DailyReportDto {
    fn from(r: DailyReport) -> Self {
        Self {
            date: r.date,
            total: money(r.total),
            payments: r.payments,
            refunded: money(r.refunded),
            by_method: r.by_method.into_iter().map(Into::into).collect(),
            by_channel: r.by_channel.into_iter().map(Into::into).collect(),
            by_fund: r.by_fund.into_iter().map(Into::into).collect(),
            sevas: r.sevas.into_iter().map(Into::into).collect(),
        }
    }
}

/// Which day.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ReportQuery {
    /// The temple's day (YYYY-MM-DD); today when omitted or blank.
    #[param(schema_with = input::day_or_blank_schema)]
    date: Option<String>,
}

/// The day's report (treasurers, front desk, admins): completed payments by method, channel and
/// fund, and the sevas booked.
#[utoipa::path(operation_id = "getDailyReport", tag = "cash office", security(("bearer" = [])), params(ReportQuery),
    responses((status = 200, body = DailyReportDto), (status = 400, body = ErrorBody)))]
#[get("/api/reports/daily")]
pub(super) async fn get_daily_report(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ReportQuery>,
) -> Result<web::Json<DailyReportDto>, ApiError> {
    Ok(web::Json(state.cash_office.daily_report(&user.actor(), query.date.as_deref()).await?.into()))
}
