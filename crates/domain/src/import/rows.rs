//! Each row of a file checked into what it will become: a member (an account, or a family member
//! of their household's account) or a historical gift. Every problem is reported with the row's
//! line and field, so the dry run's report says exactly what to fix; a row with an error is never
//! imported.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;

use super::mapping::Columns;
use super::table::Table;
use super::values::{Lookup, look_up, parse_amount, parse_date, parse_method};
use crate::address::mailing_address;
use crate::donation_type::DonationType;
use crate::fund::Fund;
use crate::gotram::Gotram;
use crate::money::Money;
use crate::panchangam::NAKSHATRA_NAMES;
use crate::payment::PaymentMethodKind;
use crate::user::Email;

/// A problem with one row. Errors keep the row out of the import; warnings say what was done.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RowIssue {
    /// The row's line in the file.
    pub line: usize,
    /// The field's key (`gotram`), blank for the row as a whole.
    pub field: String,
    /// The cell as it was in the file.
    pub value: String,
    pub message: String,
    pub warning: bool,
}

/// The issues of a check, in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Issues(pub Vec<RowIssue>);

impl Issues {
    pub fn error(&mut self, line: usize, field: &str, value: &str, message: impl Into<String>) {
        self.0.push(RowIssue { line, field: field.to_owned(), value: value.to_owned(), message: message.into(), warning: false });
    }

    pub fn warn(&mut self, line: usize, field: &str, value: &str, message: impl Into<String>) {
        self.0.push(RowIssue { line, field: field.to_owned(), value: value.to_owned(), message: message.into(), warning: true });
    }

    /// The lines with an error.
    pub fn failed_lines(&self) -> usize {
        let mut lines: Vec<usize> = self.0.iter().filter(|i| !i.warning).map(|i| i.line).collect();
        lines.dedup();
        lines.len()
    }

    pub fn sort(&mut self) {
        self.0.sort_by_key(|i| i.line);
    }
}

pub const FIRST_NAME_REQUIRED: &str = "First name is required";
pub const LAST_NAME_REQUIRED: &str = "Last name is required";
pub const NAME_TOO_LONG: &str = "Names must be at most 100 characters";
pub const EMAIL_RESERVED: &str = "Addresses at mandir.local are reserved for the demo site";
pub const NEEDS_EMAIL: &str = "A person without a household needs an e-mail address to have an account";
pub const HOUSEHOLD_WITHOUT_EMAIL: &str =
    "No one in this household has an e-mail address: give at least one person an e-mail for the family's account";
pub const PHONE_TOO_LONG: &str = "Phone number must be at most 32 characters";
pub const ADDRESS_TOO_LONG: &str = "The address must be at most 500 characters";
pub const NAKSHATRAM_UNKNOWN: &str = "is not a nakshatram (Ashwini to Revati)";
pub const RELATION_TOO_LONG: &str = "Relation must be at most 50 characters";
pub const BIRTH_DATE_FUTURE: &str = "Birth date must be in the past";
pub const DATE_FUTURE: &str = "The gift's date is in the future";
pub const DONOR_REQUIRED: &str = "Name the donor: a member ID, an e-mail or a name";
pub const CHECK_NUMBER_TOO_LONG: &str = "Check number must be at most 30 characters";
pub const RECEIPT_NUMBER_TOO_LONG: &str = "Receipt number must be at most 60 characters";
pub const NOTES_TOO_LONG: &str = "Notes must be at most 500 characters";
pub const SOURCE_ID_TOO_LONG: &str = "An id must be at most 100 characters";

/// "Same as row N": a row whose key an earlier row of the file already has.
pub fn duplicate_of(line: usize) -> String {
    format!("The same as row {line}: each person or gift once")
}

fn not_found(what: &str, text: &str) -> String {
    format!("{what} '{text}' not found")
}

fn near(what: &str, text: &str, suggestion: &str) -> String {
    format!("{what} '{text}' not found, did you mean {suggestion}?")
}

