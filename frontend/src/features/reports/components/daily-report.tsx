import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PrintStyles } from '@/components/ui/print-styles';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import { formatUSD } from '@/lib/format';
import { useDailyReport } from '../api/daily-report';
import { addDays } from '@/lib/dates';
import { channelLabel, formatDay, isDay, isEmptyDay, methodLabel, type DailyReport } from '../lib/report';
import { LinesTable, SevasTable } from './report-tables';

const noPrint = { displayPrint: 'none' } as const;

/** The day's three figures: the total received, the number of payments, and what was refunded. */
function Totals({ report }: { report: DailyReport }) {
  const figures = [
    { label: 'Total received', value: formatUSD(report.total) },
    { label: 'Payments', value: String(report.payments) },
    { label: 'Refunded', value: formatUSD(report.refunded) },
  ];
  return (
    <Box component="dl" aria-label="The day's totals" data-testid="report-totals" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>
      {figures.map((f, i) => (
        <Paper key={f.label} variant="outlined" sx={{ p: 2, gridColumn: { xs: i === 0 ? 'span 2' : 'auto', sm: 'auto' } }}>
          <Typography component="dt" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }}>
            {f.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function Report({ report }: { report: DailyReport }) {
  if (isEmptyDay(report)) {
    return <Typography color="text.secondary">Nothing was received and no sevas were booked on this day.</Typography>;
  }
  return (
    <>
      <Totals report={report} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, '@media print': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } }}>
        <LinesTable id="report-methods" title="By method" column="Method" lines={report.byMethod} label={methodLabel} />
        <LinesTable id="report-channels" title="By channel" column="Channel" lines={report.byChannel} label={channelLabel} />
        <LinesTable id="report-funds" title="By fund" column="Fund" lines={report.byFund} label={(key) => key} />
        <SevasTable sevas={report.sevas} />
      </Box>
    </>
  );
}

/**
 * The daily report of `date` ("YYYY-MM-DD", the temple's day): the total received, payments and
 * refunds, by method, channel and fund, and the sevas booked; a day at a time, printable.
 */
export function DailyReportView({ date, today, onDateChange }: { date: string; today: string; onDateChange: (date: string) => void }) {
  const { report, error, isLoading, refresh } = useDailyReport(date);
  return (
    <Box
      className="print-sheet"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', '@media print': { '& .MuiPaper-root': { background: '#fff !important', backgroundImage: 'none !important' } } }}
    >
      <PrintStyles />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', ...noPrint }}>
        <IconButton aria-label="Previous day" onClick={() => onDateChange(addDays(date, -1))}>
          <ChevronLeft />
        </IconButton>
        <TextField
          type="date"
          size="small"
          label="Date"
          value={date}
          onChange={(e) => isDay(e.target.value) && onDateChange(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
        <IconButton aria-label="Next day" onClick={() => onDateChange(addDays(date, 1))} disabled={date >= today}>
          <ChevronRight />
        </IconButton>
        {date !== today ? <Button onClick={() => onDateChange(today)}>Today</Button> : null}
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()} disabled={!report} sx={{ ml: { sm: 'auto' } }}>
          Print
        </Button>
      </Box>
      <Typography component="h2" variant="h5">
        {formatDay(date)}
      </Typography>
      {isLoading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading the report" />
        </Box>
      ) : error ? (
        <RetryAlert onRetry={() => void refresh()}>{errorMessage(error, 'The report could not be loaded. Please try again.')}</RetryAlert>
      ) : report ? (
        <Report report={report} />
      ) : null}
    </Box>
  );
}
