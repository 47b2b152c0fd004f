import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { ChartBoundary } from '@/components/ui/chart-boundary';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { ApiError } from '@/lib/api-client';
import { formatUSD } from '@/lib/format';
import { formatCount } from '@/lib/funds';
import { useHydrated } from '@/lib/use-hydrated';
import type { FundMonth } from '@/types/api';
import { useFundMonths } from '../api/get-funds';
import { t } from '../i18n';
import { axisAmount, monthLabel, nothingRaised, raisedOf } from '../lib/months';

// The chart in a chunk of its own (visx, ADR 0138), loaded once the page is hydrated: never in the
// entry, nor in the markup the server sends.
const BarChart = lazy(() => import('@/components/ui/bar-chart').then((m) => ({ default: m.BarChart })));

/** The chart's height, reserved from the first paint in every state, so nothing below it moves. */
export const CHART_HEIGHT = 240;

/** The chart's place while its data or its chunk loads, and in the markup the server sends. */
function ChartLoading() {
  return (
    <LoadingRegion label={t('funds.months.loading')}>
      <Skeleton variant="rounded" height={CHART_HEIGHT} />
    </LoadingRegion>
  );
}

/** The bars of the amount raised each month, in the theme's colours (its CSS variables: dark mode too). */
function MonthsChart({ months }: { months: FundMonth[] }) {
  const theme = useTheme();
  const palette = (theme.vars ?? theme).palette;
  const first = months[0]?.month ?? '';
  const last = months[months.length - 1]?.month ?? '';
  return (
    <BarChart
      bars={months.map((m) => ({ key: m.month, label: monthLabel(m.month), value: raisedOf(m), title: `${monthLabel(m.month)}: ${formatUSD(m.raised)}` }))}
      height={CHART_HEIGHT}
      label={t('funds.months.chart', { from: monthLabel(first), to: monthLabel(last) })}
      formatValue={axisAmount}
      colors={{ bar: palette.primary.main, grid: palette.divider, text: palette.text.secondary }}
    />
  );
}

/** The months as a table: the chart's figures for anyone who cannot see it, or wants the numbers. */
function MonthsTable({ id, months }: { id: string; months: FundMonth[] }) {
  const cell = { py: 0.75, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'right' } as const;
  return (
    <Box id={id} component="table" sx={{ width: '100%', borderCollapse: 'collapse', typography: 'body2', fontVariantNumeric: 'tabular-nums' }}>
      <Box component="caption" sx={visuallyHidden}>
        {t('funds.months.caption')}
      </Box>
      <thead>
        <tr>
          <Box component="th" scope="col" sx={{ ...cell, textAlign: 'left' }}>
            {t('funds.months.month')}
          </Box>
          <Box component="th" scope="col" sx={cell}>
            {t('funds.months.raised')}
          </Box>
          <Box component="th" scope="col" sx={cell}>
            {t('funds.gifts')}
          </Box>
        </tr>
      </thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month}>
            <Box component="th" scope="row" sx={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
              {monthLabel(m.month)}
            </Box>
            <Box component="td" sx={cell}>
              {formatUSD(m.raised)}
            </Box>
            <Box component="td" sx={cell}>
              {formatCount(m.gifts)}
            </Box>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/**
 * "Gifts by month" on a fund's page: a bar per month of the amount raised, and the same months as
 * a table behind 'Show as table'. Asked for in the browser only, once the page is hydrated (the
 * markup, rendered by the server, holds the placeholder); the chart's height is kept in every
 * state. A month with no money is a zero; a fund that has received nothing says "No gifts yet".
 * A 404 (a server without the months) leaves the section out.
 */
export function FundMonthsSection({ fundId }: { fundId: string }) {
  const hydrated = useHydrated();
  const { months, error, refresh } = useFundMonths(hydrated ? fundId : null);
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();

  if (error instanceof ApiError && error.status === 404) return null;

  const withGifts = !error && months !== undefined && !nothingRaised(months);
  let chart: ReactNode;
  if (error) {
    chart = (
      <Box sx={{ height: CHART_HEIGHT }}>
        <RetryAlert onRetry={() => void refresh()}>{t('funds.months.loadFailed')}</RetryAlert>
      </Box>
    );
  } else if (months === undefined) {
    chart = <ChartLoading />;
  } else if (!withGifts) {
    chart = (
      <Typography color="text.secondary" sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center' }}>
        {t('funds.months.none')}
      </Typography>
    );
  } else {
    chart = (
      <ChartBoundary height={CHART_HEIGHT}>
        <Suspense fallback={<ChartLoading />}>
          <MonthsChart months={months} />
        </Suspense>
      </ChartBoundary>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      {/* As tall as the button from the start, so that the button's coming moves nothing. */}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, minHeight: 32 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {t('funds.months.heading')}
        </Typography>
        {withGifts ? (
          <Button size="small" aria-expanded={showTable} aria-controls={showTable ? tableId : undefined} onClick={() => setShowTable((shown) => !shown)}>
            {showTable ? t('funds.months.hideTable') : t('funds.months.showTable')}
          </Button>
        ) : null}
      </Box>
      {chart}
      {months && withGifts && showTable ? <MonthsTable id={tableId} months={months} /> : null}
    </Paper>
  );
}