fn digits(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

fn blank(text: &str) -> Option<&str> {
    Some(text.trim()).filter(|t| !t.is_empty())
}

fn capped(issues: &mut Issues, line: usize, field: &str, text: &str, max: usize, message: &str) -> Option<String> {
    let value = blank(text)?;
    if value.chars().count() > max {
        issues.error(line, field, text, message);
        return None;
    }
    Some(value.to_owned())
}

/// One person of a members file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonRow {
    pub line: usize,
    /// What matches the row on a second import: `id:` the source's id, else `email:` the address,
    /// else `name:` the name with the household or phone.
    pub key: String,
    pub household: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<Email>,
    pub phone: Option<String>,
    pub address: Option<String>,
    /// The temple's gotram row, when the gotram (and the nakshatram, if given) name one.
    pub gotram_id: Option<i32>,
    /// The gotram's name as the temple spells it (or as typed, when the temple has no such one).
    pub gotram: Option<String>,
    pub nakshatram: Option<String>,
    pub rasi: Option<String>,
    pub relation: Option<String>,
    pub birth_date: Option<NaiveDate>,
}

impl PersonRow {
    pub fn full_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }
}

/// One household of a members file: its people with an e-mail become accounts (the first is the
/// one the others without an e-mail belong to), joined as one household when there are two or
/// more of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilyPlan {
    pub accounts: Vec<PersonRow>,
    /// The people without an e-mail: family members of the first account.
    pub family: Vec<PersonRow>,
    pub household: Option<HouseholdPlan>,
}

impl FamilyPlan {
    pub fn people(&self) -> usize {
        self.accounts.len() + self.family.len()
    }
}

/// The household two or more accounts of a file form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseholdPlan {
    /// `household:` the source's household id.
    pub key: String,
    pub name: String,
    pub address: Option<String>,
}

/// What a members file will make.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MembersPlan {
    pub families: Vec<FamilyPlan>,
    pub issues: Issues,
}

impl MembersPlan {
    pub fn people(&self) -> usize {
        self.families.iter().map(FamilyPlan::people).sum()
    }
}

/// Reads the gotram, nakshatram and rasi of a row against the temple's gotram list.
fn lineage(
    issues: &mut Issues,
    line: usize,
    columns: &Columns,
    cells: &[String],
    gotrams: &[Gotram],
) -> (Option<i32>, Option<String>, Option<String>, Option<String>) {
    let gotram_text = columns.cell(cells, "gotram");
    let star_text = columns.cell(cells, "nakshatram");
    let rasi = blank(columns.cell(cells, "rasi")).map(str::to_owned);
    let nakshatram = blank(star_text).and_then(|text| match look_up(text, &NAKSHATRA_NAMES, |n| n) {
        Lookup::Found(name) => Some((*name).to_owned()),
        // The gotram list spells some stars its own way (Pushyami): take that too.
        _ if gotrams.iter().any(|g| g.nakshtram.eq_ignore_ascii_case(text)) => Some(text.to_owned()),
        Lookup::Near(name) => {
            issues.error(line, "nakshatram", text, near("nakshatram", text, name));
            None
        }
        Lookup::Missing => {
            issues.error(line, "nakshatram", text, format!("'{text}' {NAKSHATRAM_UNKNOWN}"));
            None
        }
    });
    let Some(text) = blank(gotram_text) else { return (None, None, nakshatram, rasi) };
    let mut names: Vec<&str> = gotrams.iter().map(|g| g.gotranamalu.as_str()).collect();
    names.dedup();
    match look_up(text, &names, |n| n) {
        Lookup::Found(name) => {
            let same = |a: &str, b: &str| a.eq_ignore_ascii_case(b.trim());
            let row = gotrams.iter().find(|g| {
                same(&g.gotranamalu, name)
                    && nakshatram.as_deref().is_some_and(|n| same(&g.nakshtram, n))
                    && rasi.as_deref().is_none_or(|r| same(&g.rasi, r))
            });
            (row.map(|g| g.id), Some((*name).to_owned()), nakshatram, rasi)
        }
        Lookup::Near(name) => {
            issues.error(line, "gotram", text, near("gotram", text, name));
            (None, None, nakshatram, rasi)
        }
        Lookup::Missing => {
            issues.warn(line, "gotram", text, format!("gotram '{text}' is not in the temple's list: kept as written"));
            (None, Some(text.to_owned()), nakshatram, rasi)
        }
    }
}

