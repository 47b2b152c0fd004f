//! The public pages rendered per request with their data (ADR 0120): the server asks for a page's
//! markup and sends the build-time prerendered page when none comes in time.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use async_trait::async_trait;

/// A page's markup (what goes inside `<div id="root">`) and the `<style>` tags of the CSS it uses.
#[derive(Clone, Debug)]
pub struct RenderedPage {
    pub html: Arc<str>,
    pub styles: Arc<str>,
    /// The instant (Unix milliseconds) the markup was rendered at: what it shows of the clock (an
    /// event in progress, the recent events) is as of then, and the browser hydrates it with the
    /// same instant.
    pub at_ms: i64,
}

/// Reads the renderer's script from the frontend build; asked at most once, by the first render.
pub type RendererScript = Box<dyn FnOnce() -> Pin<Box<dyn Future<Output = Option<Vec<u8>>> + Send>> + Send>;

/// Renders a public page's markup with its data.
#[async_trait]
pub trait PageRenderer: Send + Sync {
    /// The markup of `url` rendered with `data` (the page's data block, JSON); `None` when it
    /// cannot be had quickly (the renderer is busy, missing or failed), and the caller then sends
    /// the prerendered page.
    async fn render(&self, url: &str, data: &str, script: RendererScript) -> Option<RenderedPage>;
}
