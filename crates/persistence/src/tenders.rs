//! How a payment taken in person was paid: its tenders (cash with what was handed over, or a
//! check, or a card charged on the tablet), one row each in `payment_tenders`, written by the counter and read by the cash office.

use chrono::NaiveDate;
use mandir_application::ports::RepoError;
use mandir_domain::Money;
use mandir_domain::counter::Tender;
use sea_orm::Set;

use crate::entities::payment_tenders;

fn corrupt(what: &str) -> RepoError {
    RepoError::unexpected(format!("stored payment tender has an unreadable {what}"))
}

pub(crate) fn tender_of(m: payment_tenders::Model) -> Result<Tender, RepoError> {
    let amount = Money::from_cents(m.amount_cents);
    match m.method.as_str() {
        "cash" => Ok(Tender::Cash { amount, tendered: Money::from_cents(m.tendered_cents.unwrap_or(m.amount_cents)) }),
        "check" => Ok(Tender::Check {
            amount,
            number: m.check_number.unwrap_or_default(),
            bank: m.check_bank.unwrap_or_default(),
            date: m
                .check_date
                .as_deref()
                .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
                .ok_or_else(|| corrupt("check date"))?,
        }),
        "credit_card" => Ok(Tender::Card { amount, intent_id: m.card_intent_id.ok_or_else(|| corrupt("card intent"))? }),
        _ => Err(corrupt("tender method")),
    }
}

pub(crate) fn tender_row(payment_id: &str, position: usize, tender: &Tender) -> payment_tenders::ActiveModel {
    let (tendered, number, bank, date) = match tender {
        Tender::Cash { tendered, .. } => (Some(tendered.cents()), None, None, None),
        Tender::Check { number, bank, date, .. } => {
            (None, Some(number.clone()), Some(bank.clone()), Some(date.format("%Y-%m-%d").to_string()))
        }
        Tender::Card { .. } => (None, None, None, None),
    };
    payment_tenders::ActiveModel {
        id: Set(uuid::Uuid::new_v4().to_string()),
        payment_id: Set(payment_id.to_owned()),
        position: Set(i32::try_from(position).unwrap_or(i32::MAX)),
        method: Set(tender.method().as_str().to_owned()),
        amount_cents: Set(tender.amount().cents()),
        tendered_cents: Set(tendered),
        check_number: Set(number),
        check_bank: Set(bank),
        check_date: Set(date),
        drawer_close_id: Set(None),
        deposit_id: Set(None),
        card_intent_id: Set(tender.card_intent().map(str::to_owned)),
    }
}
