//! What can be imported, the fields of each kind, and the mapping of a file's columns to them.

use std::collections::BTreeMap;

use crate::text_enum;
use crate::validation::ValidationErrors;

use super::table::Table;

text_enum!(
    /// What a file holds: people (members with their households and family members) or
    /// historical gifts.
    ImportKind { Members => "members", Gifts => "gifts" }
);

impl ImportKind {
    pub const fn label(self) -> &'static str {
        match self {
            Self::Members => "Members",
            Self::Gifts => "Gifts",
        }
    }

    /// The fields a row of this kind may fill, in the order the mapping form shows them.
    pub const fn fields(self) -> &'static [Field] {
        match self {
            Self::Members => MEMBER_FIELDS,
            Self::Gifts => GIFT_FIELDS,
        }
    }

    pub fn field(self, key: &str) -> Option<&'static Field> {
        self.fields().iter().find(|f| f.key == key)
    }
}

pub const KIND_INVALID: &str = "Kind must be members or gifts";

/// One field a column can be mapped to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Field {
    /// The mapping's key (`firstName`).
    pub key: &'static str,
    pub label: &'static str,
    pub required: bool,
    /// What it means and which forms it takes.
    pub help: &'static str,
    /// Column names that mean this field (compared without case, spaces and punctuation), for
    /// the suggested mapping.
    #[serde(skip)]
    pub aliases: &'static [&'static str],
}

const fn field(key: &'static str, label: &'static str, required: bool, help: &'static str, aliases: &'static [&'static str]) -> Field {
    Field { key, label, required, help, aliases }
}

pub const MEMBER_FIELDS: &[Field] = &[
    field(
        "sourceId",
        "Member ID",
        false,
        "The person's id in the old system: importing again matches on it",
        &["memberid", "personid", "id", "contactid", "constituentid"],
    ),
    field(
        "householdId",
        "Household ID",
        false,
        "People with the same household id are one family",
        &["householdid", "familyid", "household", "family", "hhid"],
    ),
    field("firstName", "First name", true, "", &["firstname", "first", "givenname", "fname"]),
    field("lastName", "Last name", true, "", &["lastname", "last", "surname", "familyname", "lname"]),
    field(
        "email",
        "E-mail",
        false,
        "A person with an e-mail gets an account; one without becomes a family member of their household's account",
        &["email", "emailaddress", "e-mail", "mail"],
    ),
    field("phone", "Phone", false, "", &["phone", "phonenumber", "mobile", "cell", "cellphone", "telephone", "homephone"]),
    field(
        "address",
        "Address",
        false,
        "The street, or the whole mailing address",
        &["address", "street", "streetaddress", "mailingaddress", "address1", "addressline1"],
    ),
    field("city", "City", false, "Added to the address", &["city", "town"]),
    field("state", "State", false, "Added to the address", &["state", "province", "st"]),
    field("zip", "ZIP code", false, "Added to the address", &["zip", "zipcode", "postalcode", "postcode"]),
    field("gotram", "Gotram", false, "One of the temple's gotrams", &["gotram", "gotra", "gothram", "gothra"]),
    field("nakshatram", "Nakshatram", false, "The birth star: Ashwini to Revati", &["nakshatram", "nakshatra", "star", "birthstar"]),
    field("rasi", "Rasi", false, "", &["rasi", "rashi", "moonsign"]),
    field("relation", "Relation", false, "For a family member: spouse, son, daughter …", &["relation", "relationship", "role"]),
    field("birthDate", "Birth date", false, "", &["birthdate", "dateofbirth", "dob", "birthday"]),
];

pub const GIFT_FIELDS: &[Field] = &[
    field(
        "sourceId",
        "Gift ID",
        false,
        "The gift's id in the old system: importing again matches on it",
        &["giftid", "donationid", "transactionid", "id", "gift"],
    ),
    field(
        "date",
        "Date",
        true,
        "2021-03-05, 03/05/2021, 5-Mar-2021 or March 5, 2021",
        &["date", "giftdate", "donationdate", "received", "datereceived", "paymentdate"],
    ),
    field(
        "amount",
        "Amount",
        true,
        "In dollars: 101, 1,001.00 or $51.50",
        &["amount", "giftamount", "total", "value", "donation", "amountusd"],
    ),
    field("fund", "Fund", false, "One of the temple's funds (General when blank)", &["fund", "fundname", "designation", "campaign"]),
    field(
        "donationType",
        "Donation type",
        false,
        "One of the temple's donation types",
        &["donationtype", "purpose", "type", "category", "seva"],
    ),
    field(
        "method",
        "Payment method",
        true,
        "Cash, check, card, Zelle or PayPal",
        &["method", "paymentmethod", "paymenttype", "tender", "paidby", "paymode"],
    ),
    field("checkNumber", "Check number", false, "", &["checknumber", "checkno", "check", "chequenumber", "chequeno"]),
    field("receiptNumber", "Receipt number", false, "The receipt number the old system gave", &["receiptnumber", "receiptno", "receipt"]),
    field(
        "memberId",
        "Member ID",
        false,
        "The donor's member id as in the members file",
        &["memberid", "donorid", "personid", "constituentid", "contactid"],
    ),
    field("donorEmail", "Donor e-mail", false, "", &["donoremail", "email", "emailaddress"]),
    field("donorName", "Donor name", false, "For a donor without an account", &["donorname", "donor", "name", "fullname"]),
    field("notes", "Notes", false, "", &["notes", "note", "memo", "comment", "comments"]),
];

/// Which column fills which field: field key → the column's header as in the file.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Mapping(pub BTreeMap<String, String>);

/// A mapping checked against a file: field key → the column's position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Columns(BTreeMap<&'static str, usize>);

impl Columns {
    /// The cell of `field` in `cells`, blank when the field is not mapped.
    pub fn cell<'a>(&self, cells: &'a [String], field: &str) -> &'a str {
        self.0.get(field).and_then(|i| cells.get(*i)).map_or("", String::as_str)
    }

    pub fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }
}

