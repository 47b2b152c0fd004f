// The public pages' script loader (docs/decisions/0120-public-pages-rendered-per-request.md),
// written into each prerendered page by scripts/prerender.mjs, minified, at the end of <body>.
// It runs as a classic inline script: plain ES5, no imports. The page's module URLs come from the
// script's own `data-modules` attribute (a JSON array, dependencies first), so its text, and with
// it the hash the Content-Security-Policy allows it by, is the same on every page.
//
// It starts the scripts once the browser reports the first contentful paint (a `paint`
// PerformanceObserver: the paint has been presented, not only recorded), or at once in a tab that
// is or becomes hidden, where nothing paints. A browser without paint entries starts them after
// the first frame, and a page whose paint is not reported within 3 s starts them then. Starting:
// - preload every file (`<link rel="modulepreload">`: fetched and compiled in parallel, not run),
//   each link added in a task of its own, as starting a request costs a phone up to 2 ms;
// - then import them one at a time, each after everything it imports, each in a task of its own,
//   so a phone evaluates React DOM, MUI, the entry and the page's chunks in separate short tasks.
(function () {
  var modules = JSON.parse(document.currentScript.getAttribute('data-modules'));
  var started = false;
  var next = 0;
  var Observer = window.PerformanceObserver;

  function importNext() {
    if (next < modules.length) import(modules[next++]).then(later, later);
  }

  function later() {
    setTimeout(importNext, 0);
  }

  function preload(href) {
    setTimeout(function () {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }, 0);
  }

  function start() {
    if (started) return;
    started = true;
    modules.forEach(preload);
    later();
  }

  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', start, { once: true });
  if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf('paint') >= 0) {
    new Observer(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        start();
      }
    }).observe({ type: 'paint', buffered: true });
    setTimeout(start, 3000);
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})();
