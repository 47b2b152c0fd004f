//! The HTML the server sends for pages: per-page head (title, description, canonical, Open Graph,
//! Twitter card), an event's JSON-LD, the JSON data block that seeds SWR, the CSP hash of the
//! inline theme script; `/sitemap.xml` and `/robots.txt`.

use base64::Engine as _;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{TestApp, expect_status};

const THEME_SCRIPT: &str = "document.documentElement.classList.add('light')";

/// A server whose built frontend is a small `index.html` shaped like Vite's.
async fn app_with_index() -> TestApp {
    let mut config = crate::helpers::test_config().await;
    let dir = config.data_dir.join("dist");
    std::fs::create_dir_all(&dir).expect("dir");
    let index = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"UTF-8\" />\
<meta name=\"description\" content=\"Generic description\" /><title>Generic title</title>\
<script>{THEME_SCRIPT}</script><script type=\"module\" crossorigin src=\"/assets/index-abc.js\"></script>\
</head><body><div id=\"root\"></div></body></html>"
    );
    std::fs::write(dir.join("index.html"), index).expect("index");
    config.static_dir = Some(dir);
    crate::helpers::spawn_app_with(config).await
}

async fn html(app: &TestApp, path: &str) -> (reqwest::header::HeaderMap, String) {
    let res = app.get(path, None).await;
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    let headers = res.headers().clone();
    (headers, res.text().await.expect("text"))
}

/// The content of `<meta property|name="key" content="…">`.
fn meta<'a>(html: &'a str, key: &str) -> Option<&'a str> {
    let pattern = format!("=\"{key}\" content=\"");
    let rest = &html[html.find(&pattern)? + pattern.len()..];
    Some(&rest[..rest.find('"')?])
}

/// The text of the `<script>` element whose opening tag contains `marker`.
fn script_with<'a>(html: &'a str, marker: &str) -> Option<&'a str> {
    let at = html.find(marker)?;
    let rest = &html[at..];
    let body = &rest[rest.find('>')? + 1..];
    Some(&body[..body.find("</script>")?])
}

fn png_data_url() -> String {
    format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(mandir_imaging::crafted::png(40, 20)))
}

