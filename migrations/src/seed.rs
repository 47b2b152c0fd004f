//! Reference data shipped with the schema.

const GOTRAS: [&str; 19] = [
    "Agastya",
    "Angirasa",
    "Atreya",
    "Bharadwaja",
    "Bhargava",
    "Gautama",
    "Harita",
    "Jamadagni",
    "Kanva",
    "Kashyapa",
    "Kaundinya",
    "Kaushika",
    "Mudgala",
    "Parashara",
    "Shandilya",
    "Shatamarshana",
    "Srivatsa",
    "Vasishta",
    "Vishwamitra",
];

/// Each nakshatram with the rasi (or rasis, for those that span two) it falls in.
const NAKSHATRAMS: [(&str, &[&str]); 27] = [
    ("Ashwini", &["Mesha"]),
    ("Bharani", &["Mesha"]),
    ("Krittika", &["Mesha", "Vrishabha"]),
    ("Rohini", &["Vrishabha"]),
    ("Mrigashira", &["Vrishabha", "Mithuna"]),
    ("Ardra", &["Mithuna"]),
    ("Punarvasu", &["Mithuna", "Karkataka"]),
    ("Pushyami", &["Karkataka"]),
    ("Ashlesha", &["Karkataka"]),
    ("Magha", &["Simha"]),
    ("Purva Phalguni", &["Simha"]),
    ("Uttara Phalguni", &["Simha", "Kanya"]),
    ("Hasta", &["Kanya"]),
    ("Chitra", &["Kanya", "Tula"]),
    ("Swati", &["Tula"]),
    ("Vishakha", &["Tula", "Vrischika"]),
    ("Anuradha", &["Vrischika"]),
    ("Jyeshtha", &["Vrischika"]),
    ("Moola", &["Dhanus"]),
    ("Purva Ashadha", &["Dhanus"]),
    ("Uttara Ashadha", &["Dhanus", "Makara"]),
    ("Shravanam", &["Makara"]),
    ("Dhanishta", &["Makara", "Kumbha"]),
    ("Shatabhisha", &["Kumbha"]),
    ("Purva Bhadra", &["Kumbha", "Meena"]),
    ("Uttara Bhadra", &["Meena"]),
    ("Revati", &["Meena"]),
];

/// Every (gotranamalu, nakshtram, rasi) combination, in a stable order (ids follow it).
pub fn gotrams() -> Vec<(&'static str, &'static str, &'static str)> {
    let mut rows = Vec::new();
    for gotra in GOTRAS {
        for (nakshatra, rasis) in NAKSHATRAMS {
            for rasi in rasis {
                rows.push((gotra, nakshatra, *rasi));
            }
        }
    }
    rows
}

/// (id, name, description, default amount in cents)
pub const DONATION_TYPES: &[(&str, &str, Option<&str>, Option<i64>)] = &[
    ("5b0f3b0e-8f5d-4c1e-9a57-1f0d6b2a0001", "General Donation", Some("Support the daily operations of the temple"), None),
    ("5b0f3b0e-8f5d-4c1e-9a57-1f0d6b2a0002", "Annadanam", Some("Sponsor prasadam and meals for devotees"), Some(5100)),
    ("5b0f3b0e-8f5d-4c1e-9a57-1f0d6b2a0003", "Archana", Some("Archana performed in your family's name"), Some(1100)),
    ("5b0f3b0e-8f5d-4c1e-9a57-1f0d6b2a0004", "Abhishekam Sponsorship", Some("Sponsor an abhishekam for the deity"), Some(10100)),
    ("5b0f3b0e-8f5d-4c1e-9a57-1f0d6b2a0005", "Temple Building Fund", Some("Help build and maintain our temple"), Some(25100)),
];