fn person(
    issues: &mut Issues,
    line: usize,
    columns: &Columns,
    cells: &[String],
    gotrams: &[Gotram],
    today: NaiveDate,
) -> Option<PersonRow> {
    let before = issues.0.len();
    let cell = |field: &str| columns.cell(cells, field);
    let name = |issues: &mut Issues, field: &str, required: &str| match blank(cell(field)) {
        None => {
            issues.error(line, field, "", required);
            None
        }
        Some(text) if text.chars().count() > 100 => {
            issues.error(line, field, text, NAME_TOO_LONG);
            None
        }
        Some(text) => Some(text.to_owned()),
    };
    let first_name = name(issues, "firstName", FIRST_NAME_REQUIRED);
    let last_name = name(issues, "lastName", LAST_NAME_REQUIRED);
    let email = blank(cell("email")).and_then(|text| match Email::parse(text) {
        Ok(email) if email.is_at_demo_domain() => {
            issues.error(line, "email", text, EMAIL_RESERVED);
            None
        }
        Ok(email) => Some(email),
        Err(message) => {
            issues.error(line, "email", text, message);
            None
        }
    });
    let phone = capped(issues, line, "phone", cell("phone"), 32, PHONE_TOO_LONG);
    // "12 Main St, Folsom, CA 95630": the street, the city, then the state and ZIP code.
    let state_zip = [blank(cell("state")), blank(cell("zip"))].into_iter().flatten().collect::<Vec<_>>().join(" ");
    let whole = [blank(cell("address")), blank(cell("city")), blank(&state_zip)].into_iter().flatten().collect::<Vec<_>>().join(", ");
    let address = match mailing_address(Some(&whole)) {
        Ok(address) => address,
        Err(_) => {
            issues.error(line, "address", &whole, ADDRESS_TOO_LONG);
            None
        }
    };
    let (gotram_id, gotram, nakshatram, rasi) = lineage(issues, line, columns, cells, gotrams);
    let relation = capped(issues, line, "relation", cell("relation"), 50, RELATION_TOO_LONG);
    let birth_date = blank(cell("birthDate")).and_then(|text| match parse_date(text) {
        Ok(date) if date >= today => {
            issues.error(line, "birthDate", text, BIRTH_DATE_FUTURE);
            None
        }
        Ok(date) => Some(date),
        Err(message) => {
            issues.error(line, "birthDate", text, message);
            None
        }
    });
    let source = capped(issues, line, "sourceId", cell("sourceId"), 100, SOURCE_ID_TOO_LONG);
    let household = capped(issues, line, "householdId", cell("householdId"), 100, SOURCE_ID_TOO_LONG);
    if issues.0[before..].iter().any(|i| !i.warning) {
        return None;
    }
    let (first_name, last_name) = (first_name?, last_name?);
    let key = match (&source, &email) {
        (Some(id), _) => format!("id:{}", id.to_lowercase()),
        (None, Some(email)) => format!("email:{email}"),
        (None, None) => format!(
            "name:{} {}|{}|{}",
            first_name.to_lowercase(),
            last_name.to_lowercase(),
            household.as_deref().unwrap_or_default().to_lowercase(),
            phone.as_deref().map(digits).unwrap_or_default()
        ),
    };
    Some(PersonRow {
        line,
        key,
        household,
        first_name,
        last_name,
        email,
        phone,
        address,
        gotram_id,
        gotram,
        nakshatram,
        rasi,
        relation,
        birth_date,
    })
}

