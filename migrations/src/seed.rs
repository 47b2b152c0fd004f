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
}
