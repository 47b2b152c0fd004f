//! Applies a partial update's nullable fields to an active model.

use mandir_domain::Patch;
use sea_orm::ActiveValue::{self, Set};

/// Sets a nullable column from a [`Patch`]: `Clear` writes null, `Set` the value, and `Keep`
/// leaves the column untouched. Answers whether the column was written.
pub(crate) fn set_patch<T>(column: &mut ActiveValue<Option<T>>, patch: Patch<T>) -> bool
where
    Option<T>: Into<sea_orm::Value>,
{
    match patch.into_change() {
        Some(value) => {
            *column = Set(value);
            true
        }
        None => false,
    }
}
