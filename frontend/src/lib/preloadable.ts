import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// The same component constraint as React.lazy's own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export type Preloadable<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Loads the chunk; once it has loaded, rendering the component never suspends. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` that can be loaded ahead of rendering. After `preload()` the component resolves
 * synchronously (its loader answers an already-settled thenable), so hydrating a prerendered page
 * does not suspend on it (docs/decisions/0117-prerendered-public-pages.md).
 */
export function preloadableLazy<T extends AnyComponent>(load: () => Promise<{ default: T }>): Preloadable<T> {
  let loaded: { default: T } | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m;
    });
  const Component = lazy(() => {
    if (loaded) {
      const module = loaded;
      // React reads a lazy loader's answer through `then` only; a settled one resolves at once.
      return { then: (resolve: (m: { default: T }) => void) => resolve(module) } as unknown as Promise<{ default: T }>;
    }
    return load().then((m) => (loaded = m));
  });
  return Object.assign(Component, { preload });
}
