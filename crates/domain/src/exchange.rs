//! What a donor received for a gift, and the acknowledgement the IRS asks a receipt to state
//! (docs/product.md#acknowledgements).
//!
//! A written acknowledgement of a contribution must say whether the temple provided goods or
//! services in exchange, and if so describe them and give a good-faith estimate of their value;
//! a service that is only religious (an archana, a puja) is stated as "intangible religious
//! benefits", which need no value (IRS Publication 1771). Every purpose line of a payment says
//! which of the three it is, and the receipt's sentence follows from its lines.

use crate::money::Money;

/// A gift with nothing in return: a plain donation.
pub const NO_GOODS: &str = "No goods or services were provided in exchange for this contribution.";
/// A seva, a puja or another religious service, and nothing else of value.
pub const RELIGIOUS_ONLY: &str =
    "The only goods or services provided in exchange for this contribution were intangible religious benefits.";
/// Said after the value sentence when the same payment also paid for a religious service.
pub const ALSO_RELIGIOUS: &str = "Any other goods or services provided were intangible religious benefits.";

/// What the donor received for one purpose line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub enum Exchange {
    /// Nothing: a donation.
    #[default]
    Nothing,
    /// A religious service only (a seva, a puja): no value to state.
    Religious,
    /// Goods or services with this fair-market value (a dinner, an event ticket).
    Goods(Money),
}

impl Exchange {
    /// The stored and wire text of the kind: `donation`, `religious` or `goods`.
    pub const fn kind(self) -> &'static str {
        match self {
            Self::Nothing => "donation",
            Self::Religious => "religious",
            Self::Goods(_) => "goods",
        }
    }

    /// The fair-market value received (zero unless goods).
    pub const fn value(self) -> Money {
        match self {
            Self::Goods(value) => value,
            Self::Nothing | Self::Religious => Money::from_cents(0),
        }
    }

    /// Reads a stored kind and value back; an unknown kind is a donation, a `goods` line without
    /// a readable value is taken as religious (nothing of stated value, never "no goods").
    pub fn from_stored(kind: Option<&str>, value: Option<Money>) -> Self {
        match (kind, value) {
            (Some("religious"), _) => Self::Religious,
            (Some("goods"), Some(value)) => Self::Goods(value),
            (Some("goods"), None) => Self::Religious,
            _ => Self::Nothing,
        }
    }
}

/// What a payment's lines add up to, for its acknowledgement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Acknowledged {
    /// The fair-market value of the goods and services received, over every line.
    pub value: Money,
    /// Some line was a religious service.
    pub religious: bool,
}

impl Acknowledged {
    /// Sums `exchanges` (one per purpose line).
    pub fn of(exchanges: impl IntoIterator<Item = Exchange>) -> Self {
        exchanges.into_iter().fold(Self { value: Money::from_cents(0), religious: false }, |sum, exchange| Self {
            value: sum.value.checked_add(exchange.value()).unwrap_or(sum.value),
            religious: sum.religious || exchange == Exchange::Religious,
        })
    }

    /// The part of `amount` the donor may deduct: the amount less the value received, never below
    /// zero. Intangible religious benefits are not subtracted.
    pub fn deductible(&self, amount: Money) -> Money {
        Money::from_cents(amount.cents().saturating_sub(self.value.cents()).max(0))
    }

    /// The sentence a receipt of `amount` states.
    pub fn sentence(&self, amount: Money) -> String {
        if self.value.is_positive() {
            let value = format!(
                "Goods or services with an estimated fair market value of ${} were provided in exchange for this contribution; the deductible part is ${}.",
                self.value,
                self.deductible(amount)
            );
            if self.religious { format!("{value} {ALSO_RELIGIOUS}") } else { value }
        } else if self.religious {
            RELIGIOUS_ONLY.to_owned()
        } else {
            NO_GOODS.to_owned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dollars(n: i64) -> Money {
        Money::from_dollars(n)
    }

    #[test]
    fn each_kind_of_gift_has_its_sentence() {
        let gift = Acknowledged::of([Exchange::Nothing, Exchange::Nothing]);
        assert_eq!(gift.sentence(dollars(51)), NO_GOODS);
        let seva = Acknowledged::of([Exchange::Religious, Exchange::Nothing]);
        assert_eq!(seva.sentence(dollars(62)), RELIGIOUS_ONLY);
        assert_eq!(seva.deductible(dollars(62)), dollars(62));
        let dinner = Acknowledged::of([Exchange::Goods(Money::from_cents(2550)), Exchange::Nothing]);
        assert_eq!(
            dinner.sentence(dollars(100)),
            "Goods or services with an estimated fair market value of $25.50 were provided in exchange for this contribution; the deductible part is $74.50."
        );
        let both = Acknowledged::of([Exchange::Goods(dollars(40)), Exchange::Religious]);
        assert_eq!(
            both.sentence(dollars(30)),
            format!(
                "Goods or services with an estimated fair market value of $40.00 were provided in exchange for this contribution; the deductible part is $0.00. {ALSO_RELIGIOUS}"
            )
        );
        assert_eq!(Acknowledged::of([]).sentence(dollars(5)), NO_GOODS);
    }

    #[test]
    fn stored_kinds_read_back_safely() {
        for exchange in [Exchange::Nothing, Exchange::Religious, Exchange::Goods(dollars(12))] {
            let value = matches!(exchange, Exchange::Goods(_)).then(|| exchange.value());
            assert_eq!(Exchange::from_stored(Some(exchange.kind()), value), exchange);
        }
        assert_eq!(Exchange::from_stored(None, None), Exchange::Nothing);
        assert_eq!(Exchange::from_stored(Some("mystery"), None), Exchange::Nothing);
        assert_eq!(Exchange::from_stored(Some("goods"), None), Exchange::Religious);
    }
}
