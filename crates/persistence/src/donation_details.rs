//! How a payment's donation details are stored: one JSON text column, a list of
//! `{donationTypeId, amount, name}` with amounts as exact decimal strings ("25.00").

use mandir_domain::Money;
use mandir_domain::payment::DonationDetail;
use serde_json::Value;

pub(crate) fn to_json(details: &[DonationDetail]) -> String {
    let list: Vec<Value> = details
        .iter()
        .map(|d| serde_json::json!({"donationTypeId": d.donation_type_id, "amount": d.amount.to_string(), "name": d.name}))
        .collect();
    Value::Array(list).to_string()
}

/// Reads stored donation details back; items that cannot be read are skipped.
pub(crate) fn from_json(text: &str) -> Vec<DonationDetail> {
    let Ok(Value::Array(items)) = serde_json::from_str::<Value>(text) else { return Vec::new() };
    items
        .iter()
        .filter_map(|item| {
            let object = item.as_object()?;
            let amount = match object.get("amount")? {
                Value::String(text) => Money::parse_decimal(text).ok()?,
                Value::Number(number) => Money::from_number_text(&number.to_string()).ok()?,
                _ => return None,
            };
            Some(DonationDetail {
                donation_type_id: object.get("donationTypeId")?.as_str()?.to_owned(),
                amount,
                name: object.get("name").and_then(Value::as_str).unwrap_or_default().to_owned(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_details_keep_exact_amounts() {
        let details = vec![DonationDetail { donation_type_id: "custom".into(), amount: Money::from_cents(1999), name: "Other".into() }];
        let text = to_json(&details);
        assert!(text.contains("\"19.99\""), "{text}");
        assert_eq!(from_json(&text), details);
        assert_eq!(from_json(r#"[{"donationTypeId":"custom","amount":5,"name":"Old"}]"#)[0].amount, Money::from_cents(500));
        assert_eq!(from_json("garbage"), Vec::new());
    }
}
