//! Stripe's side of card settlements (docs/decisions/0146-stripe-fees-and-payouts.md): a charge's
//! fee and net from its balance transaction (the payment intent read with
//! `expand[]=latest_charge.balance_transaction`), the payouts (`GET /v1/payouts`) and each
//! payout's contents (`GET /v1/balance_transactions?payout=`, Stripe's payout reconciliation for
//! automatic payouts, with each transaction's source expanded to find its payment intent).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use mandir_application::ports::{GatewayError, SettlementGateway, UnsettledCharge};
use mandir_domain::Money;
use mandir_domain::payment::PaymentProvider;
use mandir_domain::payout::{PayoutLineKind, ProviderPayout, ProviderPayoutLine, Settlement};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::stripe::{StripePaymentGateway, id_of, is_stripe_id, transport};

/// Stripe's largest page.
const PAGE: &str = "100";
/// Pages read at most for one list (10,000 rows): a guard against a provider that never ends.
const MAX_PAGES: usize = 100;

#[derive(Deserialize)]
struct BalanceTransactionBody {
    id: String,
    #[serde(rename = "type", default)]
    kind: String,
    amount: i64,
    fee: i64,
    net: i64,
    available_on: Option<i64>,
    description: Option<String>,
    source: Option<Value>,
}

#[derive(Deserialize)]
struct ChargeBody {
    balance_transaction: Option<Value>,
}

#[derive(Deserialize)]
struct IntentWithCharge {
    latest_charge: Option<Value>,
}

#[derive(Deserialize)]
struct PayoutBody {
    id: String,
    amount: i64,
    arrival_date: i64,
    created: i64,
    status: String,
}

#[derive(Deserialize)]
struct ListBody<T> {
    data: Vec<T>,
    #[serde(default)]
    has_more: bool,
}

fn unreadable(what: &str) -> GatewayError {
    GatewayError::Unavailable(format!("Stripe answered an unreadable {what}").into())
}

fn timestamp(seconds: i64) -> Result<DateTime<Utc>, GatewayError> {
    DateTime::from_timestamp(seconds, 0).ok_or_else(|| unreadable("timestamp"))
}

fn day(seconds: i64) -> Result<NaiveDate, GatewayError> {
    Ok(timestamp(seconds)?.date_naive())
}

/// What a balance transaction is, by Stripe's `type`; `None` for the payout itself.
fn line_kind(kind: &str) -> Option<PayoutLineKind> {
    match kind {
        "payout" => None,
        "charge" | "payment" => Some(PayoutLineKind::Charge),
        "refund" | "payment_refund" => Some(PayoutLineKind::Refund),
        _ => Some(PayoutLineKind::Other),
    }
}

impl StripePaymentGateway {
    async fn get_json<T: DeserializeOwned>(&self, path: &str, query: &[(&str, String)]) -> Result<T, GatewayError> {
        let response = self
            .client
            .get(format!("{}{path}", self.api_base))
            .bearer_auth(&self.secret_key)
            .query(query)
            .send()
            .await
            .map_err(transport)?;
        Self::read_json(response).await
    }

    /// Every page of a list, following `starting_after`.
    async fn list_all<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, String)],
        id: fn(&T) -> &str,
    ) -> Result<Vec<T>, GatewayError> {
        let mut rows: Vec<T> = Vec::new();
        for _ in 0..MAX_PAGES {
            let mut page_query = query.to_vec();
            page_query.push(("limit", PAGE.to_owned()));
            if let Some(last) = rows.last() {
                page_query.push(("starting_after", id(last).to_owned()));
            }
            let page: ListBody<T> = self.get_json(path, &page_query).await?;
            let more = page.has_more && !page.data.is_empty();
            rows.extend(page.data);
            if !more {
                return Ok(rows);
            }
        }
        Err(GatewayError::Unavailable(format!("Stripe's list {path} did not end after {MAX_PAGES} pages").into()))
    }
}

#[async_trait]
impl SettlementGateway for StripePaymentGateway {
    fn provider(&self) -> PaymentProvider {
        PaymentProvider::Stripe
    }