pub const MAPPING_FIELD_UNKNOWN: &str = "is not a field of this kind of import";
pub const MAPPING_COLUMN_MISSING: &str = "The file has no column of that name";
pub const MAPPING_REQUIRED: &str = "Choose the column that holds this field";

/// Letters and digits only, lower-cased: how column names are compared with a field's aliases.
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

impl Mapping {
    /// The mapping a file's headers suggest: each field whose label or alias a header matches,
    /// each column used once, fields in their order.
    pub fn suggest(kind: ImportKind, headers: &[String]) -> Self {
        let mut taken = vec![false; headers.len()];
        let mut map = BTreeMap::new();
        for field in kind.fields() {
            let names: Vec<String> = std::iter::once(squeeze(field.label)).chain(field.aliases.iter().map(|a| squeeze(a))).collect();
            let found = headers.iter().enumerate().find(|(i, h)| !taken[*i] && names.contains(&squeeze(h)));
            if let Some((i, header)) = found {
                taken[i] = true;
                map.insert(field.key.to_owned(), header.clone());
            }
        }
        Self(map)
    }

    /// The mapping's columns in `table`. Errors are keyed by field: an unknown field, a column
    /// the file does not have, a required field left out. Blank column names are ignored (the
    /// form's "not imported").
    pub fn resolve(&self, kind: ImportKind, table: &Table) -> Result<Columns, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let mut columns = BTreeMap::new();
        for (key, header) in &self.0 {
            let header = header.trim();
            if header.is_empty() {
                continue;
            }
            match (kind.field(key), table.column(header)) {
                (None, _) => errors.add(&format!("mapping.{key}"), &format!("{key} {MAPPING_FIELD_UNKNOWN}")),
                (Some(_), None) => errors.add(&format!("mapping.{key}"), &format!("{MAPPING_COLUMN_MISSING}: \"{header}\"")),
                (Some(field), Some(i)) => {
                    columns.insert(field.key, i);
                }
            }
        }
        for field in kind.fields().iter().filter(|f| f.required && !columns.contains_key(f.key)) {
            if errors.get(&format!("mapping.{}", field.key)).is_none() {
                errors.add(&format!("mapping.{}", field.key), MAPPING_REQUIRED);
            }
        }
        errors.into_result().map(|()| Columns(columns))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::table::Row;

    fn table(headers: &[&str]) -> Table {
        Table {
            headers: headers.iter().map(|h| (*h).to_owned()).collect(),
            rows: vec![Row { line: 2, cells: headers.iter().map(|_| String::new()).collect() }],
        }
    }

    #[test]
    fn headers_suggest_their_fields_each_column_once() {
        let headers: Vec<String> = ["Member ID", "First Name", "LAST_NAME", "E-mail Address", "Cell", "Gothra", "Zip Code", "Extra"]
            .iter()
            .map(|h| (*h).to_owned())
            .collect();
        let mapping = Mapping::suggest(ImportKind::Members, &headers);
        assert_eq!(mapping.0.get("sourceId").map(String::as_str), Some("Member ID"));
        assert_eq!(mapping.0.get("firstName").map(String::as_str), Some("First Name"));
        assert_eq!(mapping.0.get("lastName").map(String::as_str), Some("LAST_NAME"));
        assert_eq!(mapping.0.get("email").map(String::as_str), Some("E-mail Address"));
        assert_eq!(mapping.0.get("phone").map(String::as_str), Some("Cell"));
        assert_eq!(mapping.0.get("gotram").map(String::as_str), Some("Gothra"));
        assert_eq!(mapping.0.get("zip").map(String::as_str), Some("Zip Code"));
        assert_eq!(mapping.0.len(), 7);
    }

    #[test]
    fn a_mapping_names_real_columns_and_every_required_field() {
        let file = table(&["First", "Surname", "Email"]);
        let mut mapping = Mapping::default();
        mapping.0.insert("firstName".into(), "first".into());
        mapping.0.insert("email".into(), "Mail".into());
        mapping.0.insert("shoeSize".into(), "Email".into());
        mapping.0.insert("phone".into(), " ".into());
        let errors = mapping.resolve(ImportKind::Members, &file).expect_err("refused");
        assert_eq!(errors.get("mapping.email"), Some("The file has no column of that name: \"Mail\""));
        assert_eq!(errors.get("mapping.shoeSize"), Some("shoeSize is not a field of this kind of import"));
        assert_eq!(errors.get("mapping.lastName"), Some(MAPPING_REQUIRED));
        mapping.0.remove("shoeSize");
        mapping.0.insert("email".into(), "Email".into());
        mapping.0.insert("lastName".into(), "Surname".into());
        let columns = mapping.resolve(ImportKind::Members, &file).expect("resolved");
        let cells = vec!["Ravi".to_owned(), "Kumar".to_owned(), "r@example.org".to_owned()];
        assert_eq!(columns.cell(&cells, "lastName"), "Kumar");
        assert_eq!(columns.cell(&cells, "phone"), "");
        assert!(!columns.has("phone"));
    }
}
