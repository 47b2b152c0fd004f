//! A public page's frame (`prerender/<page>.frame.html`, written by frontend/scripts/prerender.mjs):
//! the built page with places for the markup and styles rendered per request.

use mandir_application::ports::RenderedPage;

/// The place in a frame's `<div id="root">` for [`RenderedPage::at_ms`]
/// (`data-rendered-at="mandir:rendered-at"`): the browser hydrates with the instant the markup was
/// rendered at.
const RENDERED_AT: &str = "mandir:rendered-at";
const STYLES: &str = "<!--mandir:styles-->";
const MARKUP: &str = "<!--mandir:markup-->";

/// `frame` with the page's styles and markup in their places; `None` for a frame without the
/// places, or markup with a script (the page's CSP allows only the frame's own inline scripts, by
/// their hashes).
pub fn fill(frame: &str, rendered: &RenderedPage) -> Option<String> {
    if !frame.contains(STYLES) || !frame.contains(MARKUP) || rendered.html.to_ascii_lowercase().contains("<script") {
        return None;
    }
    Some(frame.replacen(RENDERED_AT, &rendered.at_ms.to_string(), 1).replacen(STYLES, &rendered.styles, 1).replacen(
        MARKUP,
        &rendered.html,
        1,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_get_the_markup_and_styles_once() {
        let rendered = RenderedPage { html: "<p>Diwali</p>".into(), styles: "<style>p{}</style>".into(), at_ms: 1_768_478_400_000 };
        let page = fill(
            "<head><!--mandir:styles--></head><div id=\"root\" data-rendered-at=\"mandir:rendered-at\"><!--mandir:markup--></div>",
            &rendered,
        )
        .expect("filled");
        assert_eq!(page, "<head><style>p{}</style></head><div id=\"root\" data-rendered-at=\"1768478400000\"><p>Diwali</p></div>");
        assert!(fill("<div id=\"root\"></div>", &rendered).is_none());
        let scripted = RenderedPage { html: "<p>x</p><SCRIPT>alert(1)</SCRIPT>".into(), styles: "".into(), at_ms: 0 };
        assert!(fill("<!--mandir:styles--><!--mandir:markup-->", &scripted).is_none());
    }
}
