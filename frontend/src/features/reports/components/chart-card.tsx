import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { ChartBoundary } from '@/components/ui/chart-boundary';
import { LoadingRegion } from '@/components/ui/loading-region';
import { visuallyHidden } from '@/components/ui/visually-hidden';

// The project's one chart (visx, ADR 0138), in a chunk of its own loaded with the page.
const BarChart = lazy(() => import('@/components/ui/bar-chart').then((m) => ({ default: m.BarChart })));

export const CHART_HEIGHT = 220;

/** One row of a chart and its table: the bar's category, its value, and the table's cells. */
export type ChartRow = { key: string; label: string; value: number; cells: string[] };

type Props = {
  title: string;
  /** What the chart shows, for assistive technology. */
  description: string;
  rows: ChartRow[];
  /** The table's column headers after the first (the row's label). */
  columns: string[];
  /** The first column's header. */
  rowHeader: string;
  formatValue: (value: number) => string;
  /** Shown instead of the chart when every value is zero. */
  empty: string;
};

/** A titled bar chart with 'Show as table', the same figures as a table with row headers. */
export function ChartCard({ title, description, rows, columns, rowHeader, formatValue, empty }: Props) {
  const theme = useTheme();
  const palette = (theme.vars ?? theme).palette;
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const any = rows.some((r) => r.value !== 0);
  const cell = { py: 0.75, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'right' } as const;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, minHeight: 32 }}>
        <Typography id={headingId} component="h3" variant="h6">
          {title}
        </Typography>
        {any ? (
          <Button size="small" aria-expanded={showTable} aria-controls={showTable ? tableId : undefined} onClick={() => setShowTable((s) => !s)}>
            {showTable ? 'Hide table' : 'Show as table'}
          </Button>
        ) : null}
      </Box>
      {any ? (
        <ChartBoundary height={CHART_HEIGHT}>
          <Suspense
            fallback={
              <LoadingRegion label={`Loading the chart of ${title.toLowerCase()}`}>
                <Skeleton variant="rounded" height={CHART_HEIGHT} />
              </LoadingRegion>
            }
          >
            <BarChart
              bars={rows.map((r) => ({ key: r.key, label: r.label, value: r.value, title: `${r.label}: ${formatValue(r.value)}` }))}
              height={CHART_HEIGHT}
              label={description}
              formatValue={formatValue}
              colors={{ bar: palette.primary.main, grid: palette.divider, text: palette.text.secondary }}
            />
          </Suspense>
        </ChartBoundary>
      ) : (
        <Typography color="text.secondary" sx={{ height: 80, display: 'grid', placeItems: 'center' }}>
          {empty}
        </Typography>
      )}
      {any && showTable ? (
        <Box sx={{ overflowX: 'auto' }} role="region" aria-label={`${title}, scrollable`} tabIndex={0}>
          <Box id={tableId} component="table" sx={{ width: '100%', borderCollapse: 'collapse', typography: 'body2', fontVariantNumeric: 'tabular-nums' }}>
            <Box component="caption" sx={visuallyHidden}>
              {title}
            </Box>
            <thead>
              <tr>
                <Box component="th" scope="col" sx={{ ...cell, textAlign: 'left' }}>
                  {rowHeader}
                </Box>
                {columns.map((c) => (
                  <Box component="th" scope="col" sx={cell} key={c}>
                    {c}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <Box component="th" scope="row" sx={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
                    {r.label}
                  </Box>
                  {r.cells.map((c, i) => (
                    <Box component="td" sx={cell} key={columns[i] ?? i}>
                      {c}
                    </Box>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      ) : null}
    </Paper>
  );
}
