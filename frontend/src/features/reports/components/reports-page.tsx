import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { errorMessage } from '@/lib/api-client';
import { todayIn } from '@/lib/dates';
import { formatUSD } from '@/lib/format';
import { useSite } from '@/lib/site';
import { downloadReport, useActivityReport, useGivingReport, type GivingReport } from '../api/reports';
import { amountOf, axisAmount, axisCount, monthLabel, thisYear } from '../lib/reports-format';
import { ChartCard } from './chart-card';

const SHOWN_DONORS = 50;
const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } } as const;
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

function Loading({ label }: { label: string }) {
  return (
    <LoadingRegion label={label}>
      <Box sx={grid}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={280} />
        ))}
      </Box>
    </LoadingRegion>
  );
}

function DonorList({ title, donors, help }: { title: string; donors: GivingReport['donors']['new']; help: string }) {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography component="h3" variant="h6">
        {title} ({donors.length})
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
        {help}
      </Typography>
      {donors.length === 0 ? (
        <Typography color="text.secondary">None.</Typography>
      ) : (
        <TableContainer role="region" aria-label={`${title}, scrollable`} tabIndex={0} sx={{ maxHeight: 320, overflow: 'auto' }}>
          <Table size="small" stickyHeader aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>Donor</TableCell>
                <TableCell align="right">In the period</TableCell>
                <TableCell align="right">The year before</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {donors.slice(0, SHOWN_DONORS).map((d, i) => (
                <TableRow key={`${d.email ?? d.name}-${i}`}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.email ? `${d.name} (${d.email})` : d.name}</TableCell>
                  <TableCell align="right">{formatUSD(d.amount)}</TableCell>
                  <TableCell align="right">{formatUSD(d.yearBefore)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {donors.length > SHOWN_DONORS ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The first {SHOWN_DONORS}; the CSV lists all {donors.length}.
        </Typography>
      ) : null}
    </Box>
  );
}

function GivingSection({ report }: { report: GivingReport }) {
  const share = (rows: GivingReport['byFund']) =>
    rows.map((s) => ({ key: s.key, label: s.label, value: amountOf(s.amount), cells: [formatUSD(s.amount), axisCount(s.gifts)] }));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography aria-live="polite">
        {formatUSD(report.total)} from {axisCount(report.gifts)} {report.gifts === 1 ? 'gift' : 'gifts'}
      </Typography>
      <Box sx={grid}>
        <ChartCard
          title="Giving by month"
          description={`Bar chart of the amount given each month, ${monthLabel(report.months[0]?.month ?? '')} to ${monthLabel(report.months[report.months.length - 1]?.month ?? '')}`}
          rows={report.months.map((m) => ({ key: m.month, label: monthLabel(m.month), value: amountOf(m.amount), cells: [formatUSD(m.amount), axisCount(m.gifts), formatUSD(m.lastYear)] }))}
          rowHeader="Month"
          columns={['Given', 'Gifts', 'A year before']}
          formatValue={axisAmount}
          empty="No gifts in this period"
        />
        <ChartCard
          title="The same months a year before"
          description="Bar chart of the amount given in the same months a year before"
          rows={report.months.map((m) => ({ key: m.month, label: monthLabel(m.month), value: amountOf(m.lastYear), cells: [formatUSD(m.lastYear), formatUSD(m.amount)] }))}
          rowHeader="Month"
          columns={['A year before', 'This period']}
          formatValue={axisAmount}
          empty="No gifts in the same months a year before"
        />
        <ChartCard title="Giving by fund" description="Bar chart of the amount given to each fund" rows={share(report.byFund)} rowHeader="Fund" columns={['Given', 'Gifts']} formatValue={axisAmount} empty="No gifts in this period" />
        <ChartCard title="Giving by channel" description="Bar chart of the amount given through each channel" rows={share(report.byChannel)} rowHeader="Channel" columns={['Given', 'Gifts']} formatValue={axisAmount} empty="No gifts in this period" />
        <ChartCard title="Giving by method" description="Bar chart of the amount given by each payment method" rows={share(report.byMethod)} rowHeader="Method" columns={['Given', 'Gifts']} formatValue={axisAmount} empty="No gifts in this period" />
      </Box>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        <DonorList title="New donors" donors={report.donors.new} help="Gave in the period, and never before it." />
        <DonorList title="Returning donors" donors={report.donors.returning} help="Gave in the period, and before it too." />
        <DonorList title="Lapsed donors" donors={report.donors.lapsed} help="Gave in the year before the period, not in it." />
      </Box>
    </Box>
  );
}

/** /admin/reports (`read_ledger`): giving, donors, sevas, attendance and membership for a period, with charts, tables and CSVs. */
export function ReportsPage() {
  const { settings } = useSite();
  const { toast } = useToast();
  const initial = thisYear(todayIn(settings?.timeZone || env.timeZone));
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const valid = isDay(from) && isDay(to) && from <= to;
  const giving = useGivingReport(valid ? from : null, valid ? to : null);
  const activity = useActivityReport(valid ? from : null, valid ? to : null);
  const download = (report: 'giving' | 'activity') =>
    void downloadReport(report, from, to).catch((err: unknown) =>
      toast({ title: 'Error', description: errorMessage(err, 'The CSV could not be downloaded'), variant: 'destructive' }),
    );
  const a = activity.report;
  return (
    <Container maxWidth="lg" sx={{ py: 4, display: 'grid', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
          Reports
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          What the temple received and who came, for any period of up to five years. Each chart has its table; each report its CSV.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, maxWidth: 480 }}>
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={isDay(from) && isDay(to) && from > to}
          helperText={isDay(from) && isDay(to) && from > to ? 'To must be on or after From' : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
      </Box>
      <Box component="section" aria-labelledby="reports-giving" sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography id="reports-giving" component="h2" variant="h5">
            Giving and donors
          </Typography>
          <Button startIcon={<DownloadOutlined />} onClick={() => download('giving')} disabled={!valid}>
            Giving CSV
          </Button>
        </Box>
        {giving.error ? (
          <RetryAlert onRetry={giving.refresh}>{errorMessage(giving.error, 'The giving report could not be loaded.')}</RetryAlert>
        ) : giving.report ? (
          <GivingSection report={giving.report} />
        ) : (
          <Loading label="Loading the giving report" />
        )}
      </Box>
      <Box component="section" aria-labelledby="reports-activity" sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography id="reports-activity" component="h2" variant="h5">
            Sevas, attendance and membership
          </Typography>
          <Button startIcon={<DownloadOutlined />} onClick={() => download('activity')} disabled={!valid}>
            Activity CSV
          </Button>
        </Box>
        {activity.error ? (
          <RetryAlert onRetry={activity.refresh}>{errorMessage(activity.error, 'The activity report could not be loaded.')}</RetryAlert>
        ) : a ? (
          <Box sx={grid}>
            <ChartCard
              title="Seva bookings by seva"
              description="Bar chart of the bookings of each seva"
              rows={a.sevasBySeva.map((s) => ({ key: s.label, label: s.label, value: s.bookings, cells: [axisCount(s.bookings), formatUSD(s.amount)] }))}
              rowHeader="Seva"
              columns={['Bookings', 'Amount']}
              formatValue={axisCount}
              empty="No seva bookings in this period"
            />
            <ChartCard
              title="Seva bookings by weekday"
              description="Bar chart of the seva bookings on each weekday"
              rows={a.sevasByWeekday.map((s) => ({ key: s.label, label: s.label.slice(0, 3), value: s.bookings, cells: [axisCount(s.bookings), formatUSD(s.amount)] }))}
              rowHeader="Weekday"
              columns={['Bookings', 'Amount']}
              formatValue={axisCount}
              empty="No seva bookings in this period"
            />
            <ChartCard
              title="Event attendance"
              description="Bar chart of the people registered for events each month"
              rows={a.attendance.map((m) => ({ key: m.month, label: monthLabel(m.month), value: m.total, cells: [axisCount(m.total), axisCount(m.count)] }))}
              rowHeader="Month"
              columns={['People', 'Registrations']}
              formatValue={axisCount}
              empty="No registrations for events in this period"
            />
            <ChartCard
              title="Membership"
              description="Bar chart of the members by each month's end"
              rows={a.membership.map((m) => ({ key: m.month, label: monthLabel(m.month), value: m.total, cells: [axisCount(m.total), axisCount(m.count)] }))}
              rowHeader="Month"
              columns={['Members', 'New']}
              formatValue={axisCount}
              empty="No members yet"
            />
          </Box>
        ) : (
          <Loading label="Loading the activity report" />
        )}
      </Box>
    </Container>
  );
}
