//! The loosely typed JSON fields of the API, read into the domain's neutral inputs. The wire
//! accepts an amount as a number or a decimal text and `donationDetails` as a list or the JSON
//! text of one (docs/api.md#payments); this module decides which shape arrived, the domain checks
//! the values with its messages (docs/decisions/0052-amounts-read-in-http-checked-in-domain.md).

use mandir_domain::NumberInput;
use mandir_domain::exchange::Exchange;
use mandir_domain::payment::{DonationDetailsInput, DonationItemInput};
use serde_json::Value;
use utoipa::openapi::schema::{AnyOfBuilder, ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, Type};

/// The `Idempotency-Key` header; a value that is not text is passed on (and refused) as blank.
pub fn idempotency_key(req: &actix_web::HttpRequest) -> Option<String> {
    req.headers().get("Idempotency-Key").map(|v| v.to_str().map(str::to_owned).unwrap_or_default())
}

/// A numeric field: a JSON number (its exact text), a text, null (missing), or anything else.
pub fn number(value: &Value) -> NumberInput {
    match value {
        Value::Null => NumberInput::Missing,
        Value::Number(number) => NumberInput::Number(number.to_string()),
        Value::String(text) => NumberInput::Text(text.clone()),
        Value::Bool(_) | Value::Array(_) | Value::Object(_) => NumberInput::Other,
    }
}

/// An optional numeric field: absent is missing, like null.
pub fn optional_number(value: Option<&Value>) -> NumberInput {
    value.map_or(NumberInput::Missing, number)
}

fn text_field(object: &serde_json::Map<String, Value>, key: &str) -> Option<String> {
    object.get(key).and_then(Value::as_str).map(str::to_owned)
}

fn item(value: &Value) -> DonationItemInput {
    match value.as_object() {
        Some(object) => DonationItemInput::Fields {
            donation_type_id: text_field(object, "donationTypeId"),
            amount: optional_number(object.get("amount")),
            name: text_field(object, "name"),
            fund_id: text_field(object, "fundId"),
            // A donor's request never says what they receive; the use case selling it does.
            exchange: Exchange::Nothing,
        },
        None => DonationItemInput::NotAnItem,
    }
}

/// `donationDetails`: a list of `{donationTypeId, amount, name}`, or the JSON text of one (as
/// create-payment-intent sends it). Null or blank text is missing.
pub fn donation_details(value: &Value) -> DonationDetailsInput {
    let items = |list: &[Value]| DonationDetailsInput::Items(list.iter().map(item).collect());
    match value {
        Value::Null => DonationDetailsInput::Missing,
        Value::String(text) if text.trim().is_empty() => DonationDetailsInput::Missing,
        Value::String(text) => match serde_json::from_str::<Value>(text) {
            Ok(Value::Array(list)) => items(&list),
            _ => DonationDetailsInput::NotAList,
        },
        Value::Array(list) => items(list),
        Value::Bool(_) | Value::Number(_) | Value::Object(_) => DonationDetailsInput::NotAList,
    }
}

// The OpenAPI schemas of these loose fields (`#[schema(schema_with = ..)]` on the request DTOs):
// every shape the readers above take, bounded no tighter than the domain's checks.

fn text() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

fn amount_between(minimum: i64, maximum: i64, description: &str) -> OneOfBuilder {
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::Number).minimum(Some(minimum)).maximum(Some(maximum)))
        .item(text().description(Some("A decimal text, e.g. \"25.00\"")))
        .description(Some(description))
}

/// A text that is one of `values` (a closed set the handler reads as text and refuses otherwise).
pub fn one_of_texts(values: &[&str]) -> Schema {
    text().enum_values(Some(values.iter().copied())).build().into()
}

/// Staff role names (`mandir_domain::staff::Role`); a name given twice counts once.
pub fn role_names_schema() -> Schema {
    use mandir_domain::staff::Role;
    utoipa::openapi::schema::ArrayBuilder::new()
        .items(utoipa::openapi::RefOr::T(one_of_texts(&Role::ALL.iter().map(|r| r.as_str()).collect::<Vec<_>>())))
        .build()
        .into()
}

/// Permission names (`mandir_domain::staff::Permission`): what the account's roles allow.
/// The site's languages' codes (`en`, `te`, `ta`, `hi`, `kn`; ADR 0149).
pub fn language_schema() -> Schema {
    one_of_texts(&mandir_domain::language::Language::ALL.iter().map(|l| l.as_str()).collect::<Vec<_>>())
}

