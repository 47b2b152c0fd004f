use mandir_application::ports::RepoError;
use sea_orm::{DbErr, SqlErr};

/// Turns constraint violations into conflicts; everything else is unexpected.
pub(crate) fn map(error: DbErr) -> RepoError {
    match error.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(detail)) => RepoError::Conflict(detail),
        Some(SqlErr::ForeignKeyConstraintViolation(detail)) => RepoError::Conflict(detail),
        _ => match error {
            DbErr::RecordNotFound(_) => RepoError::NotFound,
            other => RepoError::unexpected(other),
        },
    }
}

pub(crate) trait MapDbErr<T> {
    fn repo(self) -> Result<T, RepoError>;
}

impl<T> MapDbErr<T> for Result<T, DbErr> {
    fn repo(self) -> Result<T, RepoError> {
        self.map_err(map)
    }
}
