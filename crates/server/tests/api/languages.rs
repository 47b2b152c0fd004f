//! The languages (ADR 0149) through the real server: a page is sent in the language its `?lang=`,
//! the visitor's cookie or the browser's `Accept-Language` names, with `<html lang>`, `hreflang`
//! links to every language and the choice remembered; a member's language is kept on the account
//! (and taken from the cookie at sign-up); a Tamil member's seva booking is e-mailed and texted in
//! Tamil; a Telugu member's receipt keeps the IRS acknowledgement in English with its translation.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_status, spawn_app, spawn_app_with, unique_email};
use crate::texting::{book_free_archana, fast_config, phone, verify, wait_for_text, zone_at_hour};

/// A server whose built frontend is a small `index.html` shaped like Vite's.
async fn app_with_index() -> TestApp {
    let mut config = crate::helpers::test_config().await;
    let dir = config.data_dir.join("dist");
    std::fs::create_dir_all(&dir).expect("dir");
    let index = "<!doctype html><html lang=\"en\"><head><meta charset=\"UTF-8\" /><title>Generic</title></head>\
<body><div id=\"root\"></div></body></html>";
    std::fs::write(dir.join("index.html"), index).expect("index");
    config.static_dir = Some(dir);
    spawn_app_with(config).await
}

