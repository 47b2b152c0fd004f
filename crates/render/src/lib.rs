//! The page renderer adapter: the public pages rendered per request with their data
//! (docs/decisions/0120-public-pages-rendered-per-request.md), behind the application's
//! [`PageRenderer`] port.
//!
//! The frontend's build carries `server/render.js` (frontend/src/entry-render.tsx): the app's own
//! React tree as one script with a `render(url, data)` function. This crate runs it in QuickJS
//! (`rquickjs`, an embedded engine: no second process to deploy) on one thread of its own, started
//! by the first page that asks, and keeps each page's markup for as long as its data block is the
//! same (and at most [`FRESH_FOR`], as some of a page depends on the clock). A request never waits
//! longer than [`WAIT`]: when the engine is busy, missing or fails, the caller sends the build-time
//! prerendered page (ADR 0117) and the render, once done, serves the next request.
//!
//! The server leaves it out with `MANDIR_RENDER_PAGES=0`: every public page is then sent as
//! prerendered at build time.

use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use futures::channel::oneshot;
use mandir_application::ports::{PageRenderer, RenderedPage, RendererScript};
use rquickjs::{CatchResultExt, Context, Function, Object, Promise, Runtime};
use sha2::{Digest, Sha256};

/// How long a page's markup is used for the same data: parts of some pages depend on the time
/// (the events nearest to now, whether an event has started).
pub const FRESH_FOR: Duration = Duration::from_secs(60);
/// The longest a request waits for a render before the prerendered page is sent instead.
pub const WAIT: Duration = Duration::from_secs(2);
/// A render still running after this is stopped (a page in a loop must not hold the engine).
const RENDER_LIMIT: Duration = Duration::from_secs(5);
/// Pages kept (the public pages and one per event): the oldest goes when a new one comes.
const MAX_PAGES: usize = 256;
/// Renders waiting for the engine; a request finding the queue full is sent the prerendered page.
const QUEUE: usize = 16;
/// The engine's heap (the bundle and one render need about 12 MiB).
const MEMORY_LIMIT: usize = 64 * 1024 * 1024;
/// The engine's own stack limit; its thread has [`THREAD_STACK`].
const JS_STACK: usize = 4 * 1024 * 1024;
const THREAD_STACK: usize = 16 * 1024 * 1024;

struct Entry {
    digest: [u8; 32],
    at: Instant,
    rendered: RenderedPage,
}

#[derive(Default)]
struct Pages(Mutex<HashMap<String, Entry>>);

impl Pages {
    fn fresh(&self, url: &str, digest: &[u8; 32]) -> Option<RenderedPage> {
        let pages = self.0.lock().unwrap_or_else(|e| e.into_inner());
        pages.get(url).filter(|e| &e.digest == digest && e.at.elapsed() < FRESH_FOR).map(|e| e.rendered.clone())
    }

    fn insert(&self, url: String, digest: [u8; 32], rendered: RenderedPage) {
        let mut pages = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if pages.len() >= MAX_PAGES
            && !pages.contains_key(&url)
            && let Some(oldest) = pages.iter().min_by_key(|(_, e)| e.at).map(|(k, _)| k.clone())
        {
            pages.remove(&oldest);
        }
        pages.insert(url, Entry { digest, at: Instant::now(), rendered });
    }
}

struct Job {
    url: String,
    data: String,
    digest: [u8; 32],
    reply: oneshot::Sender<Result<RenderedPage, String>>,
}

enum Engine {
    NotStarted,
    Running(SyncSender<Job>),
    /// The build has no renderer bundle, or its thread could not start: pages are sent prerendered.
    Unavailable,
}

/// Renders the public pages with their data in QuickJS; one per process.
pub struct QuickJsRenderer {
    pages: Arc<Pages>,
    engine: Mutex<Engine>,
}

impl Default for QuickJsRenderer {
    fn default() -> Self {
        Self { pages: Arc::default(), engine: Mutex::new(Engine::NotStarted) }
    }
}

