import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import type { TextingOverview, TextRecord } from '@/types/api';
import { useSetTextingCap, useTextingOverview } from '../api/texting';

export const CAP_MESSAGE = 'Enter a whole number from 0 to 1,000,000';

export const capSchema = yup.object({
  monthlyCap: yup.number().typeError(CAP_MESSAGE).required(CAP_MESSAGE).integer(CAP_MESSAGE).min(0, CAP_MESSAGE).max(1_000_000, CAP_MESSAGE),
});

const PROVIDERS: Record<string, string> = { twilio: 'Twilio', folder: 'the development folder (each text is written to a file, none is sent)' };
const KINDS: Record<string, string> = { confirmations: 'Confirmation', reminders: 'Reminder', receipts: 'Receipt', code: 'Code' };

/** "2026-12" as "December 2026". */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 15)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const when = (at: string) => `${formatDate(at)} ${formatTime(at)}`;

function outcome(text: TextRecord): string {
  if (text.sentAt) return `Sent ${when(text.sentAt)}`;
  if (text.lastError) return `Not sent: ${text.lastError}`;
  return 'Waiting';
}

function CapForm({ overview }: { overview: TextingOverview }) {
  const { toast } = useToast();
  const setCap = useSetTextingCap();
  const formik = useFormik<{ monthlyCap: string }>({
    initialValues: { monthlyCap: String(overview.monthlyCap) },
    validationSchema: capSchema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await setCap(Number(values.monthlyCap));
        toast({ title: 'Monthly cap saved', description: `${saved.monthlyCap.toLocaleString('en-US')} texts a month.` });
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        toast({ title: 'Not saved', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' });
      }
    },
  });
  const error = formik.touched.monthlyCap ? formik.errors.monthlyCap : undefined;
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <TextField
        id="monthlyCap"
        name="monthlyCap"
        label="Monthly cap"
        value={formik.values.monthlyCap}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(error)}
        helperText={error ?? 'When the cap is reached, texting stops until next month and e-mail goes on. 0 turns texting off.'}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 420, flex: '1 1 240px' }}
      />
      <Button type="submit" variant="contained" disabled={formik.isSubmitting} sx={{ mt: 1 }}>
        {formik.isSubmitting ? 'Saving...' : 'Save'}
      </Button>
    </Box>
  );
}

/** Admin → Texting: who carries the texts, this month's count against the cap, the latest texts (ADR 0148). */
export function TextingTab() {
  const { overview, error, isLoading, retry } = useTextingOverview();
  if (error) return <RetryAlert onRetry={retry}>Texting could not be loaded.</RetryAlert>;
  if (isLoading || !overview) {
    return (
      <LoadingRegion label="Loading texting" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={160} />
      </LoadingRegion>
    );
  }
  const share = overview.monthlyCap > 0 ? Math.min(100, (overview.sentThisMonth / overview.monthlyCap) * 100) : 100;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {overview.provider ? (
        <Typography>
          Texts are sent by <strong>{PROVIDERS[overview.provider] ?? overview.provider}</strong>.
        </Typography>
      ) : (
        <Alert severity="info">Texting is off. {overview.offReason}</Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1, maxWidth: 520 }}>
        <Typography id="texting-month">
          {monthLabel(overview.month)}: {overview.sentThisMonth.toLocaleString('en-US')} of {overview.monthlyCap.toLocaleString('en-US')} texts
        </Typography>
        <LinearProgress
          variant="determinate"
          value={share}
          color={overview.sentThisMonth >= overview.monthlyCap ? 'error' : 'primary'}
          aria-labelledby="texting-month"
        />
        {overview.sentThisMonth >= overview.monthlyCap ? (
          <Alert severity="warning">The cap is reached: no texts until next month; e-mails still go out.</Alert>
        ) : null}
      </Box>
      <CapForm key={overview.monthlyCap} overview={overview} />
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography component="h2" variant="h6">
          Latest texts
        </Typography>
        {overview.recent.length === 0 ? (
          <Typography color="text.secondary">No texts yet. Members choose theirs in Account Settings.</Typography>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Latest texts">
              <TableHead>
                <TableRow>
                  <TableCell>Kind</TableCell>
                  <TableCell>To</TableCell>
                  <TableCell>Queued</TableCell>
                  <TableCell>Outcome</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {overview.recent.map((text) => (
                  <TableRow key={text.id}>
                    <TableCell>{KINDS[text.kind] ?? text.kind}</TableCell>
                    <TableCell>{text.to ?? '—'}</TableCell>
                    <TableCell>{when(text.createdAt)}</TableCell>
                    <TableCell>{outcome(text)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
    </Box>
  );
}