    async fn settlement(&self, charge: &UnsettledCharge) -> Result<Option<Settlement>, GatewayError> {
        if !is_stripe_id(&charge.intent_id) {
            return Err(GatewayError::NotFound);
        }
        let intent: IntentWithCharge = self
            .get_json(&format!("/v1/payment_intents/{}", charge.intent_id), &[("expand[]", "latest_charge.balance_transaction".to_owned())])
            .await?;
        let Some(latest @ Value::Object(_)) = intent.latest_charge else { return Ok(None) };
        let latest: ChargeBody = serde_json::from_value(latest).map_err(|_| unreadable("charge"))?;
        let Some(txn @ Value::Object(_)) = latest.balance_transaction else { return Ok(None) };
        let txn: BalanceTransactionBody = serde_json::from_value(txn).map_err(|_| unreadable("balance transaction"))?;
        Ok(Some(Settlement {
            balance_transaction_id: txn.id,
            gross: Money::from_cents(txn.amount),
            fee: Money::from_cents(txn.fee),
            net: Money::from_cents(txn.net),
            available_on: day(txn.available_on.ok_or_else(|| unreadable("balance transaction"))?)?,
        }))
    }

    async fn payouts(&self, since: DateTime<Utc>) -> Result<Vec<ProviderPayout>, GatewayError> {
        let rows: Vec<PayoutBody> =
            self.list_all("/v1/payouts", &[("created[gte]", since.timestamp().to_string())], |p: &PayoutBody| &p.id).await?;
        let mut payouts = rows
            .into_iter()
            .map(|p| {
                Ok(ProviderPayout {
                    amount: Money::from_cents(p.amount),
                    arrival_date: day(p.arrival_date)?,
                    created: timestamp(p.created)?,
                    id: p.id,
                    status: p.status,
                })
            })
            .collect::<Result<Vec<_>, GatewayError>>()?;
        // Stripe lists the newest first.
        payouts.sort_by(|a, b| a.created.cmp(&b.created).then_with(|| a.id.cmp(&b.id)));
        Ok(payouts)
    }

