//! Paged lists: which page a client asks for, and its bounds.

use mandir_domain::validation::ValidationErrors;

pub const DEFAULT_PAGE_SIZE: u64 = 25;
pub const MAX_PAGE_SIZE: u64 = 100;
/// The last page a client may ask for (far past any temple's ledger; keeps the offset in range).
pub const MAX_PAGE: u64 = 1_000_000;
pub const PAGE_INVALID: &str = "Page must be a whole number from 1 to 1000000";
pub const PAGE_SIZE_INVALID: &str = "Page size must be a whole number from 1 to 100";

/// Which page of a paged list (the ledger, the member directory, the audit log), as sent in the
/// query string.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PageQuery {
    pub page: Option<String>,
    pub page_size: Option<String>,
}

impl PageQuery {
    /// The page (from 1) and the page size (1-100, default 25), or the messages for `page` and
    /// `pageSize`. Shared by every paged list (the ledger, the member directory).
    pub fn read(&self) -> Result<(u64, u64), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let read = |raw: &Option<String>| raw.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::parse::<u64>);
        let page = match read(&self.page) {
            None => Some(1),
            Some(Ok(n)) if (1..=MAX_PAGE).contains(&n) => Some(n),
            Some(_) => errors.check("page", Err(PAGE_INVALID.to_owned())),
        };
        let size = match read(&self.page_size) {
            None => Some(DEFAULT_PAGE_SIZE),
            Some(Ok(n)) if (1..=MAX_PAGE_SIZE).contains(&n) => Some(n),
            Some(_) => errors.check("pageSize", Err(PAGE_SIZE_INVALID.to_owned())),
        };
        errors.into_result()?;
        Ok((page.unwrap_or(1), size.unwrap_or(DEFAULT_PAGE_SIZE)))
    }
}
