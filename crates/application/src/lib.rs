//! Mandir's use cases. Ports (traits) name the roles the outside world plays; services hold the
//! rules, including who may do what (docs/product.md#roles-and-permissions). No database, HTTP or mail code here.

pub mod calendar;
pub mod email;
pub mod i18n;
pub mod ports;
pub mod services;

/// Any error from an adapter, kept as the cause chain of an `Unexpected` failure.
pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;
