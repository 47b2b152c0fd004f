import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENDERED_AT, setRenderInstant, useNow } from './render-instant';

const RENDERED = Date.UTC(2026, 10, 1, 12, 0, 0);
const LATER = Date.UTC(2026, 10, 24, 18, 30, 0);

function Clock({ seen }: { seen: number[] }) {
  const now = useNow();
  seen.push(now.getTime());
  return <p>{now.toISOString()}</p>;
}

describe('useNow', () => {
  afterEach(() => {
    setRenderInstant(undefined);
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('renders the markup at the instant the server chose', () => {
    setRenderInstant(RENDERED);
    expect(renderToString(<Clock seen={[]} />)).toContain(new Date(RENDERED).toISOString());
  });

  it('hydrates with the markup instant, then follows the browser clock', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    setRenderInstant(RENDERED);
    const markup = renderToString(<Clock seen={[]} />);
    setRenderInstant(undefined);
    vi.useFakeTimers({ now: LATER, toFake: ['Date'] });
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute(RENDERED_AT, String(RENDERED));
    root.innerHTML = markup;
    document.body.append(root);
    const errors: unknown[] = [];
    const seen: number[] = [];
    await act(async () => {
      hydrateRoot(root, <Clock seen={seen} />, { onRecoverableError: (e) => errors.push(e) });
    });
    // No mismatch: the first render used the markup's instant; the one after hydration, the clock.
    expect(errors).toEqual([]);
    expect(seen[0]).toBe(RENDERED);
    expect(seen.at(-1)).toBe(LATER);
    expect(root.textContent).toBe(new Date(LATER).toISOString());
  });

  it('uses the clock on a page rendered in the browser alone', () => {
    vi.useFakeTimers({ now: LATER, toFake: ['Date'] });
    const seen: number[] = [];
    expect(renderToString(<Clock seen={seen} />)).toContain(new Date(LATER).toISOString());
  });
});