/// Checks every row of a members file and groups its people: each household's people with an
/// e-mail become accounts (joined as one household when there are two or more), those without
/// become family members of the household's first account.
pub fn plan_members(table: &Table, columns: &Columns, gotrams: &[Gotram], today: NaiveDate) -> MembersPlan {
    let mut issues = Issues::default();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut seen_emails: HashMap<String, usize> = HashMap::new();
    let mut people = Vec::new();
    for row in &table.rows {
        let Some(person) = person(&mut issues, row.line, columns, &row.cells, gotrams, today) else { continue };
        if let Some(first) = seen.get(&person.key) {
            issues.error(row.line, "", "", duplicate_of(*first));
            continue;
        }
        if let Some(first) = person.email.as_ref().and_then(|e| seen_emails.get(e.as_str())) {
            issues.error(row.line, "email", person.email.as_ref().map_or("", Email::as_str), duplicate_of(*first));
            continue;
        }
        seen.insert(person.key.clone(), row.line);
        if let Some(email) = &person.email {
            seen_emails.insert(email.as_str().to_owned(), row.line);
        }
        people.push(person);
    }
    // Households in the order their first person comes.
    let mut groups: BTreeMap<usize, Vec<PersonRow>> = BTreeMap::new();
    let mut first_line: HashMap<String, usize> = HashMap::new();
    for person in people {
        let group = match &person.household {
            Some(h) => *first_line.entry(h.to_lowercase()).or_insert(person.line),
            None => person.line,
        };
        groups.entry(group).or_default().push(person);
    }
    let mut plan = MembersPlan::default();
    for (_, group) in groups {
        let (with_email, without): (Vec<PersonRow>, Vec<PersonRow>) = group.into_iter().partition(|p| p.email.is_some());
        if with_email.is_empty() {
            let message = if without.first().is_some_and(|p| p.household.is_some()) { HOUSEHOLD_WITHOUT_EMAIL } else { NEEDS_EMAIL };
            for person in &without {
                issues.error(person.line, "email", "", message);
            }
            continue;
        }
        let household = (with_email.len() > 1).then(|| with_email[0].household.as_ref()).flatten().map(|id| HouseholdPlan {
            key: format!("household:{}", id.to_lowercase()),
            name: format!("{} family", with_email[0].last_name),
            address: with_email[0].address.clone(),
        });
        plan.families.push(FamilyPlan { accounts: with_email, family: without, household });
    }
    issues.sort();
    plan.issues = issues;
    plan
}

/// Who gave a historical gift.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftDonor {
    /// The row key of the member (`id:` their member id), as a members import recorded it.
    pub member: Option<String>,
    /// The member id as the file wrote it.
    pub member_id: Option<String>,
    pub email: Option<Email>,
    pub name: Option<String>,
}

/// One historical gift of a gifts file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftRow {
    pub line: usize,
    /// `id:` the source's id, else `receipt:` its receipt number, else `gift:` the date, amount,
    /// donor and check number with the how-manieth such row it is.
    pub key: String,
    pub date: NaiveDate,
    pub amount: Money,
    pub method: PaymentMethodKind,
    /// The donation type's id and name; none for a plain gift to the fund.
    pub donation_type: Option<(String, String)>,
    /// The fund chosen in the file; none takes the donation type's fund, else General.
    pub fund: Option<(String, String)>,
    pub check_number: Option<String>,
    pub receipt_number: Option<String>,
    pub donor: GiftDonor,
    pub notes: Option<String>,
}

/// What a gifts file will record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GiftsPlan {
    pub gifts: Vec<GiftRow>,
    pub issues: Issues,
}

impl GiftsPlan {
    pub fn total(&self) -> Money {
        Money::from_cents(self.gifts.iter().map(|g| g.amount.cents()).sum())
    }
}

