//! `text_enum!`: the one way to declare a closed set of values with their wire (and stored) texts,
//! in every crate (`mandir_domain::text_enum!`). The API document's enum schemas are made from the
//! same `ALL` and `as_str` (`mandir_http::input::text_enum_schema`), so the texts are written once.

/// Declares a `Copy` enum whose variants have fixed texts, with `ALL`, `as_str`, `parse` (exact
/// text; callers trim what users type) and `Display`. Variants may carry doc comments.
#[macro_export]
macro_rules! text_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }

            /// The value for its text; `None` for anything else.
            pub fn parse(text: &str) -> Option<Self> {
                match text {
                    $($text => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    crate::text_enum!(
        /// A test set.
        Colour {
            Red => "red",
            /// A variant with its own doc comment.
            DarkBlue => "dark-blue",
        }
    );

    #[test]
    fn texts_round_trip_exactly() {
        for colour in Colour::ALL {
            assert_eq!(Colour::parse(colour.as_str()), Some(*colour));
        }
        assert_eq!(Colour::DarkBlue.to_string(), "dark-blue");
        assert_eq!(Colour::parse(" red"), None);
        assert_eq!(Colour::parse("Red"), None);
    }
}
