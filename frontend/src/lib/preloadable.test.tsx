import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadableLazy', () => {
  it('suspends like React.lazy when not preloaded', async () => {
    const Lazy = preloadableLazy(() => Promise.resolve({ default: Hello }));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="A" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello A')).toBeInTheDocument();
  });

  it('renders at once, without its fallback, once preloaded', async () => {
    let loads = 0;
    const Lazy = preloadableLazy(() => {
      loads += 1;
      return Promise.resolve({ default: Hello });
    });
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="B" />
      </Suspense>,
    );
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(screen.getByText('Hello B')).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