fn gift(
    issues: &mut Issues,
    line: usize,
    columns: &Columns,
    cells: &[String],
    funds: &[Fund],
    types: &[DonationType],
    today: NaiveDate,
) -> Option<GiftRow> {
    let before = issues.0.len();
    let cell = |field: &str| columns.cell(cells, field);
    let date = match parse_date(cell("date")) {
        Ok(date) if date > today => {
            issues.error(line, "date", cell("date"), DATE_FUTURE);
            None
        }
        Ok(date) => Some(date),
        Err(message) => {
            issues.error(line, "date", cell("date"), message);
            None
        }
    };
    let amount = parse_amount(cell("amount")).map_err(|m| issues.error(line, "amount", cell("amount"), m)).ok();
    let method = parse_method(cell("method")).map_err(|m| issues.error(line, "method", cell("method"), m)).ok();
    let fund = blank(cell("fund")).and_then(|text| match look_up(text, funds, |f| &f.name) {
        Lookup::Found(f) => Some((f.id.as_str().to_owned(), f.name.clone())),
        Lookup::Near(f) => {
            issues.error(line, "fund", text, near("fund", text, &f.name));
            None
        }
        Lookup::Missing => {
            issues.error(line, "fund", text, not_found("fund", text));
            None
        }
    });
    let donation_type = blank(cell("donationType")).and_then(|text| match look_up(text, types, |t| &t.name) {
        Lookup::Found(t) => Some((t.id.as_str().to_owned(), t.name.clone())),
        Lookup::Near(t) => {
            issues.error(line, "donationType", text, near("donation type", text, &t.name));
            None
        }
        Lookup::Missing => {
            issues.error(line, "donationType", text, not_found("donation type", text));
            None
        }
    });
    let check_number = capped(issues, line, "checkNumber", cell("checkNumber"), 30, CHECK_NUMBER_TOO_LONG);
    let receipt_number = capped(issues, line, "receiptNumber", cell("receiptNumber"), 60, RECEIPT_NUMBER_TOO_LONG);
    let notes = capped(issues, line, "notes", cell("notes"), 500, NOTES_TOO_LONG);
    let source = capped(issues, line, "sourceId", cell("sourceId"), 100, SOURCE_ID_TOO_LONG);
    let member_id = capped(issues, line, "memberId", cell("memberId"), 100, SOURCE_ID_TOO_LONG);
    let member = member_id.as_ref().map(|id| format!("id:{}", id.to_lowercase()));
    let email = blank(cell("donorEmail")).and_then(|text| Email::parse(text).map_err(|m| issues.error(line, "donorEmail", text, m)).ok());
    let name = capped(issues, line, "donorName", cell("donorName"), 200, crate::donor::DONOR_NAME_TOO_LONG);
    if member.is_none()
        && email.is_none()
        && name.is_none()
        && !issues.0[before..].iter().any(|i| i.field.starts_with("donor") || i.field == "memberId")
    {
        issues.error(line, "", "", DONOR_REQUIRED);
    }
    if issues.0[before..].iter().any(|i| !i.warning) {
        return None;
    }
    let (date, amount, method) = (date?, amount?, method?);
    let key = match (&source, &receipt_number) {
        (Some(id), _) => format!("id:{}", id.to_lowercase()),
        (None, Some(receipt)) => format!("receipt:{}", receipt.to_lowercase()),
        (None, None) => format!(
            "gift:{date}|{}|{}|{}|{}",
            amount.cents(),
            member
                .as_deref()
                .or(email.as_ref().map(Email::as_str))
                .map_or_else(|| name.as_deref().unwrap_or_default().to_lowercase(), str::to_owned),
            check_number.as_deref().unwrap_or_default(),
            donation_type.as_ref().map_or("", |t| t.0.as_str()),
        ),
    };
    Some(GiftRow {
        line,
        key,
        date,
        amount,
        method,
        donation_type,
        fund,
        check_number,
        receipt_number,
        donor: GiftDonor { member, member_id, email, name },
        notes,
    })
}