#[tokio::test]
async fn a_shared_event_link_carries_the_events_name_image_and_data() {
    let app = app_with_index().await;
    let admin = app.admin().await;
    let date = (chrono::Utc::now() + chrono::Duration::days(12)).to_rfc3339();
    let event: Value = expect_status(
        app.post(
            "/api/events",
            Some(&admin.token),
            json!({"name": "Diwali </script><script>alert(1)</script> & Lights", "description": "Lamps, sweets and fireworks for the whole family.",
                   "location": "Main Hall", "eventDate": date, "capacity": 100, "imageUrl": png_data_url()}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let id = event["id"].as_str().expect("id");
    let image = event["imageUrl"].as_str().expect("image url");

    let (headers, page) = html(&app, &format!("/events/{id}")).await;
    assert!(headers["content-type"].to_str().expect("ct").starts_with("text/html"));
    assert_eq!(headers["cache-control"], "no-cache");
    assert_eq!(page.matches("<title>").count(), 1, "{page}");
    assert!(!page.contains("Generic title") && !page.contains("Generic description"), "{page}");
    assert!(
        page.contains("<title>Diwali &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Lights — Test Temple</title>"),
        "{page}"
    );
    assert_eq!(page.matches("<script>").count(), 1, "only the template's own inline script: {page}");

    assert_eq!(meta(&page, "og:image"), Some(format!("http://temple.test{image}").as_str()));
    assert_eq!(meta(&page, "twitter:image"), meta(&page, "og:image"));
    assert_eq!(meta(&page, "twitter:card"), Some("summary_large_image"));
    assert_eq!(meta(&page, "og:url"), Some(format!("http://temple.test/events/{id}").as_str()));
    assert!(page.contains(&format!("<link rel=\"canonical\" href=\"http://temple.test/events/{id}\">")), "{page}");
    let description = meta(&page, "og:description").expect("description");
    assert!(description.contains("Main Hall") && description.contains("Lamps, sweets"), "{description}");

    let ld: Value = serde_json::from_str(script_with(&page, "application/ld+json").expect("json-ld")).expect("json-ld parses");
    assert_eq!(ld["@type"], "Event");
    assert_eq!(ld["name"], event["name"]);
    assert_eq!(ld["location"]["name"], "Main Hall");
    assert_eq!(ld["image"][0], format!("http://temple.test{image}"));
    let start = chrono::DateTime::parse_from_rfc3339(ld["startDate"].as_str().expect("start")).expect("rfc3339");
    assert_eq!(start, chrono::DateTime::parse_from_rfc3339(event["eventDate"].as_str().expect("date")).expect("date"));

    let data_text = script_with(&page, "id=\"mandir-data\"").expect("data block");
    assert!(!data_text.contains('<'), "the data block cannot close its element: {data_text}");
    let data: Value = serde_json::from_str(data_text).expect("data block parses");
    let api_event: Value = expect_status(app.get(&format!("/api/events/{id}"), None).await, StatusCode::OK).await;
    assert_eq!(data[format!("/api/events/{id}")], api_event, "the same JSON as the API");
    let api_config: Value = expect_status(app.get("/api/config", None).await, StatusCode::OK).await;
    assert_eq!(data["/api/config"], api_config);
    assert_eq!(data["/api/site"]["settings"]["templeName"], "Test Temple");

    let csp = headers["content-security-policy"].to_str().expect("csp");
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(THEME_SCRIPT.as_bytes()));
    assert!(csp.contains(&format!("script-src 'self' 'sha256-{hash}'")), "{csp}");
    let script_src = csp.split(';').find(|d| d.trim().starts_with("script-src")).expect("script-src");
    assert!(!script_src.contains("unsafe-inline"), "{csp}");
}

#[tokio::test]
async fn public_pages_get_their_own_head_and_the_data_they_read_first() {
    let app = app_with_index().await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Ugadi", 5, None).await;

    let (_, home) = html(&app, "/").await;
    assert!(home.contains("<title>Test Temple</title>"), "{home}");
    assert_eq!(meta(&home, "og:image"), Some("http://temple.test/og-image.png"));
    assert_eq!(meta(&home, "og:image:width"), Some("1200"));
    assert!(!home.contains("application/ld+json"));
    let data: Value = serde_json::from_str(script_with(&home, "id=\"mandir-data\"").expect("data")).expect("json");
    let events: Value = expect_status(app.get("/api/events", None).await, StatusCode::OK).await;
    assert_eq!(data["/api/events"], events);
    assert_eq!(data["/api/events"][0]["id"], event["id"]);

    for (path, title) in [
        ("/events", "Events — Test Temple"),
        ("/donate", "Donate — Test Temple"),
        ("/sign-in", "Sign in — Test Temple"),
        ("/sign-up", "Create an account — Test Temple"),
        ("/contact", "Contact — Test Temple"),
        ("/events/00000000-0000-0000-0000-000000000000", "Event not found — Test Temple"),
        ("/events/not-an-id", "Event not found — Test Temple"),
    ] {
        let (_, page) = html(&app, path).await;
        assert!(page.contains(&format!("<title>{title}</title>")), "{path}: {page}");
        assert!(page.contains("id=\"mandir-data\""), "{path}");
    }
}

#[tokio::test]
async fn the_panchangam_page_carries_its_months_days_and_its_years_festivals() {
    let app = app_with_index().await;
    let (_, page) = html(&app, "/panchangam?month=2026-11").await;
    assert!(page.contains("<title>Panchangam — Test Temple</title>"), "{page}");
    assert!(page.contains("<link rel=\"canonical\" href=\"http://temple.test/panchangam?month=2026-11\">"), "{page}");
    let data: Value = serde_json::from_str(script_with(&page, "id=\"mandir-data\"").expect("data")).expect("json");
    // Keyed by the paths the page's hooks ask for (frontend/src/lib/api-keys.ts), with the API's answers.
    let days: Value = expect_status(app.get("/api/panchangam?from=2026-11-01&to=2026-11-30", None).await, StatusCode::OK).await;
    assert_eq!(data["/api/panchangam?from=2026-11-01&to=2026-11-30"], days);
    let festivals: Value = expect_status(app.get("/api/festivals?year=2026", None).await, StatusCode::OK).await;
    assert_eq!(data["/api/festivals?year=2026"], festivals);
    assert!(festivals.as_array().is_some_and(|f| !f.is_empty()), "{festivals}");
}

#[tokio::test]
async fn the_sevas_pages_carry_the_active_sevas_and_a_sevas_booking_data() {
    let app = app_with_index().await;
    let admin = app.admin().await;
    let body = serde_json::json!({
        "name": "Archana", "category": "temple", "priceCents": 1100, "priceKind": "fixed", "durationMinutes": 15,
        "weekdays": ["saturday"], "capacityMode": "daily", "dailyCapacity": 20, "horizonDays": 60, "cutoffHours": 12,
    });
    let seva: Value = expect_status(app.post("/api/sevas", Some(&admin.token), body).await, StatusCode::CREATED).await;
    let (_, page) = html(&app, "/sevas").await;
    assert!(page.contains("<title>Sevas &amp; Pujas — Test Temple</title>"), "{page}");
    assert!(page.contains("<link rel=\"canonical\" href=\"http://temple.test/sevas\">"), "{page}");
    let data: Value = serde_json::from_str(script_with(&page, "id=\"mandir-data\"").expect("data")).expect("json");
    let sevas: Value = expect_status(app.get("/api/sevas", None).await, StatusCode::OK).await;
    assert_eq!(data["/api/sevas"], sevas);
    assert_eq!(sevas[0]["id"], seva["id"]);

    // A seva's own page: its head, the seva and the booking settings, keyed as the page asks for
    // them; not the open days, which the booking flow reloads by a filter over SWR's cache.
    let id = seva["id"].as_str().expect("id");
    let (_, page) = html(&app, &format!("/sevas/{id}")).await;
    assert!(page.contains("<title>Archana — Test Temple</title>"), "{page}");
    assert!(page.contains(&format!("<link rel=\"canonical\" href=\"http://temple.test/sevas/{id}\">")), "{page}");
    let data: Value = serde_json::from_str(script_with(&page, "id=\"mandir-data\"").expect("data")).expect("json");
    assert_eq!(data[format!("/api/sevas/{id}")], seva);
    let settings: Value = expect_status(app.get("/api/seva-settings", None).await, StatusCode::OK).await;
    assert_eq!(data["/api/seva-settings"], settings);
    assert!(data.as_object().is_some_and(|d| !d.keys().any(|k| k.contains("/availability"))), "{data}");
    // A seva that is not there: not rendered, its own title.
    let (_, missing) = html(&app, "/sevas/no-such-seva").await;
    assert!(missing.contains("<title>Seva not found — Test Temple</title>"), "{missing}");
    let sitemap = app.get("/sitemap.xml", None).await.text().await.expect("xml");
    assert!(sitemap.contains(&format!("<loc>http://temple.test/sevas/{id}</loc>")), "{sitemap}");
}

#[tokio::test]
async fn the_funds_pages_carry_the_active_funds_and_a_funds_progress() {
    let app = app_with_index().await;
    let admin = app.admin().await;
    let body = serde_json::json!({"name": "Gopuram", "description": "A new tower for the temple", "goal": "500000"});
    let fund: Value = expect_status(app.post("/api/funds", Some(&admin.token), body).await, StatusCode::CREATED).await;
    let (_, page) = html(&app, "/funds").await;
    assert!(page.contains("<title>Funds &amp; campaigns — Test Temple</title>"), "{page}");
    assert!(page.contains("<link rel=\"canonical\" href=\"http://temple.test/funds\">"), "{page}");
    let data: Value = serde_json::from_str(script_with(&page, "id=\"mandir-data\"").expect("data")).expect("json");
    let funds: Value = expect_status(app.get("/api/funds", None).await, StatusCode::OK).await;
    assert_eq!(data["/api/funds"], funds);
    assert!(funds.as_array().is_some_and(|f| f.iter().any(|f| f["id"] == fund["id"])), "{funds}");

    let id = fund["id"].as_str().expect("id");
    let (_, page) = html(&app, &format!("/funds/{id}")).await;
    assert!(page.contains("<title>Gopuram — Test Temple</title>"), "{page}");
    assert!(page.contains("<meta name=\"description\" content=\"A new tower for the temple\">"), "{page}");
    let data: Value = serde_json::from_str(script_with(&page, "id=\"mandir-data\"").expect("data")).expect("json");
    let one: Value = expect_status(app.get(&format!("/api/funds/{id}"), None).await, StatusCode::OK).await;
    assert_eq!(data[format!("/api/funds/{id}")], one);
    let (_, missing) = html(&app, "/funds/no-such-fund").await;
    assert!(missing.contains("<title>Fund not found — Test Temple</title>"), "{missing}");
    let sitemap = app.get("/sitemap.xml", None).await.text().await.expect("xml");
    assert!(sitemap.contains(&format!("<loc>http://temple.test/funds/{id}</loc>")), "{sitemap}");
}

#[tokio::test]
async fn sitemap_lists_public_pages_and_events_and_robots_points_at_it() {
    let app = app_with_index().await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Navaratri", 8, None).await;

    let sitemap = app.get("/sitemap.xml", None).await;
    assert_eq!(sitemap.status(), StatusCode::OK);
    assert!(sitemap.headers()["content-type"].to_str().expect("ct").starts_with("application/xml"));
    let xml = sitemap.text().await.expect("xml");
    assert!(xml.contains("<loc>http://temple.test/</loc>"), "{xml}");
    assert!(xml.contains("<loc>http://temple.test/events</loc>"), "{xml}");
    // Every declared page marked for the sitemap (frontend/src/app/public-pages.json), none other.
    assert!(xml.contains("<loc>http://temple.test/sevas</loc>") && xml.contains("<loc>http://temple.test/panchangam</loc>"), "{xml}");
    assert!(!xml.contains("/sign-in"), "{xml}");
    assert!(xml.contains(&format!("<loc>http://temple.test/events/{}</loc>", event["id"].as_str().expect("id"))), "{xml}");
    assert!(!xml.contains("/admin"), "{xml}");

    let robots = app.get("/robots.txt", None).await;
    assert_eq!(robots.status(), StatusCode::OK);
    let text = robots.text().await.expect("text");
    assert!(text.contains("Sitemap: http://temple.test/sitemap.xml"), "{text}");
    assert!(text.contains("Disallow: /api/") && text.contains("Disallow: /admin"), "{text}");
}

#[tokio::test]
async fn public_pages_are_sent_as_their_prerendered_markup_with_their_head() {
    let mut config = crate::helpers::test_config().await;
    let dir = config.data_dir.join("dist");
    std::fs::create_dir_all(dir.join("prerender")).expect("dir");
    let shell = |body: &str| {
        format!(
            "<!doctype html><html lang=\"en\"><head><meta name=\"description\" content=\"Generic\" /><title>Generic</title>\
<script>{THEME_SCRIPT}</script><style data-emotion=\"css abc\">.css-abc{{color:red}}</style></head>\
<body><div id=\"root\">{body}</div></body></html>"
        )
    };
    std::fs::write(dir.join("index.html"), shell("")).expect("index");
    for (file, marker) in [("home", "Home markup"), ("event", "Event markup"), ("sign-in", "Sign-in markup")] {
        std::fs::write(dir.join("prerender").join(format!("{file}.html")), shell(&format!("<main>{marker}</main>"))).expect("page");
    }
    config.static_dir = Some(dir);
    let app = crate::helpers::spawn_app_with(config).await;
    let admin = app.admin().await;
    let event = app.create_event(&admin, "Holi", 9, None).await;
    let id = event["id"].as_str().expect("id");

    let (headers, page) = html(&app, &format!("/events/{id}")).await;
    assert!(page.contains("<div id=\"root\"><main>Event markup</main></div>"), "{page}");
    assert!(page.contains("<title>Holi — Test Temple</title>") && !page.contains("Generic"), "{page}");
    assert!(meta(&page, "og:image").is_some_and(|i| i.starts_with("http://temple.test/")), "{page}");
    assert!(script_with(&page, "id=\"mandir-data\"").is_some_and(|d| d.contains(id)), "{page}");
    assert!(page.contains("<style data-emotion=\"css abc\">"), "the critical CSS stays: {page}");
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(THEME_SCRIPT.as_bytes()));
    assert!(headers["content-security-policy"].to_str().expect("csp").contains(&format!("'sha256-{hash}'")));

    let (_, home) = html(&app, "/").await;
    assert!(home.contains("<main>Home markup</main>") && home.contains("<title>Test Temple</title>"), "{home}");
    let (_, sign_in) = html(&app, "/sign-in/").await;
    assert!(sign_in.contains("<main>Sign-in markup</main>"), "{sign_in}");
    // Pages without prerendered markup (not built, or not public) get the empty shell.
    for path in ["/events", "/profile", "/admin"] {
        let (_, page) = html(&app, path).await;
        assert!(page.contains("<div id=\"root\"></div>"), "{path}: {page}");
    }
}

/// A server whose build has the event page prerendered, its frame and a page renderer: a small
/// script with the renderer's interface (frontend/src/entry-render.tsx) that writes the event's name
/// from the data block, or fails for an event named "Broken". `render_pages: false` is
/// `MANDIR_RENDER_PAGES=0`.
async fn app_with_renderer(render_pages: bool) -> TestApp {
    let mut config = mandir_server::Config { render_pages, ..crate::helpers::test_config().await };
    let dir = config.data_dir.join("dist");
    std::fs::create_dir_all(dir.join("prerender")).expect("dir");
    std::fs::create_dir_all(dir.join("server")).expect("dir");
    let page = |head: &str, root: &str| {
        format!(
            "<!doctype html><html lang=\"en\"><head><title>Generic title</title><script>{THEME_SCRIPT}</script>{head}</head>\
<body>{root}</body></html>"
        )
    };
    std::fs::write(dir.join("index.html"), page("", "<div id=\"root\"></div>")).expect("index");
    std::fs::write(dir.join("prerender/event.html"), page("", "<div id=\"root\"><p>Loading</p></div>")).expect("page");
    std::fs::write(
        dir.join("prerender/event.frame.html"),
        page("<!--mandir:styles-->", "<div id=\"root\" data-rendered-with-data><!--mandir:markup--></div>"),
    )
    .expect("frame");
    std::fs::write(
        dir.join("server/render.js"),
        r#"var MandirRender = {
            prepare: async () => {},
            render: (url, data) => {
                const event = JSON.parse(data)['/api/events/' + url.split('/')[2]];
                if (event.name === 'Broken') throw new Error('a page that cannot render');
                return { html: '<h1>' + event.name.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</h1>', styles: '<style data-emotion="css x">h1{}</style>' };
            },
        };"#,
    )
    .expect("renderer");
    config.static_dir = Some(dir);
    crate::helpers::spawn_app_with(config).await
}

#[tokio::test]
async fn public_pages_arrive_rendered_with_their_data_or_prerendered_when_the_render_fails() {
    let app = app_with_renderer(true).await;
    let admin = app.admin().await;
    let date = (chrono::Utc::now() + chrono::Duration::days(12)).to_rfc3339();
    let create = |name: &'static str| {
        let app = &app;
        let token = admin.token.clone();
        let date = date.clone();
        async move {
            let event: Value = expect_status(
                app.post("/api/events", Some(&token), json!({"name": name, "description": "Lamps, sweets and fireworks.", "location": "Main Hall", "eventDate": date, "capacity": 100}))
                    .await,
                StatusCode::CREATED,
            )
            .await;
            event["id"].as_str().expect("id").to_owned()
        }
    };
    let diwali = create("Diwali & Lights").await;
    let broken = create("Broken").await;

    let (headers, page) = html(&app, &format!("/events/{diwali}")).await;
    assert!(
        page.contains("<div id=\"root\" data-rendered-with-data><h1>Diwali &amp; Lights</h1></div>"),
        "the event's name is in the markup: {page}"
    );
    assert!(page.contains("<style data-emotion=\"css x\">h1{}</style></head>"), "{page}");
    assert!(page.contains("<title>Diwali &amp; Lights — Test Temple</title>") && page.contains("id=\"mandir-data\""), "{page}");
    assert!(!page.contains("<!--mandir:"), "{page}");
    let csp = headers["content-security-policy"].to_str().expect("csp");
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(THEME_SCRIPT.as_bytes()));
    assert!(csp.contains(&format!("'sha256-{hash}'")), "{csp}");

    // An edit changes the data block, so the page is rendered again.
    expect_status::<Value>(
        app.patch(&format!("/api/events/{diwali}"), Some(&admin.token), json!({"name": "Deepavali"})).await,
        StatusCode::OK,
    )
    .await;
    let (_, page) = html(&app, &format!("/events/{diwali}")).await;
    assert!(page.contains("<h1>Deepavali</h1>"), "{page}");

    // A page whose render fails is sent prerendered, with its head and data all the same.
    let (_, page) = html(&app, &format!("/events/{broken}")).await;
    assert!(page.contains("<div id=\"root\"><p>Loading</p></div>") && !page.contains("data-rendered-with-data"), "{page}");
    assert!(page.contains("<title>Broken — Test Temple</title>") && page.contains("id=\"mandir-data\""), "{page}");

    // A missing event is not rendered: the prerendered page says so once the app runs.
    let (_, page) = html(&app, "/events/00000000-0000-4000-8000-000000000000").await;
    assert!(page.contains("<p>Loading</p>") && !page.contains("data-rendered-with-data"), "{page}");
}

#[tokio::test]
async fn with_the_renderer_off_public_pages_are_sent_prerendered_with_their_head_and_data() {
    let app = app_with_renderer(false).await;
    let admin = app.admin().await;
    let date = (chrono::Utc::now() + chrono::Duration::days(12)).to_rfc3339();
    let event: Value = expect_status(
        app.post("/api/events", Some(&admin.token), json!({"name": "Holi", "description": "Colours and spring songs.", "location": "Temple lawn", "eventDate": date, "capacity": 100}))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let (_, page) = html(&app, &format!("/events/{}", event["id"].as_str().expect("id"))).await;
    assert!(page.contains("<div id=\"root\"><p>Loading</p></div>") && !page.contains("data-rendered-with-data"), "{page}");
    assert!(page.contains("<title>Holi — Test Temple</title>") && page.contains("id=\"mandir-data\""), "{page}");
}
