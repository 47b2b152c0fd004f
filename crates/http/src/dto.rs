//! The JSON shapes of the API (camelCase), documented in OpenAPI. See docs/api.md.

use chrono::{DateTime, Utc};
use mandir_application::services::profile::UserProfile;
use mandir_domain::event::Event;
use mandir_domain::gotram::Gotram;
use mandir_domain::payment::{Channel, PaymentMethodKind, PaymentProvider, PaymentStatus};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

/// Reads a field that may be absent (`None`), null (`Some(None)`) or set (`Some(Some(v))`).
pub fn double_option<'de, T, D>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    T: Deserialize<'de>,
    D: Deserializer<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageResponse {
    pub message: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct GotramDto {
    pub id: i32,
    pub gotranamalu: String,
    pub nakshtram: String,
    pub rasi: String,
}

impl From<Gotram> for GotramDto {
    fn from(g: Gotram) -> Self {
        Self { id: g.id, gotranamalu: g.gotranamalu, nakshtram: g.nakshtram, rasi: g.rasi }
    }
}

/// A member as the API shows them: never a password hash or a token.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    pub id: String,
    pub username: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: Option<String>,
    pub gotram_id: Option<i32>,
    pub custom_gotram: Option<String>,
    pub gotram: Option<GotramDto>,
    /// The mailing address receipts show (lines separated by newlines).
    pub mailing_address: Option<String>,
    pub email_verified: bool,
    /// Whether the account holds the `admin` role.
    pub is_admin: bool,
    /// The account's staff roles (none for most members).
    #[schema(schema_with = crate::input::role_names_schema)]
    pub roles: Vec<String>,
    /// What those roles allow (docs/product.md#roles-and-permissions): the UI shows what these
    /// name; the server checks every request itself.
    #[schema(schema_with = crate::input::permission_names_schema)]
    pub permissions: Vec<String>,
    /// The language of the member's pages, e-mails and texts: `en`, `te`, `ta`, `hi` or `kn`.
    #[schema(schema_with = crate::input::language_schema)]
    pub language: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<UserProfile> for UserDto {
    fn from(p: UserProfile) -> Self {
        let u = p.user;
        Self {
            id: u.id.into(),
            username: u.username,
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email.as_str().to_owned(),
            phone_number: u.phone_number,
            gotram_id: u.gotram_id,
            custom_gotram: u.custom_gotram,
            gotram: p.gotram.map(GotramDto::from),
            mailing_address: u.mailing_address,
            email_verified: u.email_verified,
            is_admin: u.roles.has(mandir_domain::staff::Role::Admin),
            roles: crate::input::role_names(u.roles),
            permissions: crate::input::permission_names(u.roles),
            language: u.language.as_str().to_owned(),
            created_at: u.created_at,
            updated_at: u.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct EventDto {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    pub location: String,
    pub event_date: DateTime<Utc>,
    pub image_url: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub donation_options: Option<serde_json::Value>,
    pub capacity: Option<i32>,
    /// People registered: sum over registrations of (numberOfFamilyMembers + 1).
    pub attendee_count: i64,
    pub spots_left: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<Event> for EventDto {
    fn from(e: Event) -> Self {
        let spots_left = e.spots_left();
        Self {
            id: e.id.into(),
            name: e.name,
            description: e.description,
            location: e.location,
            event_date: e.event_date,
            image_url: e.image_url,
            donation_options: e.donation_options,
            capacity: e.capacity,
            attendee_count: e.attendee_count,
            spots_left,
            created_at: e.created_at,
            updated_at: e.updated_at,
        }
    }
}

/// A schema-only component of the API document for a closed set of texts kept by a domain
/// `text_enum!`: the texts are the domain's (`ALL`, `as_str`), never a copy. The field it
/// describes is written from the domain's text (`#[schema(value_type = ...)]`).
macro_rules! text_enum_schema {
    ($(#[doc = $doc:literal])* $name:ident = $texts:expr) => {
        $(#[doc = $doc])*
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let description: Vec<&str> = vec![$($doc.trim()),*];
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .description((!description.is_empty()).then(|| description.join("\n")))
                    .enum_values(Some($texts))
                    .build()
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

pub(crate) use text_enum_schema;

text_enum_schema!(
    /// A payment's state (`PaymentDto.status`). Schema only: the field is written from the domain's text.
    PaymentStatusDto = PaymentStatus::ALL.iter().map(|v| v.as_str())
);

text_enum_schema!(
    /// How a payment was made (`PaymentDto.paymentMethod`). Schema only.
    PaymentMethodKindDto = PaymentMethodKind::ALL.iter().map(|v| v.as_str())
);

text_enum_schema!(
    /// Who handled a payment (`PaymentDto.provider`). Schema only.
    PaymentProviderDto = PaymentProvider::ALL.iter().map(|v| v.as_str())
);

text_enum_schema!(
    /// Where the money came in (`PaymentDto.channel`). Schema only.
    ChannelDto = Channel::ALL.iter().map(|v| v.as_str())
);

text_enum_schema!(
    /// The card payment provider of this installation (`ConfigResponse.paymentProvider`,
    /// `CreateIntentResponse.provider`). Schema only.
    CardProviderDto = PaymentProvider::CARD.iter().map(|v| v.as_str())
);