/// Checks every row of a gifts file. Two rows alike in everything a key is made of are two gifts
/// (the same donor may give the same amount twice in a day): the second's key says it is the
/// second, so a second import of the same file still matches each.
pub fn plan_gifts(table: &Table, columns: &Columns, funds: &[Fund], types: &[DonationType], today: NaiveDate) -> GiftsPlan {
    let mut issues = Issues::default();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut repeats: HashMap<String, usize> = HashMap::new();
    let mut gifts = Vec::new();
    for row in &table.rows {
        let Some(mut gift) = gift(&mut issues, row.line, columns, &row.cells, funds, types, today) else { continue };
        if gift.key.starts_with("gift:") {
            let n = repeats.entry(gift.key.clone()).or_insert(0);
            *n += 1;
            if *n > 1 {
                gift.key = format!("{}#{n}", gift.key);
            }
        } else if let Some(first) = seen.get(&gift.key) {
            issues.error(row.line, if gift.key.starts_with("id:") { "sourceId" } else { "receiptNumber" }, "", duplicate_of(*first));
            continue;
        }
        seen.insert(gift.key.clone(), row.line);
        gifts.push(gift);
    }
    issues.sort();
    GiftsPlan { gifts, issues }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::mapping::{ImportKind, Mapping};
    use crate::import::table::Row;
    use crate::testing::now;

    fn table(rows: &[&[&str]]) -> Table {
        Table {
            headers: rows[0].iter().map(|h| (*h).to_owned()).collect(),
            rows: rows[1..]
                .iter()
                .enumerate()
                .map(|(i, r)| Row { line: i + 2, cells: r.iter().map(|c| (*c).to_owned()).collect() })
                .collect(),
        }
    }

    fn gotrams() -> Vec<Gotram> {
        let row = |id, g: &str, n: &str, r: &str| Gotram { id, gotranamalu: g.into(), nakshtram: n.into(), rasi: r.into() };
        vec![row(1, "Kashyapa", "Rohini", "Vrishabha"), row(2, "Kashyapa", "Ashwini", "Mesha"), row(3, "Bharadwaja", "Rohini", "Vrishabha")]
    }

    fn today() -> NaiveDate {
        now().date_naive()
    }

    fn columns(kind: ImportKind, table: &Table) -> Columns {
        Mapping::suggest(kind, &table.headers).resolve(kind, table).expect("resolved")
    }

    #[test]
    fn households_become_accounts_with_their_family_members() {
        let file = table(&[
            &[
                "Member ID",
                "Household ID",
                "First name",
                "Last name",
                "Email",
                "Phone",
                "Address",
                "City",
                "State",
                "Zip",
                "Gotram",
                "Nakshatram",
                "Relation",
            ],
            &[
                "M1",
                "H1",
                "Ravi",
                "Kumar",
                "Ravi@Example.org",
                "916-555-0101",
                "12 Main St",
                "Folsom",
                "CA",
                "95630",
                "kashyapa",
                "Rohini",
                "",
            ],
            &["M2", "H1", "Lakshmi", "Kumar", "lakshmi@example.org", "", "", "", "", "", "Kashyapa", "", "Spouse"],
            &["M3", "H1", "Arjun", "Kumar", "", "", "", "", "", "", "Kashyapa", "Ashwini", "Son"],
            &["M4", "", "Sita", "Rao", "sita@example.org", "", "", "", "", "", "Vasishtha Maharshi", "", ""],
        ]);
        let plan = plan_members(&file, &columns(ImportKind::Members, &file), &gotrams(), today());
        assert_eq!(plan.families.len(), 2);
        assert_eq!(plan.people(), 4);
        let kumar = &plan.families[0];
        let ravi = &kumar.accounts[0];
        assert_eq!(ravi.key, "id:m1");
        assert_eq!(ravi.email.as_ref().map(Email::as_str), Some("ravi@example.org"));
        assert_eq!(ravi.address.as_deref(), Some("12 Main St, Folsom, CA 95630"));
        assert_eq!((ravi.gotram_id, ravi.gotram.as_deref()), (Some(1), Some("Kashyapa")));
        assert_eq!(kumar.family.len(), 1);
        assert_eq!(kumar.family[0].first_name, "Arjun");
        assert_eq!(kumar.family[0].nakshatram.as_deref(), Some("Ashwini"));
        // Lakshmi has a gotram but no star: the name is kept, no row of the list is chosen.
        assert_eq!((kumar.accounts[1].gotram_id, kumar.accounts[1].gotram.as_deref()), (None, Some("Kashyapa")));
        let household = kumar.household.as_ref().expect("a household of two accounts");
        assert_eq!((household.key.as_str(), household.name.as_str()), ("household:h1", "Kumar family"));
        // A gotram far from every name is kept as written, with a warning.
        let sita = &plan.families[1];
        assert!(sita.household.is_none() && sita.family.is_empty());
        assert_eq!(sita.accounts[0].gotram.as_deref(), Some("Vasishtha Maharshi"));
        assert!(plan.issues.0.iter().all(|i| i.warning) && plan.issues.0.len() == 1);
    }

    #[test]
    fn bad_rows_say_what_to_fix_and_are_left_out() {
        let file = table(&[
            &["First name", "Last name", "Email", "Gotram", "Household", "Birth date", "Star"],
            &["Ravi", "Kumar", "ravi@example.org", "Kashyap", "", "", ""],
            &["", "Rao", "rao@example", "", "", "", ""],
            &["Sita", "Rao", "", "", "", "", ""],
            &["Gopal", "Iyer", "", "", "H9", "", ""],
            &["Uma", "Iyer", "ravi@example.org", "", "", "2090-01-01", "Rohani"],
            &["Demo", "Admin", "admin@mandir.local", "", "", "", ""],
        ]);
        let plan = plan_members(&file, &columns(ImportKind::Members, &file), &gotrams(), today());
        assert!(plan.families.is_empty());
        let message = |line: usize, field: &str| {
            plan.issues.0.iter().find(|i| i.line == line && i.field == field).map(|i| i.message.clone()).unwrap_or_default()
        };
        assert_eq!(message(2, "gotram"), "gotram 'Kashyap' not found, did you mean Kashyapa?");
        assert_eq!(message(3, "firstName"), FIRST_NAME_REQUIRED);
        assert_eq!(message(3, "email"), crate::user::INVALID_EMAIL);
        assert_eq!(message(4, "email"), NEEDS_EMAIL);
        assert_eq!(message(5, "email"), HOUSEHOLD_WITHOUT_EMAIL);
        assert_eq!(message(6, "birthDate"), BIRTH_DATE_FUTURE);
        assert_eq!(message(6, "nakshatram"), "nakshatram 'Rohani' not found, did you mean Rohini?");
        assert_eq!(message(7, "email"), EMAIL_RESERVED);
        assert_eq!(plan.issues.failed_lines(), 6);
    }

    #[test]
    fn the_same_person_twice_is_reported_once() {
        let file =
            table(&[&["First name", "Last name", "Email"], &["Ravi", "Kumar", "ravi@example.org"], &["Ravi", "K", "RAVI@example.org"]]);
        let plan = plan_members(&file, &columns(ImportKind::Members, &file), &gotrams(), today());
        assert_eq!(plan.people(), 1);
        assert_eq!(plan.issues.0[0].line, 3);
        assert_eq!(plan.issues.0[0].message, duplicate_of(2));
    }

    fn funds() -> Vec<Fund> {
        let mut general = crate::testing::fund(crate::fund::GENERAL_FUND_ID);
        general.name = "General".into();
        let mut building = crate::testing::fund("f-building");
        building.name = "Building Fund".into();
        vec![general, building]
    }

    #[test]
    fn gifts_are_read_with_their_fund_method_and_donor() {
        let file = table(&[
            &["Date", "Amount", "Fund", "Method", "Check No", "Member ID", "Donor Name", "Memo"],
            &["03/05/2021", "$1,001.00", "building fund", "Cheque", "1234", "M1", "", "Ugadi"],
            &["2021-03-05", "51", "", "cash", "", "", "Walk-in Devotee", ""],
            &["2021-03-05", "51", "", "cash", "", "", "Walk-in Devotee", ""],
            &["5-Mar-2021", "ten", "Bilding Fund", "barter", "", "", "", ""],
            &["2099-01-01", "5", "Temple Tiles", "cash", "", "", "Ravi", ""],
        ]);
        let plan = plan_gifts(&file, &columns(ImportKind::Gifts, &file), &funds(), &[], today());
        assert_eq!(plan.gifts.len(), 3);
        let first = &plan.gifts[0];
        assert_eq!(first.amount, Money::from_cents(100_100));
        assert_eq!(first.method, PaymentMethodKind::Check);
        assert_eq!(first.fund, Some(("f-building".into(), "Building Fund".into())));
        assert_eq!(first.donor.member.as_deref(), Some("id:m1"));
        assert_eq!(first.check_number.as_deref(), Some("1234"));
        // Two gifts alike in every way are two gifts, told apart by their order.
        assert_eq!(format!("{}#2", plan.gifts[1].key), plan.gifts[2].key);
        assert_eq!(plan.total(), Money::from_cents(100_100 + 5_100 * 2));
        let messages: Vec<&str> = plan.issues.0.iter().map(|i| i.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "\"ten\" is not an amount in dollars",
                "\"barter\" is not a payment method: use cash, check, card, Zelle or PayPal",
                "fund 'Bilding Fund' not found, did you mean Building Fund?",
                DONOR_REQUIRED,
                DATE_FUTURE,
                "fund 'Temple Tiles' not found",
            ]
        );
    }

    #[test]
    fn a_gift_id_or_receipt_number_twice_is_refused() {
        let file = table(&[
            &["Gift ID", "Date", "Amount", "Method", "Email"],
            &["G1", "2021-01-01", "5", "cash", "a@example.org"],
            &["g1", "2021-01-02", "6", "cash", "a@example.org"],
        ]);
        let plan = plan_gifts(&file, &columns(ImportKind::Gifts, &file), &funds(), &[], today());
        assert_eq!(plan.gifts.len(), 1);
        assert_eq!(plan.issues.0[0].message, duplicate_of(2));
    }
}
