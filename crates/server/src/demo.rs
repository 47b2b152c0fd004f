//! `create-admin` and `seed-demo`.

use anyhow::{Context, bail};
use chrono::{DateTime, Datelike, Duration, TimeZone, Utc};
use mandir_application::ports::{EventRecord, EventRepository, NewUserRecord, PasswordHasher, UserRepository};
use mandir_application::services::new_id;
use mandir_domain::user::{Email, check_password};

pub const DEMO_ADMIN_EMAIL: &str = "admin@mandir.local";
pub const DEMO_ADMIN_PASSWORD: &str = "mandir-admin";

/// Creates an admin account, or promotes the existing account with that e-mail.
pub async fn create_admin(
    users: &dyn UserRepository,
    hasher: &dyn PasswordHasher,
    email: &str,
    password: &str,
    first_name: &str,
    last_name: &str,
) -> anyhow::Result<&'static str> {
    let email = Email::parse(email).map_err(anyhow::Error::msg)?;
    let now = Utc::now();
    if let Some(existing) = users.find_by_email(&email).await.context("looking up the e-mail")? {
        users.set_admin(&existing.user.id, true, &existing.user.id, now).await.context("promoting")?;
        return Ok("promoted the existing account to admin");
    }
    let password = check_password(password).map_err(anyhow::Error::msg)?;
    if first_name.trim().chars().count() < 2 || last_name.trim().chars().count() < 2 {
        bail!("first and last name must be at least 2 characters");
    }
    let password_hash = hasher.hash(password).await.context("hashing the password")?;
    users
        .create(NewUserRecord {
            id: new_id(),
            username: None,
            first_name: first_name.trim().to_owned(),
            last_name: last_name.trim().to_owned(),
            email,
            phone_number: None,
            gotram_id: None,
            custom_gotram: None,
            password_hash,
            is_admin: true,
            email_verified: true,
            verification_token_hash: None,
            now,
        })
        .await
        .context("creating the admin")?;
    Ok("created a new admin account")
}

/// The n-th (1-based) given weekday of a month, at a local Pacific hour, as UTC.
fn pacific(year: i32, month: u32, day: u32, hour: u32, minute: u32) -> Option<DateTime<Utc>> {
    // Pacific time: UTC-8 in winter, UTC-7 from the second Sunday of March to the first of November.
    let naive = chrono::NaiveDate::from_ymd_opt(year, month, day)?.and_hms_opt(hour, minute, 0)?;
    let dst = (3..11).contains(&month) || (month == 3 && day >= 8) || (month == 11 && day < 7);
    let offset = chrono::FixedOffset::west_opt(if dst { 7 * 3600 } else { 8 * 3600 })?;
    offset.from_local_datetime(&naive).single().map(|d| d.with_timezone(&Utc))
}

/// Loads demo events (past and upcoming) once: nothing is added when events already exist.
pub async fn seed_demo(events: &dyn EventRepository) -> anyhow::Result<usize> {
    if !events.list().await.context("reading events")?.is_empty() {
        return Ok(0);
    }
    let today = Utc::now();
    let at = |days: i64, hour: u32, minute: u32| {
        let day = today + Duration::days(days);
        pacific(day.year(), day.month(), day.day(), hour, minute).unwrap_or(day)
    };
    let demo = [
        (
            "Diwali Deepotsavam",
            "Celebrate the festival of lights with lamp lighting, Lakshmi puja, cultural performances and prasadam for all families.",
            "Main Temple Hall",
            at(-20, 18, 0),
            Some(300),
        ),
        (
            "Sri Rama Navami Kalyanam",
            "Witness the divine wedding of Sri Sita Rama with Vedic chanting, bhajans and annadanam after the ceremony.",
            "Main Temple Hall",
            at(-45, 10, 0),
            None,
        ),
        (
            "Ganesh Chaturthi Utsavam",
            "Ganapathi homam, abhishekam and a community procession. Children are welcome to bring their own clay Ganeshas.",
            "Temple Grounds",
            at(-75, 9, 30),
            None,
        ),
        (
            "Vaikunta Ekadasi Darshanam",
            "Uttara dwara darshanam from early morning, Vishnu Sahasranama parayanam and special archana through the day.",
            "Main Temple Hall",
            at(12, 5, 30),
            Some(500),
        ),
        (
            "Sankranti Celebrations",
            "Pongal cooking, rangoli competition, kite flying for children and a cultural evening with music and dance.",
            "Community Center",
            at(26, 11, 0),
            Some(150),
        ),
        (
            "Sri Venkateswara Kalyanotsavam",
            "The celestial wedding of Lord Venkateswara with Sridevi and Bhudevi, followed by prasadam. Families may sponsor the kalyanam.",
            "Main Temple Hall",
            at(40, 10, 0),
            Some(200),
        ),
        (
            "Bhagavad Gita Study Circle",
            "A weekly reading and discussion of the Bhagavad Gita for adults, with chanting practice. Beginners are welcome.",
            "Library Room",
            at(5, 19, 0),
            Some(30),
        ),
        (
            "Youth Bhajan Workshop",
            "Learn traditional bhajans with harmonium and tabla accompaniment. Open to ages 8 to 18; no experience needed.",
            "Cultural Hall",
            at(9, 16, 0),
            Some(40),
        ),
    ];
    let now = Utc::now();
    for (name, description, location, date, capacity) in demo {
        events
            .create(
                EventRecord {
                    id: new_id(),
                    name: name.to_owned(),
                    description: Some(description.to_owned()),
                    location: location.to_owned(),
                    event_date: date,
                    image_url: None,
                    capacity,
                    created_by: None,
                    now,
                },
                None,
            )
            .await
            .context("creating a demo event")?;
    }
    Ok(demo.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pacific_offsets_follow_daylight_saving() {
        assert_eq!(pacific(2026, 1, 10, 9, 0).map(|d| d.to_rfc3339()), Some("2026-01-10T17:00:00+00:00".into()));
        assert_eq!(pacific(2026, 7, 4, 9, 0).map(|d| d.to_rfc3339()), Some("2026-07-04T16:00:00+00:00".into()));
    }
}
