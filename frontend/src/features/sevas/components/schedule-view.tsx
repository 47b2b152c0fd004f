import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { SevaScheduleEntry } from '@/types/api';
import { downloadSchedule, useAssignPriest, useCompleteBooking, useSevaSchedule } from '../api/schedule';
import { addDays, formatLocalDate } from '../lib/sankalpam';

const PAID: Record<string, { label: string; color: 'success' | 'warning' | 'default' }> = {
  paid: { label: 'Paid', color: 'success' },
  pending: { label: 'Payment pending', color: 'warning' },
  unpaid: { label: 'Unpaid', color: 'warning' },
  free: { label: 'No charge', color: 'default' },
};

export type PriestOption = { id: string; name: string };

const noPrint = { displayPrint: 'none' } as const;

function Entry({ entry, priests }: { entry: SevaScheduleEntry; priests: PriestOption[] }) {
  const { booking } = entry;
  const { can } = useAuth();
  const assign = useAssignPriest();
  const complete = useCompleteBooking();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const paid = PAID[entry.paid] ?? { label: entry.paid, color: 'default' as const };
  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast({ title: done, description: booking.sevaName });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The change was not saved'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper variant="outlined" component="article" sx={{ p: 2, display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)', overflowX: 'auto', breakInside: 'avoid', '@media print': { border: 0, borderBottom: '1px solid #999', borderRadius: 0, p: 1 } }} aria-label={`${booking.slotLabel} ${booking.sevaName}`}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography component="h2" variant="h6">
          {booking.slotLabel} · {booking.sevaName}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" label={paid.label} color={paid.color} />
          {booking.status === 'completed' ? <Chip size="small" label="Completed" color="info" /> : null}
        </Box>
      </Box>
      <Table size="small" aria-label="People for the sankalpam" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Gotram</TableCell>
            <TableCell>Nakshatram</TableCell>
            <TableCell>Rasi</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {booking.participants.map((p, i) => (
            <TableRow key={i}>
              <TableCell sx={{ fontWeight: 600 }}>{p.name}</TableCell>
              <TableCell>{p.gotram ?? '—'}</TableCell>
              <TableCell>{p.nakshatram ?? '—'}</TableCell>
              <TableCell>{p.rasi ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {booking.address ? (
        <Typography>
          <strong>Address:</strong> {booking.address}
        </Typography>
      ) : null}
      {booking.note ? (
        <Typography>
          <strong>Note:</strong> {booking.note}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        Booked by {entry.memberName}
        {booking.userId === null ? ' (walk-in at the counter)' : ''}
        {entry.memberPhone ? ` · ${entry.memberPhone}` : ''}
        {entry.memberEmail ? ` · ${entry.memberEmail}` : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {can('seva_desk') ? (
          <TextField
            select
            size="small"
            label="Priest"
            value={booking.priestId ?? ''}
            disabled={busy}
            onChange={(e) => void run(() => assign(booking.id, e.target.value || null), 'Priest assigned')}
            sx={{ minWidth: 200, ...noPrint }}
          >
            <MenuItem value="">
              <em>Not assigned</em>
            </MenuItem>
            {priests.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <Typography sx={can('seva_desk') ? { display: 'none', displayPrint: 'block' } : undefined}>Priest: {entry.priestName ?? '—'}</Typography>
        {can('complete_sevas') && booking.status === 'confirmed' ? (
          <Button variant="outlined" disabled={busy} onClick={() => void run(() => complete(booking.id), 'Marked completed')} sx={noPrint}>
            Mark completed
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

/** The priests' day: every booking in time order with its people, address and payment; printable as the sankalpam sheet. */
export function ScheduleView({ date, onDateChange, priests }: { date: string; onDateChange: (date: string) => void; priests: PriestOption[] }) {
  const { schedule, error, isLoading, refresh } = useSevaSchedule(date);
  const { toast } = useToast();
  const [to, setTo] = useState(() => addDays(date, 6));

  async function exportCsv() {
    try {
      await downloadSchedule(date, to < date ? date : to);
    } catch (err) {
      toast({ title: 'Export failed', description: errorMessage(err, 'The CSV could not be downloaded'), variant: 'destructive' });
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {/* The sheet prints black on white whatever the screen's theme, without the site's header and footer. */}
      <GlobalStyles
        styles={{
          '@media print': {
            'header, footer, nav': { display: 'none !important' },
            body: { background: '#fff !important' },
            '*': { color: '#000 !important', backgroundColor: 'transparent !important', boxShadow: 'none !important' },
          },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', ...noPrint }}>
        <IconButton aria-label="Previous day" onClick={() => onDateChange(addDays(date, -1))}>
          <ChevronLeft />
        </IconButton>
        <TextField type="date" size="small" label="Date" value={date} onChange={(e) => e.target.value && onDateChange(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <IconButton aria-label="Next day" onClick={() => onDateChange(addDays(date, 1))}>
          <ChevronRight />
        </IconButton>
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
          Print sankalpam sheet
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', ...noPrint }}>
        <Typography variant="body2">CSV from {date} to</Typography>
        <TextField type="date" size="small" label="Last day" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void exportCsv()}>
          Download CSV
        </Button>
      </Box>
      <Typography component="h2" variant="h5">
        Sankalpam sheet · {formatLocalDate(date)}
      </Typography>
      {isLoading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading the day's bookings" />
        </Box>
      ) : error ? (
        <RetryAlert onRetry={() => void refresh()}>Failed to load the bookings. Please try again.</RetryAlert>
      ) : !schedule || schedule.entries.length === 0 ? (
        <Typography color="text.secondary">No sevas booked for this day.</Typography>
      ) : (
        schedule.entries.map((e) => <Entry key={e.booking.id} entry={e} priests={priests} />)
      )}
    </Box>
  );
}
