import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { preloadRoute } from './app/router';
import { appTheme } from './app/theme';
import { seedFirstFetches } from './lib/initial-data';

const container = document.getElementById('root')!;
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
  void preloadRoute(window.location.pathname)
    .catch(() => undefined)
    .then(nextTask)
    .then(appTheme)
    .then(nextTask)
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}
