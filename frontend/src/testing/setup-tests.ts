import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadMessageFormat } from '@/i18n/runtime';
import { server } from './mocks/server';

// Lazy route chunks are compiled on first use: give async queries some room.
// A hang guard, not a speed assertion: a loaded 2-core machine (`just test-stress`) can take seconds.
configure({ asyncUtilTimeout: 30000 });

// Relative URLs in fetch resolve against this origin under jsdom.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// What src/main.tsx loads before the first render: the messages' plurals, numbers and markup.
beforeAll(() => loadMessageFormat());
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
if (!('IntersectionObserver' in window)) {
  Object.defineProperty(window, 'IntersectionObserver', { writable: true, configurable: true, value: NoopObserver });
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoopObserver });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