pub fn permission_names_schema() -> Schema {
    use mandir_domain::staff::Permission;
    utoipa::openapi::schema::ArrayBuilder::new()
        .items(utoipa::openapi::RefOr::T(one_of_texts(&Permission::ALL.iter().map(|p| p.as_str()).collect::<Vec<_>>())))
        .unique_items(true)
        .build()
        .into()
}

/// The names of `roles`, in their fixed order.
pub fn role_names(roles: mandir_domain::staff::Roles) -> Vec<String> {
    roles.iter().map(|r| r.as_str().to_owned()).collect()
}

/// The names of the permissions `roles` hold.
pub fn permission_names(roles: mandir_domain::staff::Roles) -> Vec<String> {
    mandir_domain::staff::Permission::ALL.iter().filter(|p| roles.allow(**p)).map(|p| p.as_str().to_owned()).collect()
}

/// A day (`YYYY-MM-DD`); blank for no bound.
pub fn day_or_blank_schema() -> Schema {
    use utoipa::openapi::{KnownFormat, SchemaFormat};
    AnyOfBuilder::new()
        .item(text().format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))))
        .item(text().max_length(Some(0)))
        .description(Some("A day (YYYY-MM-DD), inclusive; blank for no bound."))
        .build()
        .into()
}

/// A day (`YYYY-MM-DD`) or an RFC 3339 date-time; blank for no bound.
pub fn day_or_instant_schema() -> Schema {
    use utoipa::openapi::{KnownFormat, SchemaFormat};
    AnyOfBuilder::new()
        .item(text().format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))))
        .item(text().format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime))))
        .item(text().max_length(Some(0)))
        .description(Some("A day (YYYY-MM-DD) or an RFC 3339 date-time, inclusive; blank for no bound."))
        .build()
        .into()
}

/// A payment amount: a number of dollars from 1 to 1,000,000 or its decimal text.
pub fn amount_schema() -> Schema {
    amount_between(1, 1_000_000, "Dollars, 1 to 1,000,000, at most two decimals: a number or a decimal text.").build().into()
}

/// A refund: a number of dollars more than 0 (and at most the payment's unrefunded part) or its
/// decimal text.
pub fn refund_amount_schema() -> Schema {
    amount_between(
        0,
        1_000_000,
        "Dollars, more than 0 and at most what is not yet refunded, at most two decimals: a number or a decimal text.",
    )
    .build()
    .into()
}

/// A donation type's default amount: 0 to 1,000,000 dollars or its decimal text; null or "" for none.
pub fn default_amount_schema() -> Schema {
    amount_between(0, 1_000_000, "Dollars, 0 to 1,000,000, at most two decimals: a number or a decimal text; null or \"\" for none.")
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .build()
        .into()
}

/// A fund's goal: 1 to 100,000,000 dollars or its decimal text; null or "" for none.
pub fn goal_schema() -> Schema {
    amount_between(1, 100_000_000, "Dollars, 1 to 100,000,000, at most two decimals: a number or a decimal text; null or \"\" for none.")
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .build()
        .into()
}

/// A sort order: a whole number of 0 or more or its text; null or "" means 0.
pub fn sort_order_schema() -> Schema {
    AnyOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(0)).maximum(Some(i64::from(i32::MAX))))
        .item(text())
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some("A whole number of 0 or more (or its text); null or \"\" means 0."))
        .build()
        .into()
}

