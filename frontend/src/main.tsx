import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { preloadRoute } from './app/router';
import { appTheme } from './app/theme';
import { isLanguage } from './i18n/languages';
import { switchToLanguage } from './i18n/runtime';
import { seedFirstFetches } from './lib/initial-data';

const container = document.getElementById('root')!;
// The page's language, as the server wrote it on <html lang> (ADR 0149): its messages (a chunk of
// their own, none for English) are loaded before the first render, so the browser renders what the
// server rendered.
const lang = document.documentElement.lang;
const language = switchToLanguage(isLanguage(lang) ? lang : 'en').catch(() => undefined);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** Resolves in a new task (a macrotask), letting the browser paint and handle input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

if (container.firstElementChild) {
  // A prerendered public page (docs/decisions/0117-prerendered-public-pages.md): load its chunks,
  // then hydrate the markup, rendering first what the prerender rendered (no API data yet).
  seedFirstFetches();
  // (Not a top-level await: that splits the entry into many small chunks.) A chunk that fails to
  // load is loaded again by its route, whose error boundary reports it. Hydrated as a transition,
  // so React yields to the browser between pieces of work instead of holding a phone's main thread
  // for the whole page (ADR 0120). The theme is created in a task of its own between loading the
  // chunks and hydrating, so a phone never runs the three as one long task.
  void Promise.all([preloadRoute(window.location.pathname).catch(() => undefined), language])
    .then(nextTask)
    .then(appTheme)
    .then(nextTask)
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  void language.then(() => createRoot(container).render(app));
}
