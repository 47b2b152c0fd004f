//! The server's own messages in a member's language (docs/decisions/0149-languages.md): the texts'
//! wording (`crates/application/i18n/<language>.json`) and the translation shown beside a
//! receipt's IRS acknowledgement (the receipts' catalogue the browser uses,
//! `frontend/src/features/receipts/i18n/<language>.json`). Both are catalogues in the one format
//! of every message of the site, checked by the one catalogue test (frontend/src/i18n); the
//! server's messages take plain `{name}` arguments only. E-mails are templates per language
//! ([`crate::email`]).

use std::collections::HashMap;
use std::sync::OnceLock;

use mandir_domain::exchange::{ALSO_RELIGIOUS, NO_GOODS, RELIGIOUS_ONLY};
use mandir_domain::language::Language;

type Catalogue = HashMap<String, String>;

const SERVER: [(Language, &str); 5] = [
    (Language::English, include_str!("../i18n/en.json")),
    (Language::Telugu, include_str!("../i18n/te.json")),
    (Language::Tamil, include_str!("../i18n/ta.json")),
    (Language::Hindi, include_str!("../i18n/hi.json")),
    (Language::Kannada, include_str!("../i18n/kn.json")),
];

const RECEIPTS: [(Language, &str); 4] = [
    (Language::Telugu, include_str!("../../../frontend/src/features/receipts/i18n/te.json")),
    (Language::Tamil, include_str!("../../../frontend/src/features/receipts/i18n/ta.json")),
    (Language::Hindi, include_str!("../../../frontend/src/features/receipts/i18n/hi.json")),
    (Language::Kannada, include_str!("../../../frontend/src/features/receipts/i18n/kn.json")),
];

fn parse(sources: &[(Language, &str)]) -> HashMap<Language, Catalogue> {
    sources
        .iter()
        .map(|(language, json)| {
            // A catalogue that does not parse fails this module's tests (and the frontend's) first.
            let catalogue = serde_json::from_str(json).unwrap_or_else(|error| {
                tracing::error!(%error, language = language.as_str(), "a message catalogue does not parse");
                Catalogue::new()
            });
            (*language, catalogue)
        })
        .collect()
}

const NAMES: [(Language, &str); 4] = [
    (Language::Telugu, include_str!("../../../frontend/src/features/panchangam/names/i18n/te.json")),
    (Language::Tamil, include_str!("../../../frontend/src/features/panchangam/names/i18n/ta.json")),
    (Language::Hindi, include_str!("../../../frontend/src/features/panchangam/names/i18n/hi.json")),
    (Language::Kannada, include_str!("../../../frontend/src/features/panchangam/names/i18n/kn.json")),
];

/// A nakshatra's name (1 = Ashwini … 27 = Revati) in `language`'s script, from the panchangam's
/// catalogue the browser uses; `None` in English (the caller writes the English name).
pub fn nakshatra(language: Language, number: u8) -> Option<String> {
    static CATALOGUES: OnceLock<HashMap<Language, Catalogue>> = OnceLock::new();
    CATALOGUES.get_or_init(|| parse(&NAMES)).get(&language)?.get(&format!("panchangam.nakshatra.{number}")).cloned()
}

fn server() -> &'static HashMap<Language, Catalogue> {
    static CATALOGUES: OnceLock<HashMap<Language, Catalogue>> = OnceLock::new();
    CATALOGUES.get_or_init(|| parse(&SERVER))
}

fn receipts() -> &'static HashMap<Language, Catalogue> {
    static CATALOGUES: OnceLock<HashMap<Language, Catalogue>> = OnceLock::new();
    CATALOGUES.get_or_init(|| parse(&RECEIPTS))
}

/// `template` with each `{name}` replaced by its value in `args`.
fn fill(template: &str, args: &[(&str, &str)]) -> String {
    args.iter().fold(template.to_owned(), |text, (name, value)| text.replace(&format!("{{{name}}}"), value))
}

