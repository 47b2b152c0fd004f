import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const [ref, near] = useNearViewport<HTMLDivElement>('100px');
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;

describe('useNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns true once the element comes within the margin, and stops watching', () => {
    const observers: { callback: Callback; margin?: string; disconnect: ReturnType<typeof vi.fn> }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        disconnect = vi.fn();
        constructor(callback: Callback, options?: IntersectionObserverInit) {
          observers.push({ callback, margin: options?.rootMargin, disconnect: this.disconnect });
        }
        observe() {}
      },
    );
    render(<Probe />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(observers).toHaveLength(1);
    expect(observers[0].margin).toBe('100px');

    act(() => observers[0].callback([{ isIntersecting: false }]));
    expect(screen.getByText('far')).toBeInTheDocument();
    act(() => observers[0].callback([{ isIntersecting: true }]));
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(observers[0].disconnect).toHaveBeenCalled();
  });

  it('is true at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