#[async_trait]
impl PageRenderer for QuickJsRenderer {
    /// From the pages kept, or rendered now; `None` when it cannot be had within [`WAIT`].
    async fn render(&self, url: &str, data: &str, script: RendererScript) -> Option<RenderedPage> {
        let digest: [u8; 32] = Sha256::digest(data.as_bytes()).into();
        if let Some(hit) = self.pages.fresh(url, &digest) {
            return Some(hit);
        }
        let jobs = self.jobs(script).await?;
        let (reply, answer) = oneshot::channel();
        match jobs.try_send(Job { url: url.to_owned(), data: data.to_owned(), digest, reply }) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                tracing::debug!(url, "page renderer busy; sending the prerendered page");
                return None;
            }
            Err(TrySendError::Disconnected(_)) => {
                *self.engine.lock().unwrap_or_else(|e| e.into_inner()) = Engine::Unavailable;
                return None;
            }
        }
        match tokio::time::timeout(WAIT, answer).await {
            Ok(Ok(Ok(rendered))) => Some(rendered),
            Ok(Ok(Err(_))) | Ok(Err(_)) => None,
            Err(_) => {
                tracing::debug!(url, "page render still running; sending the prerendered page");
                None
            }
        }
    }
}

impl QuickJsRenderer {
    /// The engine's queue, starting its thread on first use.
    async fn jobs(&self, script: RendererScript) -> Option<SyncSender<Job>> {
        match &*self.engine.lock().unwrap_or_else(|e| e.into_inner()) {
            Engine::Running(jobs) => return Some(jobs.clone()),
            Engine::Unavailable => return None,
            Engine::NotStarted => {}
        }
        let script = script().await;
        let mut engine = self.engine.lock().unwrap_or_else(|e| e.into_inner());
        match &*engine {
            Engine::Running(jobs) => return Some(jobs.clone()),
            Engine::Unavailable => return None,
            Engine::NotStarted => {}
        }
        let Some(script) = script else {
            tracing::warn!("the frontend build has no page renderer (server/render.js): public pages are sent as prerendered");
            *engine = Engine::Unavailable;
            return None;
        };
        let (jobs, queue) = sync_channel(QUEUE);
        let pages = self.pages.clone();
        let started = std::thread::Builder::new()
            .name("mandir-render".to_owned())
            .stack_size(THREAD_STACK)
            .spawn(move || work(&script, &queue, &pages));
        match started {
            Ok(_) => {
                *engine = Engine::Running(jobs.clone());
                Some(jobs)
            }
            Err(e) => {
                tracing::error!(error = %e, "the page renderer's thread could not start: public pages are sent as prerendered");
                *engine = Engine::Unavailable;
                None
            }
        }
    }
}

/// The engine's thread: renders the jobs in turn, keeping what it rendered in `pages`.
fn work(script: &[u8], queue: &Receiver<Job>, pages: &Pages) {
    let mut engine: Option<Js> = None;
    let mut broken = false;
    for job in queue {
        if let Some(hit) = pages.fresh(&job.url, &job.digest) {
            let _ = job.reply.send(Ok(hit));
            continue;
        }
        if broken {
            let _ = job.reply.send(Err("the page renderer did not load".to_owned()));
            continue;
        }
        if engine.is_none() {
            let started = Instant::now();
            match Js::load(script) {
                Ok(js) => {
                    tracing::info!(ms = started.elapsed().as_millis() as u64, "page renderer loaded");
                    engine = Some(js);
                }
                Err(e) => {
                    tracing::error!(error = %e, "the page renderer did not load: public pages are sent as prerendered");
                    broken = true;
                    let _ = job.reply.send(Err(e));
                    continue;
                }
            }
        }
        let Some(js) = engine.as_ref() else { continue };
        let started = Instant::now();
        let result = js.render(&job.url, &job.data);
        match &result {
            Ok(rendered) => {
                tracing::debug!(url = job.url, ms = started.elapsed().as_millis() as u64, "page rendered");
                pages.insert(job.url.clone(), job.digest, rendered.clone());
            }
            Err(e) => {
                tracing::warn!(url = job.url, error = %e, "page render failed: the prerendered page is sent");
                // A failed render may have left the app's modules in any state: start afresh.
                engine = None;
            }
        }
        let _ = job.reply.send(result);
    }
}

