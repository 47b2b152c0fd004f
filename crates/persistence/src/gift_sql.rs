//! SQL pieces the sums over gifts share (the funds' charts, the reports): which payments count as
//! gifts, and the span of a list of bounds a gift's date falls in.

use chrono::{DateTime, Utc};
use mandir_domain::payment::{PaymentProvider, PaymentStatus};
use sea_orm::sea_query::{Alias, CaseStatement, Expr, ExprTrait, SelectStatement};

use crate::entities::payments;

/// Completed gifts, tests apart (of `payments`, or of its alias).
pub(crate) fn completed_gifts(select: &mut SelectStatement, alias: Option<Alias>) {
    let col = |c: payments::Column| match &alias {
        Some(a) => Expr::col((a.clone(), c)),
        None => Expr::col(c),
    };
    select
        .and_where(col(payments::Column::Status).eq(PaymentStatus::Completed.as_str()))
        .and_where(col(payments::Column::Provider).ne(PaymentProvider::Sandbox.as_str()));
}

/// The index of the span (`bounds[i]..bounds[i + 1]`) that holds `date`, for a date between the
/// first and last bound, found by halving: seven comparisons a row for five years of months,
/// where a plain `CASE` over them makes sixty.
pub(crate) fn span_of(date: &Expr, bounds: &[DateTime<Utc>]) -> Expr {
    halving(date, bounds, 0, bounds.len().saturating_sub(1))
}

fn halving(date: &Expr, bounds: &[DateTime<Utc>], low: usize, high: usize) -> Expr {
    if high <= low + 1 {
        return Expr::val(i64::try_from(low).unwrap_or(i64::MAX));
    }
    let middle = low + (high - low) / 2;
    CaseStatement::new()
        .case(date.clone().lt(bounds[middle]), halving(date, bounds, low, middle))
        .finally(halving(date, bounds, middle, high))
        .into()
}