/// (id, name, display name, description, sort order, icon)
pub type PaymentMethodSeed = (&'static str, &'static str, &'static str, Option<&'static str>, i32, Option<&'static str>);

pub const PAYMENT_METHODS: &[PaymentMethodSeed] = &[
    ("7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d0001", "stripe", "Credit/Debit Card", Some("Pay securely by card"), 0, Some("credit-card")),
    ("7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d0002", "zelle", "Zelle", Some("Send the donation from your bank with Zelle"), 1, Some("bank")),
];

/// A festival of the shipped table (docs/festivals.md): its rule by the lunar calendar.
#[derive(Debug, Clone, Copy)]
pub struct ShippedFestival {
    /// A readable id (`diwali`); editors' own festivals get UUIDs.
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    /// The amanta lunar month, 1 = Chaitra … 12 = Phalguna; `None` for a festival of a solar month.
    pub lunar_month: Option<u8>,
    /// The solar month (the Sun's sidereal sign, 0 = Mesha … 11 = Meena).
    pub solar_month: Option<u8>,
    /// 1–30: 1–15 shukla, 16–30 krishna (30 Amavasya).
    pub tithi: u8,
    /// `sunrise`, `madhyahna`, `pradosha` or `nishita`: the moment at which the tithi must run.
    pub moment: &'static str,
    pub source: &'static str,
}

const NIRNAYA: &str = "Nirnaya Sindhu (Kamalakara Bhatta, 1612)";
const DHARMA: &str = "Dharma Sindhu (Kashinath Upadhyaya, 1790)";

const fn lunar(
    id: &'static str,
    name: &'static str,
    month: u8,
    tithi: u8,
    moment: &'static str,
    source: &'static str,
    description: &'static str,
) -> ShippedFestival {
    ShippedFestival { id, name, description, lunar_month: Some(month), solar_month: None, tithi, moment, source }
}

/// The major festivals a temple starts with; editors may change them and add their own. Each is
/// kept in the nija month only when the year has an adhika one, and on the first of two days.
pub const FESTIVALS: [ShippedFestival; 25] = [
    lunar(
        "ugadi",
        "Ugadi / Gudi Padwa",
        1,
        1,
        "sunrise",
        DHARMA,
        "The lunar new year: panchanga shravanam, the reading of the year's almanac, and Ugadi pachadi.",
    ),
    lunar(
        "sri-rama-navami",
        "Sri Rama Navami",
        1,
        9,
        "madhyahna",
        NIRNAYA,
        "The birth of Sri Rama at midday: abhishekam, Sita Rama kalyanam and panakam.",
    ),
    lunar(
        "hanuman-jayanti",
        "Hanuman Jayanti (Chaitra Pournami)",
        1,
        15,
        "sunrise",
        DHARMA,
        "The birth of Sri Hanuman, kept on Chaitra Pournami: Hanuman Chalisa and vada mala.",
    ),
    lunar(
        "akshaya-tritiya",
        "Akshaya Tritiya",
        2,
        3,
        "sunrise",
        NIRNAYA,
        "A day whose good deeds never diminish: charity, new beginnings and Lakshmi puja.",
    ),
    lunar(
        "narasimha-jayanti",
        "Narasimha Jayanti",
        2,
        14,
        "pradosha",
        NIRNAYA,
        "The appearance of Sri Narasimha at dusk: abhishekam and Narasimha stotrams.",
    ),
    lunar(
        "ratha-yatra",
        "Jagannatha Ratha Yatra",
        4,
        2,
        "sunrise",
        DHARMA,
        "Sri Jagannatha, Balabhadra and Subhadra ride out in their chariots.",
    ),
    lunar("guru-purnima", "Guru Purnima", 4, 15, "sunrise", DHARMA, "Vyasa Purnima: gratitude to Veda Vyasa and to one's own teachers."),
    lunar("naga-panchami", "Naga Panchami", 5, 5, "sunrise", NIRNAYA, "Worship of the naga devatas with milk and turmeric."),
    lunar(
        "raksha-bandhan",
        "Raksha Bandhan / Upakarma",
        5,
        15,
        "sunrise",
        NIRNAYA,
        "Shravana Pournami: the rakhi, and the yajnopavita's renewal (upakarma).",
    ),
    lunar(
        "krishna-janmashtami",
        "Krishna Janmashtami",
        5,
        23,
        "nishita",
        NIRNAYA,
        "The birth of Sri Krishna at midnight: bhajans, abhishekam and the midnight arati.",
    ),
    lunar(
        "vinayaka-chaturthi",
        "Vinayaka Chaturthi",
        6,
        4,
        "madhyahna",
        NIRNAYA,
        "The birth of Sri Ganesha: Ganapati puja at midday, modakas and the 21 leaves.",
    ),
    lunar("anant-chaturdashi", "Anant Chaturdashi", 6, 14, "sunrise", DHARMA, "Ananta Padmanabha vratam, and the Ganesha visarjanam."),
    lunar("navaratri", "Navaratri begins", 7, 1, "sunrise", NIRNAYA, "Ghatasthapana: the first of the nine nights of the Goddess."),
    lunar("durga-ashtami", "Durga Ashtami", 7, 8, "sunrise", NIRNAYA, "The eighth night of Navaratri: Durga puja and kanya puja."),
    lunar(
        "vijaya-dashami",
        "Vijaya Dashami",
        7,
        10,
        "sunrise",
        NIRNAYA,
        "Dasara: the victory of good, Shami puja and vidyarambham for children.",
    ),
    lunar(
        "dhanteras",
        "Dhanteras",
        7,
        28,
        "pradosha",
        DHARMA,
        "Dhana Trayodashi: Dhanvantari and Lakshmi puja at dusk, and the Yama deepam.",
    ),
    lunar(
        "naraka-chaturdashi",
        "Naraka Chaturdashi",
        7,
        29,
        "sunrise",
        DHARMA,
        "Choti Diwali: the oil bath before dawn and the victory over Narakasura.",
    ),
    lunar(
        "diwali",
        "Diwali (Lakshmi Puja)",
        7,
        30,
        "pradosha",
        NIRNAYA,
        "Deepavali: Lakshmi puja in the evening after sunset, and the lamps.",
    ),
    lunar(
        "govardhan-puja",
        "Govardhan Puja / Bali Pratipada",
        8,
        1,
        "sunrise",
        DHARMA,
        "Annakut: the mountain of food offered to Sri Krishna as Govardhana.",
    ),
    lunar("kartika-purnima", "Kartika Purnima", 8, 15, "sunrise", DHARMA, "Karthika Deepam and Tripuri Purnima: lamps for Lord Shiva."),
    lunar(
        "gita-jayanti",
        "Gita Jayanti (Mokshada Ekadashi)",
        9,
        11,
        "sunrise",
        DHARMA,
        "The day the Bhagavad Gita was spoken: its recitation and Ekadashi vratam.",
    ),
    ShippedFestival {
        id: "vaikuntha-ekadashi",
        name: "Vaikuntha Ekadashi",
        description: "The gates of Vaikuntha open: the Uttara dvara darshanam and Ekadashi vratam.",
        lunar_month: None,
        solar_month: Some(8),
        tithi: 11,
        moment: "sunrise",
        source: "Vaikhanasa and Pancharatra agamas: the shukla Ekadashi of Dhanu masa",
    },
    lunar("vasant-panchami", "Vasant Panchami", 11, 5, "sunrise", NIRNAYA, "Sri Panchami: Saraswati puja and aksharabhyasam."),
    lunar(
        "maha-shivaratri",
        "Maha Shivaratri",
        11,
        29,
        "nishita",
        NIRNAYA,
        "The great night of Lord Shiva: abhishekams through the four watches of the night.",
    ),
    lunar(
        "holika-dahan",
        "Holika Dahan",
        12,
        15,
        "pradosha",
        NIRNAYA,
        "The Holi bonfire on Phalguna Pournami at dusk; colours the next morning.",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_is_listed_once() {
        let rows = gotrams();
        assert_eq!(rows.len(), GOTRAS.len() * 36);
        let mut unique = rows.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), rows.len());
    }

    #[test]
    fn the_shipped_festivals_are_each_one_rule_with_an_id_of_their_own() {
        let mut ids: Vec<&str> = FESTIVALS.iter().map(|f| f.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), FESTIVALS.len());
        for f in FESTIVALS {
            assert!(f.lunar_month.is_some() != f.solar_month.is_some(), "{}", f.name);
            assert!((1..=30).contains(&f.tithi) && f.description.len() >= 10, "{}", f.name);
            assert!(["sunrise", "madhyahna", "pradosha", "nishita"].contains(&f.moment), "{}", f.name);
        }
    }
}