    async fn payout_lines(&self, payout_id: &str) -> Result<Vec<ProviderPayoutLine>, GatewayError> {
        if !is_stripe_id(payout_id) {
            return Err(GatewayError::NotFound);
        }
        let query = [("payout", payout_id.to_owned()), ("expand[]", "data.source".to_owned())];
        let rows: Vec<BalanceTransactionBody> =
            self.list_all("/v1/balance_transactions", &query, |t: &BalanceTransactionBody| &t.id).await?;
        Ok(rows
            .into_iter()
            .filter_map(|t| {
                let kind = line_kind(&t.kind)?;
                // A charge's or refund's source names its payment intent (`payment_intent`).
                let intent_id = t.source.as_ref().and_then(|s| id_of(s.get("payment_intent")));
                Some(ProviderPayoutLine {
                    balance_transaction_id: t.id,
                    kind,
                    gross: Money::from_cents(t.amount),
                    fee: Money::from_cents(t.fee),
                    net: Money::from_cents(t.net),
                    intent_id,
                    description: t.description,
                })
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use wiremock::matchers::{header, method, path, query_param};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    use super::*;

    fn charge(intent: &str) -> UnsettledCharge {
        UnsettledCharge {
            payment_id: "p1".into(),
            intent_id: intent.into(),
            amount: Money::from_cents(10_000),
            paid_at: DateTime::from_timestamp(1_764_892_800, 0).expect("test value"),
        }
    }

    #[tokio::test]
    async fn a_charges_fee_comes_from_its_expanded_balance_transaction() {
        let stripe = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path("/v1/payment_intents/pi_1"))
            .and(query_param("expand[]", "latest_charge.balance_transaction"))
            .and(header("authorization", "Bearer sk_test_1"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "id": "pi_1",
                "latest_charge": {"id": "ch_1", "balance_transaction": {
                    "id": "txn_1", "type": "charge", "amount": 10000, "fee": 320, "net": 9680, "available_on": 1_765_065_600
                }}
            })))
            .mount(&stripe)
            .await;
        Mock::given(method("GET"))
            .and(path("/v1/payment_intents/pi_2"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(json!({"id": "pi_2", "latest_charge": {"id": "ch_2", "balance_transaction": null}})),
            )
            .mount(&stripe)
            .await;
        let gateway = StripePaymentGateway::new("sk_test_1", &stripe.uri()).expect("test value");
        let settled = gateway.settlement(&charge("pi_1")).await.expect("test value").expect("settled");
        assert_eq!((settled.gross.cents(), settled.fee.cents(), settled.net.cents()), (10_000, 320, 9_680));
        assert_eq!(settled.available_on, "2025-12-07".parse::<NaiveDate>().expect("test value"));
        assert_eq!(gateway.settlement(&charge("pi_2")).await.expect("test value"), None, "not settled yet");
        assert!(matches!(gateway.settlement(&charge("pi_../x")).await, Err(GatewayError::NotFound)));
    }

    #[tokio::test]
    async fn payouts_and_their_lines_are_read_page_by_page() {
        let stripe = MockServer::start().await;
        let payout = |id: &str, created: i64| json!({"id": id, "amount": 9680, "arrival_date": created + 86_400, "created": created, "status": "paid"});
        Mock::given(method("GET"))
            .and(path("/v1/payouts"))
            .and(query_param("created[gte]", "1764547200"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(json!({"data": [payout("po_2", 1_764_720_000), payout("po_1", 1_764_633_600)], "has_more": false})),
            )
            .mount(&stripe)
            .await;
        let txn = |id: &str, kind: &str, amount: i64, fee: i64, source: Value| json!({"id": id, "type": kind, "amount": amount, "fee": fee, "net": amount - fee, "available_on": 1_764_633_600, "source": source});
        Mock::given(method("GET"))
            .and(path("/v1/balance_transactions"))
            .and(query_param("payout", "po_1"))
            .and(query_param("expand[]", "data.source"))
            .and(wiremock::matchers::query_param_is_missing("starting_after"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"data": [
                txn("txn_1", "charge", 10000, 320, json!({"id": "ch_1", "object": "charge", "payment_intent": "pi_1"})),
                txn("txn_po", "payout", -9680, 0, json!("po_1")),
            ], "has_more": true})))
            .mount(&stripe)
            .await;
        Mock::given(method("GET"))
            .and(path("/v1/balance_transactions"))
            .and(query_param("starting_after", "txn_po"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({"data": [
                txn("txn_2", "refund", -500, 0, json!({"id": "re_1", "object": "refund", "payment_intent": {"id": "pi_1"}})),
                txn("txn_3", "adjustment", 180, 0, json!("du_1")),
            ], "has_more": false})))
            .mount(&stripe)
            .await;
        let gateway = StripePaymentGateway::new("sk_test_1", &stripe.uri()).expect("test value");
        let payouts = gateway.payouts(DateTime::from_timestamp(1_764_547_200, 0).expect("test value")).await.expect("test value");
        assert_eq!(payouts.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["po_1", "po_2"], "oldest first");
        assert_eq!(payouts[0].arrival_date, "2025-12-03".parse::<NaiveDate>().expect("test value"));
        let lines = gateway.payout_lines("po_1").await.expect("test value");
        let seen: Vec<_> =
            lines.iter().map(|l| (l.balance_transaction_id.as_str(), l.kind, l.net.cents(), l.intent_id.as_deref())).collect();
        assert_eq!(
            seen,
            [
                ("txn_1", PayoutLineKind::Charge, 9_680, Some("pi_1")),
                ("txn_2", PayoutLineKind::Refund, -500, Some("pi_1")),
                ("txn_3", PayoutLineKind::Other, 180, None)
            ],
            "the payout's own transaction is left out"
        );
    }

    #[tokio::test]
    async fn a_refusal_or_an_outage_is_a_gateway_error() {
        let stripe = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path("/v1/payouts"))
            .respond_with(ResponseTemplate::new(503).set_body_json(json!({"error": {"type": "api_error", "message": "down"}})))
            .mount(&stripe)
            .await;
        let gateway = StripePaymentGateway::new("sk_test_1", &stripe.uri()).expect("test value");
        assert!(matches!(gateway.payouts(Utc::now()).await, Err(GatewayError::Unavailable(_))));
        assert!(matches!(gateway.payout_lines("po 1").await, Err(GatewayError::NotFound)));
    }
}
