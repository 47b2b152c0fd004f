import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarChart, type Bar } from './bar-chart';

const colors = { bar: 'var(--bar)', grid: 'var(--grid)', text: 'var(--text)' };
const money = (n: number) => `$${n}`;

function bars(values: number[]): Bar[] {
  return values.map((value, i) => ({ key: `k${i}`, label: `Month ${i + 1}`, value, title: `Month ${i + 1}: $${value}` }));
}

/** jsdom lays nothing out: give the chart's container a width, as a browser would. */
function widthOf(px: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(px);
}

afterEach(() => vi.restoreAllMocks());

describe('BarChart', () => {
  it('is an image named by its label, drawing one bar per value in the colours given', () => {
    widthOf(600);
    const { container } = render(<BarChart bars={bars([100, 0, 250, 0.5])} height={240} label="Amount raised each month" formatValue={money} colors={colors} />);
    const chart = screen.getByRole('img', { name: 'Amount raised each month' });
    expect(chart).toHaveStyle({ height: '240px' });
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '600');
    const rects = [...container.querySelectorAll('rect')];
    expect(rects.map((r) => r.querySelector('title')?.textContent)).toEqual(['Month 1: $100', 'Month 2: $0', 'Month 3: $250', 'Month 4: $0.5']);
    const heights = rects.map((r) => Number(r.getAttribute('height')));
    // No bar for nothing, a sliver for a little, the largest the tallest.
    expect(heights[1]).toBe(0);
    expect(heights[3]).toBeGreaterThanOrEqual(1);
    expect(heights[2]).toBeGreaterThan(heights[0] ?? Infinity);
    expect(rects[0]).toHaveStyle({ fill: 'var(--bar)' });
    // The amounts on the axis, formatted by the caller.
    expect(container.textContent).toContain('$250');
  });

  it('names only as many categories as fit, always the last', () => {
    widthOf(320);
    const { container } = render(<BarChart bars={bars(Array.from({ length: 36 }, (_, i) => i * 10))} height={240} label="Months" formatValue={money} colors={colors} />);
    const named = [...container.querySelectorAll('.visx-axis-bottom tspan')].map((t) => t.textContent);
    expect(named.length).toBeGreaterThan(1);
    expect(named.length).toBeLessThan(36);
    expect(named[named.length - 1]).toBe('Month 36');
  });

  it('draws nothing until its width is known', () => {
    const { container } = render(<BarChart bars={bars([1, 2])} height={200} label="Months" formatValue={money} colors={colors} />);
    expect(screen.getByRole('img', { name: 'Months' })).toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
  });
});