async fn page(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> (reqwest::header::HeaderMap, String) {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let res = request.send().await.expect("sent");
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    let headers = res.headers().clone();
    (headers, res.text().await.expect("text"))
}

#[tokio::test]
async fn a_page_is_sent_in_the_language_chosen_remembered_or_preferred_with_links_to_every_language() {
    let app = app_with_index().await;

    let (headers, html) = page(&app, "/sevas?lang=te", &[]).await;
    assert!(html.contains("<html lang=\"te\""), "{html}");
    let cookie = headers.get("set-cookie").and_then(|v| v.to_str().ok()).expect("the choice is remembered");
    assert!(cookie.starts_with("mandir_lang=te; Path=/; Max-Age=31536000; SameSite=Lax"), "{cookie}");
    assert_eq!(headers.get("vary").and_then(|v| v.to_str().ok()), Some("Cookie, Accept-Language"));
    assert!(html.contains("<link rel=\"canonical\" href=\"http://temple.test/sevas?lang=te\">"), "{html}");
    for lang in ["en", "te", "ta", "hi", "kn"] {
        let href = if lang == "en" { "http://temple.test/sevas".to_owned() } else { format!("http://temple.test/sevas?lang={lang}") };
        assert!(html.contains(&format!("<link rel=\"alternate\" hreflang=\"{lang}\" href=\"{href}\">")), "{lang}: {html}");
    }
    assert!(html.contains("<link rel=\"alternate\" hreflang=\"x-default\" href=\"http://temple.test/sevas\">"), "{html}");

    // Remembered by the cookie; the cookie wins over the browser's languages.
    let (headers, html) = page(&app, "/events", &[("Cookie", "mandir_lang=ta"), ("Accept-Language", "hi")]).await;
    assert!(html.contains("<html lang=\"ta\""), "{html}");
    assert!(headers.get("set-cookie").is_none(), "nothing new to remember");
    // A first visit follows Accept-Language, and a language the site lacks falls to the next.
    let (_, html) = page(&app, "/", &[("Accept-Language", "fr-FR,fr;q=0.9,kn;q=0.8,en;q=0.5")]).await;
    assert!(html.contains("<html lang=\"kn\""), "{html}");
    let (_, html) = page(&app, "/donate", &[("Accept-Language", "de")]).await;
    assert!(html.contains("<html lang=\"en\"") && html.contains("hreflang=\"hi\" href=\"http://temple.test/donate?lang=hi\""), "{html}");
    // An unknown `?lang=` is no choice at all.
    let (headers, html) = page(&app, "/?lang=xx", &[]).await;
    assert!(html.contains("<html lang=\"en\"") && headers.get("set-cookie").is_none(), "{html}");
}

#[tokio::test]
async fn a_members_language_is_kept_on_the_account_and_a_sign_up_takes_the_sites() {
    let app = spawn_app().await;
    let member = app.member().await;
    let me: Value = expect_status(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(me["language"], "en");

    let res = app.put("/api/account/language", Some(&member.token), json!({"language": "hi"})).await;
    let cookie = res.headers().get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert!(cookie.starts_with("mandir_lang=hi;"), "{cookie}");
    let answer: Value = expect_status(res, StatusCode::OK).await;
    assert_eq!(answer["language"], "hi");
    let me: Value = expect_status(app.get("/api/users/me", Some(&member.token)).await, StatusCode::OK).await;
    assert_eq!(me["language"], "hi");

    let bad: Value =
        expect_status(app.put("/api/account/language", Some(&member.token), json!({"language": "fr"})).await, StatusCode::BAD_REQUEST)
            .await;
    assert_eq!(bad["errors"]["language"], "Choose one of the site's languages");
    expect_status::<Value>(app.put("/api/account/language", None, json!({"language": "te"})).await, StatusCode::UNAUTHORIZED).await;

    // A visitor who used the site in Telugu signs up: the account is in Telugu.
    let email = unique_email("telugu");
    let body = json!({"firstName": "Sita", "lastName": "Devi", "email": email, "password": "secret1", "phoneNumber": "9165550100"});
    let res = app.client.post(app.url("/api/auth/signup")).header("Cookie", "mandir_lang=te").json(&body).send().await.expect("sent");
    let created: Value = expect_status(res, StatusCode::CREATED).await;
    assert_eq!(created["user"]["language"], "te");
    // Its verification e-mail is in Telugu.
    let mail = app.wait_for_email(&email, "verify-email").await;
    assert!(mail.contains("నమస్తే"), "{mail}");
}

#[tokio::test]
async fn a_tamil_member_books_a_seva_and_gets_the_tamil_email_and_text() {
    let app = spawn_app_with(fast_config().await).await;
    let (admin, member) = (app.admin().await, app.member().await);
    expect_status::<Value>(app.put("/api/account/language", Some(&member.token), json!({"language": "ta"})).await, StatusCode::OK).await;
    let phone = phone();
    verify(&app, &member, &phone, &["confirmations"], &zone_at_hour(13)).await;
    let date = book_free_archana(&app, &admin, &member).await;

    let day = mandir_domain::language::Language::Tamil.long_date(date);
    let mail = app.wait_for_email(&member.email, "முன்பதிவு").await;
    assert!(mail.contains("வணக்கம்") && mail.contains(&day) && mail.contains("Archana"), "{mail}");
    assert!(mail.contains("lang=\"ta\""), "the HTML part says its language: {mail}");
    let short = mandir_domain::language::Language::Tamil.short_date(date);
    let text = wait_for_text(&app, &phone, "முன்பதிவு").await;
    assert!(text.contains(&format!("{short} 9:00 AM மணிக்கு அன்று உங்கள் Archana முன்பதிவு செய்யப்பட்டது.")), "{text}");
    assert!(text.trim_end().ends_with("Reply STOP to opt out."), "the stop line stays as the carriers want it: {text}");
}

#[tokio::test]
async fn a_telugu_members_receipt_keeps_the_irs_acknowledgement_in_english_beside_its_translation() {
    let app = spawn_app().await;
    let (admin, member) = (app.admin().await, app.member().await);
    expect_status::<Value>(app.put("/api/account/language", Some(&member.token), json!({"language": "te"})).await, StatusCode::OK).await;
    let desk = app.staff(&admin, &["front_desk"]).await;
    let body = json!({
        "donor": {"userId": member.id},
        "lines": [{"donationTypeId": "custom", "amount": 21, "name": "General donation"}],
        "tenders": [{"method": "cash", "amount": 21}],
    });
    expect_status::<Value>(app.post_with_key(&desk, "/api/counter/sales", "sale-telugu-0001", &body).await, StatusCode::CREATED).await;
    let mail = app.wait_for_email(&member.email, "రసీదు").await;
    let translation =
        mandir_application::i18n::acknowledgement_translation(mandir_domain::language::Language::Telugu, mandir_domain::exchange::NO_GOODS)
            .expect("translated");
    assert!(mail.contains(mandir_domain::exchange::NO_GOODS), "the English stays: {mail}");
    assert!(mail.contains(&translation), "with its translation: {mail}");
}