/// The renderer's script loaded in a QuickJS runtime.
struct Js {
    runtime: Runtime,
    context: Context,
    deadline: Rc<Cell<Option<Instant>>>,
}

fn describe(error: rquickjs::CaughtError<'_>) -> String {
    match error {
        rquickjs::CaughtError::Exception(e) => format!("{}\n{}", e.message().unwrap_or_default(), e.stack().unwrap_or_default()),
        other => other.to_string(),
    }
}

impl Js {
    fn load(script: &[u8]) -> Result<Self, String> {
        let runtime = Runtime::new().map_err(|e| e.to_string())?;
        runtime.set_memory_limit(MEMORY_LIMIT);
        runtime.set_max_stack_size(JS_STACK);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::default();
        let watched = deadline.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || watched.get().is_some_and(|d| Instant::now() > d))));
        let context = Context::full(&runtime).map_err(|e| e.to_string())?;
        deadline.set(Some(Instant::now() + RENDER_LIMIT));
        let prepared = context.with(|ctx| -> Result<(), String> {
            let globals = ctx.globals();
            let tz_offset = Function::new(ctx.clone(), |zone: String, epoch_ms: f64| -> f64 { tz_offset_minutes(&zone, epoch_ms) })
                .map_err(|e| e.to_string())?;
            globals.set("__mandirTzOffset", tz_offset).map_err(|e| e.to_string())?;
            let log = Function::new(ctx.clone(), |level: String, message: String| {
                if level == "error" {
                    tracing::warn!(target: "mandir_render::js", "{message}");
                } else {
                    tracing::debug!(target: "mandir_render::js", "{message}");
                }
            })
            .map_err(|e| e.to_string())?;
            globals.set("__mandirLog", log).map_err(|e| e.to_string())?;
            ctx.eval::<(), _>(script.to_vec()).catch(&ctx).map_err(|e| describe(e))?;
            let app: Object = globals.get("MandirRender").map_err(|e| e.to_string())?;
            let prepare: Function = app.get("prepare").map_err(|e| e.to_string())?;
            let _: Promise = prepare.call(()).catch(&ctx).map_err(|e| describe(e))?;
            Ok(())
        });
        let js = Self { runtime, context, deadline };
        let outcome = prepared.and_then(|()| js.settle());
        js.deadline.set(None);
        outcome.map(|()| js)
    }

    /// Runs the promise jobs `prepare` queued (the lazy chunks' imports) until none is left.
    fn settle(&self) -> Result<(), String> {
        while self.runtime.is_job_pending() {
            self.runtime.execute_pending_job().map_err(|e| format!("loading the page renderer: {e}"))?;
        }
        Ok(())
    }

    fn render(&self, url: &str, data: &str) -> Result<RenderedPage, String> {
        self.deadline.set(Some(Instant::now() + RENDER_LIMIT));
        let result = self.context.with(|ctx| -> Result<RenderedPage, String> {
            let app: Object = ctx.globals().get("MandirRender").map_err(|e| e.to_string())?;
            let render: Function = app.get("render").map_err(|e| e.to_string())?;
            let at_ms = chrono::Utc::now().timestamp_millis();
            // The renderer takes the instant as a number of milliseconds (exact in an f64).
            #[allow(clippy::cast_precision_loss)]
            let page: Object = render.call((url, data, at_ms as f64)).catch(&ctx).map_err(|e| describe(e))?;
            let html: String = page.get("html").map_err(|e| e.to_string())?;
            let styles: String = page.get("styles").map_err(|e| e.to_string())?;
            Ok(RenderedPage { html: html.into(), styles: styles.into(), at_ms })
        });
        self.deadline.set(None);
        self.runtime.run_gc();
        result
    }
}

