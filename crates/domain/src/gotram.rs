//! Gotram: a member's lineage, with its nakshatram and rasi.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gotram {
    pub id: i32,
    pub gotranamalu: String,
    pub nakshtram: String,
    pub rasi: String,
}

impl Gotram {
    /// The profile's display form: `gotranamalu - nakshtram (rasi)`.
    pub fn label(&self) -> String {
        format!("{} - {} ({})", self.gotranamalu, self.nakshtram, self.rasi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_matches_profile_format() {
        let g = Gotram { id: 1, gotranamalu: "Bharadwaja".into(), nakshtram: "Ashwini".into(), rasi: "Mesha".into() };
        assert_eq!(g.label(), "Bharadwaja - Ashwini (Mesha)");
    }
}
