import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
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
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatDay, formatUSD } from '@/lib/format';
import {
  downloadExport,
  FORMAT_LABELS,
  useCreateExport,
  useExports,
  usePreview,
  type AccountingExport,
  type ExportFormat,
} from '../api/books';
import { isDay, previousMonth } from '../lib/period';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

function period(e: Pick<AccountingExport, 'from' | 'to'>): string {
  return e.from === e.to ? formatDay(e.from) : `${formatDay(e.from)} – ${formatDay(e.to)}`;
}

function PastExports() {
  const { exports, error, isLoading, refresh } = useExports();
  const { toast } = useToast();
  if (error) return <RetryAlert onRetry={refresh}>The past exports could not be loaded.</RetryAlert>;
  if (isLoading || !exports) {
    return (
      <LoadingRegion label="Loading past exports">
        <Skeleton variant="rounded" height={120} />
      </LoadingRegion>
    );
  }
  if (exports.length === 0) return <Typography color="text.secondary">No exports yet.</Typography>;
  return (
    <TableContainer role="region" aria-label="Past exports, scrollable" tabIndex={0} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Past exports" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>Period</TableCell>
            <TableCell>Format</TableCell>
            <TableCell align="right">Entries</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Exported</TableCell>
            <TableCell align="right">File</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {exports.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{period(e)}</TableCell>
              <TableCell>{FORMAT_LABELS[e.format]}</TableCell>
              <TableCell align="right" sx={num}>
                {e.entries}
              </TableCell>
              <TableCell align="right" sx={num}>
                {formatUSD(e.total)}
              </TableCell>
              <TableCell>
                {formatDate(e.createdAt)} · {e.createdByName}
              </TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  startIcon={<DownloadOutlined />}
                  aria-label={`Download the export of ${period(e)} (${FORMAT_LABELS[e.format]})`}
                  onClick={() =>
                    void downloadExport(e).catch((err: unknown) =>
                      toast({ title: 'Error', description: errorMessage(err, 'The file could not be downloaded'), variant: 'destructive' }),
                    )
                  }
                >
                  Download
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The Export tab: a period and a format, what it would write, earlier exports of its days, and the past exports. */
export function ExportTab({ today }: { today: string }) {
  const initial = previousMonth(today);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [format, setFormat] = useState<ExportFormat>('qbo_csv');
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [overlap, setOverlap] = useState<string | null>(null);
  const valid = isDay(from) && isDay(to) && from <= to;
  const { preview, error, refresh } = usePreview(valid ? from : null, valid ? to : null);
  const createExport = useCreateExport();
  const { toast } = useToast();

  const run = async (again: boolean) => {
    setBusy(true);
    setFieldErrors({});
    try {
      const created = await createExport({ from, to, format, again });
      setOverlap(null);
      await downloadExport(created);
      toast({ title: 'Exported', description: `${created.entries} entries · ${formatUSD(created.total)}`, variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && !again && err.serverMessage) {
        setOverlap(err.serverMessage);
      } else {
        if (err instanceof ApiError) setFieldErrors(err.fieldErrors);
        toast({ title: 'Error', description: errorMessage(err, 'The export failed'), variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  const rangeError = isDay(from) && isDay(to) && from > to ? 'To must be on or after From' : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void run(false); }} sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 2fr' } }}>
          <TextField
            label="From"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={Boolean(fieldErrors.from)}
            helperText={fieldErrors.from}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
          <TextField
            label="To"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={Boolean(fieldErrors.to ?? rangeError)}
            helperText={fieldErrors.to ?? rangeError}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
          <TextField
            select
            label="Format"
            value={format}
            onChange={(e) => setFormat(e.target.value as ExportFormat)}
            error={Boolean(fieldErrors.format)}
            helperText={fieldErrors.format}
          >
            {(Object.keys(FORMAT_LABELS) as ExportFormat[]).map((f) => (
              <MenuItem key={f} value={f}>
                {FORMAT_LABELS[f]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box role="status" aria-live="polite">
          {error ? (
            <RetryAlert onRetry={refresh}>{errorMessage(error, 'What the period holds could not be loaded.')}</RetryAlert>
          ) : preview && valid ? (
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Typography sx={num}>
                {preview.entries} {preview.entries === 1 ? 'entry' : 'entries'} ({preview.gifts} {preview.gifts === 1 ? 'gift' : 'gifts'},{' '}
                {preview.refunds} {preview.refunds === 1 ? 'refund' : 'refunds'}
                {preview.payouts > 0 ? `, ${preview.payouts} card ${preview.payouts === 1 ? 'payout' : 'payouts'}` : ''}) · {formatUSD(preview.total)}
              </Typography>
              {preview.unmapped.length > 0 ? (
                <Alert severity="info">
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {preview.unmapped.map((u) => (
                      <li key={u}>{u}</li>
                    ))}
                  </Box>
                </Alert>
              ) : null}
              {preview.earlier.length > 0 ? (
                <Alert severity="warning">
                  This period overlaps an earlier export:
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {preview.earlier.map((e) => (
                      <li key={e.id}>
                        {period(e)} ({FORMAT_LABELS[e.format]}) on {formatDate(e.createdAt)} by {e.createdByName}
                      </li>
                    ))}
                  </Box>
                </Alert>
              ) : null}
            </Box>
          ) : null}
        </Box>
        <Box>
          <Button type="submit" variant="contained" startIcon={<DownloadOutlined />} disabled={busy || !valid}>
            {busy ? 'Exporting…' : 'Export'}
          </Button>
        </Box>
      </Box>
      <Box>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          Past exports
        </Typography>
        <PastExports />
      </Box>
      <ConfirmDialog
        open={overlap !== null}
        title="Export this period again?"
        confirmLabel="Export again"
        busy={busy}
        busyLabel="Exporting…"
        onConfirm={() => void run(true)}
        onClose={() => setOverlap(null)}
      >
        {overlap}
      </ConfirmDialog>
    </Box>
  );
}