/// `donationDetails`: a list of 1 to 20 `{donationTypeId, amount, name}`, or its JSON text.
pub fn donation_details_schema() -> Schema {
    let item =
        ObjectBuilder::new().description(Some("`{donationTypeId, amount, name}`: a `DonationDetailDto`, amount as a number or text"));
    OneOfBuilder::new()
        .item(ArrayBuilder::new().items(item).min_items(Some(1)).max_items(Some(mandir_domain::payment::MAX_DETAILS)))
        .item(text().min_length(Some(1)).description(Some("The JSON text of the list")))
        .description(Some("`DonationDetail[]` or its JSON text; the items must add up to `amount`."))
        .build()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mandir_domain::Money;
    use mandir_domain::donation_type::{self, parse_default_amount};
    use mandir_domain::payment::{self, DonationDetail, details_total, parse_amount, parse_donation_details};
    use mandir_domain::payment_method::{SORT_ORDER_INVALID, parse_sort_order};
    use serde_json::json;

    const TYPE_ID: &str = "3f2b8c1e-5d4a-4b6f-9e2d-1a2b3c4d5e6f";

    #[test]
    fn numbers_keep_their_shape_and_exact_text() {
        assert_eq!(number(&json!(25.5)), NumberInput::Number("25.5".into()));
        assert_eq!(number(&json!(1e300)), NumberInput::Number("1e+300".into()));
        assert_eq!(number(&json!(" 19.99 ")), NumberInput::Text(" 19.99 ".into()));
        assert_eq!(number(&json!(null)), NumberInput::Missing);
        assert_eq!(optional_number(None), NumberInput::Missing);
        for other in [json!(true), json!([1]), json!({"v": 1})] {
            assert_eq!(number(&other), NumberInput::Other, "{other}");
        }
    }

    #[test]
    fn details_are_a_list_or_its_json_text() {
        let list =
            json!([{"donationTypeId": TYPE_ID, "amount": 20, "name": "Annadanam"}, {"donationTypeId": "custom", "amount": "5.50"}, 7]);
        let from_list = donation_details(&list);
        assert_eq!(donation_details(&Value::String(list.to_string())), from_list);
        assert_eq!(
            from_list,
            DonationDetailsInput::Items(vec![
                DonationItemInput::new(TYPE_ID, NumberInput::Number("20".into()), "Annadanam"),
                DonationItemInput::Fields {
                    donation_type_id: Some("custom".into()),
                    amount: NumberInput::Text("5.50".into()),
                    name: None,
                    fund_id: None,
                    exchange: Exchange::Nothing
                },
                DonationItemInput::NotAnItem,
            ])
        );
        assert_eq!(donation_details(&json!(null)), DonationDetailsInput::Missing);
        assert_eq!(donation_details(&json!("  ")), DonationDetailsInput::Missing);
        assert_eq!(donation_details(&json!("not json")), DonationDetailsInput::NotAList);
        assert_eq!(donation_details(&json!("null")), DonationDetailsInput::NotAList);
        assert_eq!(donation_details(&json!({"a": 1})), DonationDetailsInput::NotAList);
        let odd = donation_details(&json!([{"donationTypeId": 5, "name": ["x"]}]));
        let expected = DonationItemInput::Fields {
            donation_type_id: None,
            amount: NumberInput::Missing,
            name: None,
            fund_id: None,
            exchange: Exchange::Nothing,
        };
        assert_eq!(odd, DonationDetailsInput::Items(vec![expected]));
    }

    // The wire shapes end to end, with the domain's messages (as the API answers them).

    fn amount(v: Value) -> Result<i64, String> {
        parse_amount(&number(&v)).map(Money::cents)
    }

    #[test]
    fn amounts_as_sent_between_1_and_1_000_000_with_two_decimals() {
        assert_eq!(amount(json!(1)), Ok(100));
        assert_eq!(amount(json!(25.5)), Ok(2550));
        assert_eq!(amount(json!("19.99")), Ok(1999));
        assert_eq!(amount(json!(1_000_000)), Ok(100_000_000));
        assert_eq!(amount(json!(0)), Err(payment::AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(json!(0.99)), Err(payment::AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(json!(-5)), Err(payment::AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(json!(0.001)), Err(payment::AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(json!(1_000_000.01)), Err(payment::AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(amount(json!(1_000_000.001)), Err(payment::AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(amount(json!(1e300)), Err(payment::AMOUNT_TOO_LARGE.to_owned()));
        assert_eq!(amount(json!(-1e300)), Err(payment::AMOUNT_TOO_SMALL.to_owned()));
        assert_eq!(amount(json!(10.005)), Err(payment::AMOUNT_TOO_PRECISE.to_owned()));
        assert_eq!(amount(json!("ten")), Err(payment::AMOUNT_INVALID.to_owned()));
        assert_eq!(amount(json!(null)), Err(payment::AMOUNT_INVALID.to_owned()));
        assert_eq!(amount(json!(true)), Err(payment::AMOUNT_INVALID.to_owned()));
    }

    #[test]
    fn details_as_sent_are_checked_item_by_item() {
        let check = |v: Value| parse_donation_details(&donation_details(&v));
        let list = json!([{"donationTypeId": TYPE_ID, "amount": 20, "name": "Annadanam"}, {"donationTypeId": "custom", "amount": "5.50", "name": "Other"}]);
        let from_list = check(list.clone()).expect("list");
        assert_eq!(check(Value::String(list.to_string())).expect("text"), from_list);
        assert_eq!(
            from_list[1],
            DonationDetail {
                fund_id: None,
                donation_type_id: "custom".into(),
                amount: Money::from_cents(550),
                name: "Other".into(),
                exchange: Exchange::Nothing
            }
        );
        assert_eq!(details_total(&from_list), Some(Money::from_cents(2550)));

        let general = mandir_domain::fund::GENERAL_FUND_ID;
        let to_fund = check(json!([{"donationTypeId": "custom", "amount": 5, "name": "Building", "fundId": general.to_uppercase()}]));
        assert_eq!(to_fund.expect("a custom item to a fund")[0].fund_id.as_deref(), Some(general));
        assert_eq!(
            check(json!([{"donationTypeId": TYPE_ID, "amount": 5, "name": "x", "fundId": general}])),
            Err(payment::DETAIL_FUND_WITH_TYPE.to_owned())
        );
        assert_eq!(
            check(json!([{"donationTypeId": "custom", "amount": 5, "name": "x", "fundId": "building"}])),
            Err(payment::DETAIL_FUND_CLOSED.to_owned())
        );
        assert_eq!(check(json!([{"donationTypeId": "custom", "amount": 5, "name": "x", "fundId": " "}])).expect("blank")[0].fund_id, None);
        assert_eq!(check(json!(null)), Err(payment::DETAILS_MISSING.to_owned()));
        assert_eq!(check(json!("")), Err(payment::DETAILS_MISSING.to_owned()));
        assert_eq!(check(json!([])), Err(payment::DETAILS_MISSING.to_owned()));
        assert_eq!(check(json!("not json")), Err(payment::DETAILS_INVALID.to_owned()));
        assert_eq!(check(json!({"a": 1})), Err(payment::DETAILS_INVALID.to_owned()));
        assert_eq!(check(json!([{"donationTypeId": "abc", "amount": 1, "name": "x"}])), Err(payment::DETAIL_TYPE_INVALID.to_owned()));
        assert_eq!(check(json!([{"donationTypeId": "custom", "amount": 0, "name": "x"}])), Err(payment::DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(check(json!([{"donationTypeId": "custom", "amount": -1, "name": "x"}])), Err(payment::DETAIL_AMOUNT_INVALID.to_owned()));
        assert_eq!(
            check(json!([{"donationTypeId": "custom", "amount": 0.001, "name": "x"}])),
            Err(payment::DETAIL_AMOUNT_INVALID.to_owned())
        );
        assert_eq!(
            check(json!([{"donationTypeId": "custom", "amount": null, "name": "x"}])),
            Err(payment::DETAIL_AMOUNT_INVALID.to_owned())
        );
        assert_eq!(check(json!([{"donationTypeId": "custom", "amount": 1, "name": " "}])), Err(payment::DETAIL_NAME_INVALID.to_owned()));
        assert_eq!(check(json!([{"donationTypeId": "custom", "amount": 1, "name": "x"}, 5])), Err(payment::DETAILS_INVALID.to_owned()));
        let many: Vec<Value> = (0..21).map(|_| json!({"donationTypeId": "custom", "amount": 1, "name": "x"})).collect();
        assert_eq!(check(Value::Array(many)), Err(payment::DETAILS_TOO_MANY.to_owned()));
    }

    #[test]
    fn default_amounts_as_sent() {
        let check = |v: Value| parse_default_amount(&number(&v));
        assert_eq!(check(json!("25.00")), Ok(Some(Money::from_cents(2500))));
        assert_eq!(check(json!(19.99)), Ok(Some(Money::from_cents(1999))));
        assert_eq!(check(json!(null)), Ok(None));
        assert_eq!(check(json!("  ")), Ok(None));
        assert_eq!(check(json!(true)), Err(donation_type::AMOUNT_INVALID.to_owned()));
        assert_eq!(check(json!({"v": 1})), Err(donation_type::AMOUNT_INVALID.to_owned()));
        assert_eq!(check(json!(-0.5)), Err(donation_type::AMOUNT_NEGATIVE.to_owned()));
        assert_eq!(check(json!(1e20)), Err(donation_type::AMOUNT_TOO_LARGE.to_owned()));
    }

    #[test]
    fn sort_orders_as_sent() {
        let check = |v: Value| parse_sort_order(&number(&v));
        assert_eq!(check(json!(3)), Ok(3));
        assert_eq!(check(json!("4")), Ok(4));
        assert_eq!(check(json!(null)), Ok(0));
        assert_eq!(check(json!("")), Ok(0));
        for bad in [json!(-1), json!(1.5), json!("abc"), json!(true), json!(3_000_000_000_i64), json!(1e3)] {
            assert_eq!(check(bad.clone()), Err(SORT_ORDER_INVALID.to_owned()), "{bad}");
        }
    }
}
