//! The site's languages (docs/decisions/0149-languages.md): English, the default, and Telugu, Tamil,
//! Hindi and Kannada. A member's language is kept on their account; a visitor's in a cookie; a first
//! visit follows the browser's `Accept-Language`.

crate::text_enum!(
    /// A language of the site, by its ISO 639-1 code (the frontend's src/i18n/languages.ts);
    /// English by default.
    #[derive(Default)]
    Language {
        #[default]
        English => "en",
        Telugu => "te",
        Tamil => "ta",
        Hindi => "hi",
        Kannada => "kn",
    }
);

impl Language {
    /// The BCP 47 tag dates and amounts are formatted in: `en-US`, `te-IN`, …
    pub const fn formatting_tag(self) -> &'static str {
        match self {
            Self::English => "en-US",
            Self::Telugu => "te-IN",
            Self::Tamil => "ta-IN",
            Self::Hindi => "hi-IN",
            Self::Kannada => "kn-IN",
        }
    }

    /// The language of a tag (`te`, `te-IN`, `TA_in`), by its primary subtag.
    pub fn of_tag(tag: &str) -> Option<Self> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Self::parse(&primary)
    }

    /// The site's language a browser prefers most, from its `Accept-Language` header
    /// (`te-IN,te;q=0.9,en;q=0.8`): the highest weight first, the header's order among equals;
    /// `None` when it names none of them (the caller then uses English).
    pub fn from_accept_language(header: &str) -> Option<Self> {
        let mut best: Option<(u16, Self)> = None;
        for part in header.split(',') {
            let mut fields = part.split(';');
            let Some(language) = fields.next().and_then(Self::of_tag) else { continue };
            let weight = fields
                .find_map(|f| f.trim().strip_prefix("q="))
                .map_or(Some(1000), |q| {
                    q.trim().parse::<f32>().ok().filter(|q| (0.0..=1.0).contains(q)).map(|q| (q * 1000.0).round() as u16)
                })
                .unwrap_or(0);
            if weight > 0 && best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, language));
            }
        }
        best.map(|(_, language)| language)
    }
}

/// Gregorian month names, January first, in each Indian language (CLDR's, as date-fns writes them).
const MONTHS: [[&str; 12]; 4] = [
    ["జనవరి", "ఫిబ్రవరి", "మార్చి", "ఏప్రిల్", "మే", "జూన్", "జులై", "ఆగస్టు", "సెప్టెంబర్", "అక్టోబర్", "నవంబర్", "డిసెంబర్"],
    ["ஜனவரி", "பிப்ரவரி", "மார்ச்", "ஏப்ரல்", "மே", "ஜூன்", "ஜூலை", "ஆகஸ்ட்", "செப்டம்பர்", "அக்டோபர்", "நவம்பர்", "டிசம்பர்"],
    ["जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्तूबर", "नवंबर", "दिसंबर"],
    ["ಜನವರಿ", "ಫೆಬ್ರವರಿ", "ಮಾರ್ಚ್", "ಏಪ್ರಿಲ್", "ಮೇ", "ಜೂನ್", "ಜುಲೈ", "ಆಗಸ್ಟ್", "ಸೆಪ್ಟೆಂಬರ್", "ಅಕ್ಟೋಬರ್", "ನವೆಂಬರ್", "ಡಿಸೆಂಬರ್"],
];

/// Weekday names, Sunday first, in each Indian language.
const WEEKDAYS: [[&str; 7]; 4] = [
    ["ఆదివారం", "సోమవారం", "మంగళవారం", "బుధవారం", "గురువారం", "శుక్రవారం", "శనివారం"],
    ["ஞாயிறு", "திங்கள்", "செவ்வாய்", "புதன்", "வியாழன்", "வெள்ளி", "சனி"],
    ["रविवार", "सोमवार", "मंगलवार", "बुधवार", "गुरुवार", "शुक्रवार", "शनिवार"],
    ["ಭಾನುವಾರ", "ಸೋಮವಾರ", "ಮಂಗಳವಾರ", "ಬುಧವಾರ", "ಗುರುವಾರ", "ಶುಕ್ರವಾರ", "ಶನಿವಾರ"],
];

