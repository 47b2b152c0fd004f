//! How a payment's donation details are stored: one JSON text column, a list of
//! `{donationTypeId, amount, name}` with amounts as exact decimal strings ("25.00"), and for a
//! line that gave something in return its `exchange` (`religious`, or `goods` with its `value`);
//! a line without one is a donation. Each line also names its `fundId`, and is repeated as a row
//! of `payment_lines` so that sums by fund are one SQL query (docs/product.md#funds).

use mandir_domain::exchange::Exchange;
use mandir_domain::payment::DonationDetail;
use mandir_domain::{FundId, Money};
use serde_json::Value;

pub(crate) fn to_json(details: &[DonationDetail]) -> String {
    let list: Vec<Value> = details
        .iter()
        .map(|d| {
            let mut item = serde_json::json!({"donationTypeId": d.donation_type_id, "amount": d.amount.to_string(), "name": d.name});
            if d.exchange != Exchange::Nothing {
                item["exchange"] = Value::from(d.exchange.kind());
            }
            if let Exchange::Goods(value) = d.exchange {
                item["value"] = Value::from(value.to_string());
            }
            if let Some(fund) = &d.fund_id {
                item["fundId"] = Value::from(fund.as_str());
            }
            item
        })
        .collect();
    Value::Array(list).to_string()
}

/// Reads stored donation details back; items that cannot be read are skipped.
pub(crate) fn from_json(text: &str) -> Vec<DonationDetail> {
    let money = |value: &Value| match value {
        Value::String(text) => Money::parse_decimal(text).ok(),
        Value::Number(number) => Money::from_number_text(&number.to_string()).ok(),
        _ => None,
    };
    let Ok(Value::Array(items)) = serde_json::from_str::<Value>(text) else { return Vec::new() };
    items
        .iter()
        .filter_map(|item| {
            let object = item.as_object()?;
            let amount = money(object.get("amount")?)?;
            let exchange = Exchange::from_stored(object.get("exchange").and_then(Value::as_str), object.get("value").and_then(money));
            Some(DonationDetail {
                donation_type_id: object.get("donationTypeId")?.as_str()?.to_owned(),
                amount,
                name: object.get("name").and_then(Value::as_str).unwrap_or_default().to_owned(),
                exchange,
                fund_id: object.get("fundId").and_then(Value::as_str).map(FundId::new),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_details_keep_exact_amounts() {
        let item = |name: &str, exchange| DonationDetail {
            fund_id: None,
            donation_type_id: "custom".into(),
            amount: Money::from_cents(1999),
            name: name.into(),
            exchange,
        };
        let details = vec![
            item("Other", Exchange::Nothing),
            item("Archana", Exchange::Religious),
            item("Dinner", Exchange::Goods(Money::from_cents(1500))),
        ];
        let text = to_json(&details);
        assert!(text.contains("\"19.99\"") && text.contains(r#""exchange":"goods","#) && text.contains(r#""value":"15.00""#), "{text}");
        let stored: Value = serde_json::from_str(&text).expect("json");
        assert_eq!(stored[0].get("exchange"), None, "a donation is stored as before");
        assert_eq!(from_json(&text), details);
        assert_eq!(from_json(r#"[{"donationTypeId":"custom","amount":5,"name":"Old"}]"#)[0].amount, Money::from_cents(500));
        assert_eq!(from_json("garbage"), Vec::new());
    }
}