/// The server's message `key` in `language` (English when it has none), with `args` put in.
pub fn message(language: Language, key: &str, args: &[(&str, &str)]) -> String {
    let catalogues = server();
    let template = catalogues
        .get(&language)
        .and_then(|c| c.get(key))
        .or_else(|| catalogues.get(&Language::English).and_then(|c| c.get(key)))
        .map_or(key, String::as_str);
    fill(template, args)
}

/// What the goods sentence of an acknowledgement says: the value and the deductible part.
fn goods_amounts(sentence: &str) -> Option<(&str, &str)> {
    let rest = sentence.strip_prefix("Goods or services with an estimated fair market value of ")?;
    let (value, rest) = rest.split_once(" were provided in exchange for this contribution; the deductible part is ")?;
    Some((value, rest.strip_suffix('.')?))
}

/// The translation of a receipt's IRS acknowledgement (crates/domain/src/exchange.rs's sentences)
/// in `language`, shown beside the English, which is the text that counts; `None` in English and
/// for a sentence it does not know (the English is then shown alone).
pub fn acknowledgement_translation(language: Language, english: &str) -> Option<String> {
    let catalogue = receipts().get(&language)?;
    let text = english.trim();
    let say = |key: &str| catalogue.get(key).cloned();
    if text == NO_GOODS {
        return say("receipts.ack.noGoods");
    }
    if text == RELIGIOUS_ONLY {
        return say("receipts.ack.religiousOnly");
    }
    let (goods, religious_too) = match text.strip_suffix(ALSO_RELIGIOUS) {
        Some(goods) => (goods.trim_end(), true),
        None => (text, false),
    };
    let (value, deductible) = goods_amounts(goods)?;
    let goods = fill(catalogue.get("receipts.ack.goods")?, &[("value", value), ("deductible", deductible)]);
    Some(if religious_too { format!("{goods} {}", say("receipts.ack.alsoReligious")?) } else { goods })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_parses_with_the_english_keys() {
        let english = &server()[&Language::English];
        for language in Language::ALL {
            let catalogue = &server()[language];
            let mut keys: Vec<_> = catalogue.keys().collect();
            keys.sort();
            let mut expected: Vec<_> = english.keys().collect();
            expected.sort();
            assert_eq!(keys, expected, "{language}");
        }
        for (language, catalogue) in receipts() {
            assert!(catalogue.contains_key("receipts.ack.goods"), "{language}");
        }
    }

    #[test]
    fn messages_are_filled_in_the_language_and_fall_back_to_english() {
        let args = [("seva", "Archana"), ("when", "5 డిసెంబర్"), ("link", "https://t.example/x")];
        assert_eq!(message(Language::Telugu, "text.seva.booked", &args), "5 డిసెంబర్ నాటి మీ Archana బుక్ అయింది. https://t.example/x");
        assert_eq!(message(Language::English, "text.seva.booked", &args), "Your Archana on 5 డిసెంబర్ is booked. https://t.example/x");
        assert_eq!(message(Language::Tamil, "no.such.key", &[]), "no.such.key");
        assert_eq!(nakshatra(Language::English, 4), None);
        assert!(nakshatra(Language::Kannada, 4).is_some_and(|n| !n.is_ascii()));
    }

    #[test]
    fn acknowledgements_are_translated_beside_the_english() {
        assert_eq!(acknowledgement_translation(Language::English, NO_GOODS), None);
        assert!(acknowledgement_translation(Language::Hindi, NO_GOODS).is_some_and(|t| !t.is_ascii()));
        assert!(acknowledgement_translation(Language::Tamil, RELIGIOUS_ONLY).is_some());
        let goods = "Goods or services with an estimated fair market value of $25.00 were provided in exchange for this contribution; the deductible part is $75.00.";
        let te = acknowledgement_translation(Language::Telugu, goods).expect("translated");
        assert!(te.contains("$25.00") && te.contains("$75.00"), "{te}");
        let both = acknowledgement_translation(Language::Kannada, &format!("{goods} {ALSO_RELIGIOUS}")).expect("translated");
        assert!(both.contains("$75.00") && both.len() > te.len() / 2, "{both}");
        assert_eq!(acknowledgement_translation(Language::Telugu, "Something else."), None);
    }
}
