// The project's one chart, drawn with visx (ADR 0138). Load it lazily (`import()`), never from the
// entry: visx and d3's scales are about 20 KB gzipped. It imports React and visx only, no MUI and
// no app module, so its chunk shares nothing with the entry's chunks but React's: a caller passes
// the theme's colours and its own formatting.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useCallback, useState, type CSSProperties, type RefCallback } from 'react';

export type Bar = {
  /** Unique among the bars, in their order: the category on the axis ("2026-03"). */
  key: string;
  /** Its name on the axis ("Mar 2026"). */
  label: string;
  value: number;
  /** The pointer's tooltip ("Mar 2026: $1,250.00"). */
  title: string;
};

/** CSS colours (the theme's variables, e.g. `var(--mui-palette-primary-main)`), so it follows dark mode. */
export type BarChartColors = { bar: string; grid: string; text: string };

type Props = {
  bars: Bar[];
  /** Pixels; the caller reserves the same height while the chart loads, so nothing moves. */
  height: number;
  /** What the chart shows, its name for assistive technology (an image; give the figures beside it too). */
  label: string;
  /** A value on the axis ("$1,250"). */
  formatValue: (value: number) => string;
  colors: BarChartColors;
};

const MARGIN = { top: 8, right: 8, bottom: 28 };
/** About a character's width at the axes' 12px, for the room their labels need. */
const CHAR_WIDTH = 7;
const FONT = { fontSize: 12, fontFamily: 'inherit' } as const;

/** The element's width as laid out, followed as it changes; 0 until measured (and where nothing is laid out). */
function useWidth<T extends HTMLElement>(): [RefCallback<T>, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: T | null) => {
    if (!node) return;
    setWidth(node.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => setWidth(Math.floor(entries[0]?.contentRect.width ?? 0)));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * Vertical bars from zero, one per category in the order given, with a few amounts on the left
 * axis (and their grid lines) and as many category labels below as fit without overlapping,
 * counted back from the last bar so that it is always named. As wide as its container.
 */
export function BarChart({ bars, height, label, formatValue, colors }: Props) {
  const [ref, width] = useWidth<HTMLDivElement>();
  return (
    <div ref={ref} role="img" aria-label={label} style={{ height }}>
      {width > 0 ? <Plot bars={bars} width={width} height={height} formatValue={formatValue} colors={colors} /> : null}
    </div>
  );
}

function Plot({ bars, width, height, formatValue, colors }: Omit<Props, 'label'> & { width: number }) {
  const y = scaleLinear<number>({ domain: [0, Math.max(0, ...bars.map((b) => b.value)) || 1], nice: 4 });
  const yTicks = y.ticks(4);
  const left = 12 + CHAR_WIDTH * Math.max(...yTicks.map((t) => formatValue(t).length));
  const labelWidth = CHAR_WIDTH * Math.max(0, ...bars.map((b) => b.label.length)) + 8;
  // Room on the right for half the last bar's label, which is centred under it.
  const right = Math.max(MARGIN.right, Math.ceil(labelWidth / 2));
  const innerWidth = Math.max(0, width - left - right);
  const innerHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  y.range([innerHeight, 0]);
  const x = scaleBand<string>({ domain: bars.map((b) => b.key), range: [0, innerWidth], padding: 0.25 });
  const every = Math.max(1, Math.ceil((bars.length * labelWidth) / Math.max(innerWidth, 1)));
  const xTicks = bars.filter((_, i) => (bars.length - 1 - i) % every === 0).map((b) => b.key);
  const labels = new Map(bars.map((b) => [b.key, b.label]));
  const text: CSSProperties = { fill: colors.text };

  return (
    <svg width={width} height={height} aria-hidden="true" focusable="false" style={{ display: 'block' }}>
      <g transform={`translate(${left},${MARGIN.top})`}>
        {yTicks.map((t) => (
          // The zero line solid: the bars' baseline.
          <line key={t} x1={0} x2={innerWidth} y1={y(t)} y2={y(t)} strokeDasharray={t === 0 ? undefined : '3 3'} style={{ stroke: colors.grid }} />
        ))}
        {bars.map((b) => {
          // A bar of a little money is still a sliver, never nothing.
          const barHeight = b.value > 0 ? Math.max(1, innerHeight - y(b.value)) : 0;
          return (
            <rect key={b.key} x={x(b.key)} y={innerHeight - barHeight} width={x.bandwidth()} height={barHeight} rx={2} style={{ fill: colors.bar }}>
              <title>{b.title}</title>
            </rect>
          );
        })}
        <AxisLeft scale={y} tickValues={yTicks} tickFormat={(v) => formatValue(Number(v))} hideAxisLine hideTicks tickLabelProps={{ ...FONT, style: text }} />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={xTicks}
          tickFormat={(key) => labels.get(key) ?? key}
          hideAxisLine
          hideTicks
          tickLabelProps={{ ...FONT, style: text }}
        />
      </g>
    </svg>
  );
}