impl Language {
    /// The row of the Indian languages' tables; `None` for English.
    const fn indian(self) -> Option<usize> {
        match self {
            Self::English => None,
            Self::Telugu => Some(0),
            Self::Tamil => Some(1),
            Self::Hindi => Some(2),
            Self::Kannada => Some(3),
        }
    }

    /// A day with its weekday, as e-mails write it: "Saturday, December 5, 2026" in English,
    /// "శనివారం, 5 డిసెంబర్ 2026" in Telugu (day, month, year, as the Indian languages write them).
    pub fn long_date(self, date: chrono::NaiveDate) -> String {
        use chrono::Datelike;
        match self.indian() {
            None => date.format("%A, %B %-d, %Y").to_string(),
            Some(row) => format!(
                "{}, {} {} {}",
                WEEKDAYS[row][date.weekday().num_days_from_sunday() as usize],
                date.day(),
                MONTHS[row][date.month0() as usize],
                date.year()
            ),
        }
    }

    /// A short day for texts: "Sat, Dec 5" in English, "5 డిసెంబర్" in the Indian languages.
    pub fn short_date(self, date: chrono::NaiveDate) -> String {
        use chrono::Datelike;
        match self.indian() {
            None => date.format("%a, %b %-d").to_string(),
            Some(row) => format!("{} {}", date.day(), MONTHS[row][date.month0() as usize]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_their_language() {
        assert_eq!(Language::of_tag("te-IN"), Some(Language::Telugu));
        assert_eq!(Language::of_tag("TA_in"), Some(Language::Tamil));
        assert_eq!(Language::of_tag("hi"), Some(Language::Hindi));
        assert_eq!(Language::of_tag("en-GB"), Some(Language::English));
        assert_eq!(Language::of_tag("fr"), None);
        assert_eq!(Language::of_tag(""), None);
        assert_eq!(Language::default(), Language::English);
        assert_eq!(Language::Kannada.formatting_tag(), "kn-IN");
    }

    #[test]
    fn dates_are_written_in_the_language() {
        let day = chrono::NaiveDate::from_ymd_opt(2026, 12, 5).expect("date");
        assert_eq!(Language::English.long_date(day), "Saturday, December 5, 2026");
        assert_eq!(Language::Telugu.long_date(day), "శనివారం, 5 డిసెంబర్ 2026");
        assert_eq!(Language::Tamil.long_date(day), "சனி, 5 டிசம்பர் 2026");
        assert_eq!(Language::Hindi.long_date(day), "शनिवार, 5 दिसंबर 2026");
        assert_eq!(Language::Kannada.short_date(day), "5 ಡಿಸೆಂಬರ್");
        assert_eq!(Language::English.short_date(day), "Sat, Dec 5");
    }

    #[test]
    fn accept_language_picks_the_most_wanted_of_ours() {
        let pick = Language::from_accept_language;
        assert_eq!(pick("te-IN,te;q=0.9,en-US;q=0.8,en;q=0.7"), Some(Language::Telugu));
        assert_eq!(pick("fr-FR,fr;q=0.9,ta;q=0.5,en;q=0.4"), Some(Language::Tamil));
        assert_eq!(pick("en;q=0.5, kn;q=0.8"), Some(Language::Kannada));
        assert_eq!(pick("hi, en"), Some(Language::Hindi), "equal weights keep the header's order");
        assert_eq!(pick("te;q=0, en;q=0.1"), Some(Language::English), "q=0 means not wanted");
        assert_eq!(pick("de, fr;q=0.8"), None);
        assert_eq!(pick("*"), None);
        assert_eq!(pick("te;q=abc, ta;q=0.2"), Some(Language::Tamil), "a broken weight is ignored");
        assert_eq!(pick(""), None);
    }
}