/// The UTC offset of `zone` at `epoch_ms`, in minutes east of UTC; NaN for an unknown zone.
fn tz_offset_minutes(zone: &str, epoch_ms: f64) -> f64 {
    use chrono::{Offset, TimeZone};
    let Ok(tz) = zone.parse::<chrono_tz::Tz>() else { return f64::NAN };
    let Some(at) = chrono::DateTime::from_timestamp_millis(epoch_ms as i64) else { return f64::NAN };
    f64::from(tz.offset_from_utc_datetime(&at.naive_utc()).fix().local_minus_utc()) / 60.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_follow_the_zone_and_its_daylight_saving() {
        // 2026-01-15 and 2026-07-15, noon UTC, in the temple's zone.
        assert_eq!(tz_offset_minutes("America/Los_Angeles", 1_768_478_400_000.0), -480.0);
        assert_eq!(tz_offset_minutes("America/Los_Angeles", 1_784_116_800_000.0), -420.0);
        assert_eq!(tz_offset_minutes("Asia/Kolkata", 1_768_478_400_000.0), 330.0);
        assert!(tz_offset_minutes("Nowhere/Else", 0.0).is_nan());
    }

    const SCRIPT: &str = r#"var MandirRender = {
        prepare: async () => { await Promise.resolve(); globalThis.ready = true; },
        render: (url, data, now) => {
            if (!globalThis.ready) throw new Error('not prepared');
            if (url === '/throw') throw new Error('broken page');
            if (url === '/now') return { html: String(now), styles: '' };
            return { html: url + ' ' + JSON.parse(data).name + ' ' + __mandirTzOffset('America/Los_Angeles', 1768478400000), styles: '' };
        },
    };"#;

    fn bundle(script: &'static str) -> RendererScript {
        Box::new(move || Box::pin(std::future::ready(Some(script.as_bytes().to_vec()))))
    }

    fn no_bundle() -> RendererScript {
        Box::new(|| Box::pin(std::future::ready(None)))
    }

    fn never_asked() -> RendererScript {
        Box::new(|| panic!("the bundle is read once"))
    }

    #[tokio::test]
    async fn pages_are_rendered_once_per_data() {
        let renderer = QuickJsRenderer::default();
        let first = renderer.render("/", r#"{"name":"Diwali"}"#, bundle(SCRIPT)).await.expect("rendered");
        assert_eq!(&*first.html, "/ Diwali -480");
        // Kept: the same data answers from the pages kept, without asking for the bundle again.
        let again = renderer.render("/", r#"{"name":"Diwali"}"#, never_asked()).await.expect("rendered");
        assert!(Arc::ptr_eq(&first.html, &again.html));
        let changed = renderer.render("/", r#"{"name":"Holi"}"#, no_bundle()).await.expect("rendered");
        assert_eq!(&*changed.html, "/ Holi -480");
    }

    #[tokio::test]
    async fn the_renderer_is_given_the_instant_it_renders_at() {
        let renderer = QuickJsRenderer::default();
        let before = chrono::Utc::now().timestamp_millis();
        let page = renderer.render("/now", r#"{"name":"Diwali"}"#, bundle(SCRIPT)).await.expect("rendered");
        let after = chrono::Utc::now().timestamp_millis();
        assert_eq!(page.html.parse::<i64>().expect("a number"), page.at_ms, "the markup was rendered with the instant kept with it");
        assert!((before..=after).contains(&page.at_ms));
    }

    #[tokio::test]
    async fn failing_pages_answer_none_and_the_engine_recovers() {
        let renderer = QuickJsRenderer::default();
        assert!(renderer.render("/throw", "{}", bundle(SCRIPT)).await.is_none());
        assert!(renderer.render("/", r#"{"name":"Diwali"}"#, no_bundle()).await.is_some());
    }

    #[tokio::test]
    async fn a_missing_bundle_or_a_broken_one_sends_prerendered_pages() {
        let renderer = QuickJsRenderer::default();
        assert!(renderer.render("/", "{}", no_bundle()).await.is_none());
        assert!(renderer.render("/", "{}", bundle(SCRIPT)).await.is_none(), "not asked again once missing");
        let broken = QuickJsRenderer::default();
        assert!(broken.render("/", "{}", bundle("this is not JavaScript")).await.is_none());
    }
}
