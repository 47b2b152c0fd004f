//! Importing a temple's history from CSV and Excel files: members with their households and
//! family members, and historical gifts (docs/decisions/0144-imports.md,
//! docs/product.md#imports).

pub mod table;

pub use table::{Row, Table, TableError};
pub mod mapping;
pub mod rows;
pub mod values;

pub use mapping::{Columns, Field, ImportKind, Mapping};
pub use rows::{
    FamilyPlan, GiftDonor, GiftRow, GiftsPlan, HouseholdPlan, Issues, MembersPlan, PersonRow, RowIssue, plan_gifts, plan_members,
};
