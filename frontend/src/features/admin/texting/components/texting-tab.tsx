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
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { formatDate, formatTime } from '@/lib/format';
import type { TextingOverview, TextRecord } from '@/types/api';
import { useSetTextingCap, useTextingOverview } from '../api/texting';
import { capSchema, type CapValues } from '../schemas';

export const CAP_HELP = 'When the cap is reached, texting stops until next month and e-mail goes on. 0 turns texting off.';

const PROVIDERS: Record<string, { name: string; note?: string }> = {
  twilio: { name: 'Twilio' },
  folder: { name: 'Development folder', note: 'each text is written to a file on the server; none is sent' },
};
/** A column phones leave out. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
const KINDS: Record<string, string> = { confirmations: 'Confirmation', reminders: 'Reminder', receipts: 'Receipt', code: 'Code' };

/** "2026-12" as "December 2026". */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 15)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A date and time in the temple's zone, the time on its own line on a phone. */
function When({ at }: { at: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: { sm: 'nowrap' } }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(at)}
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatTime(at)}
      </Box>
    </Box>
  );
}

/** When a text went, or why it has not (yet). */
function Sent({ text }: { text: TextRecord }) {
  if (text.sentAt) return <When at={text.sentAt} />;
  if (text.lastError) {
    return (
      <Typography component="span" variant="body2" color="error">
        Not sent: {text.lastError}
      </Typography>
    );
  }
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      Waiting
    </Typography>
  );
}

function CapForm({ overview }: { overview: TextingOverview }) {
  const { toast } = useToast();
  const setCap = useSetTextingCap();
  const formik = useFormikValidatedOnSubmit<CapValues>({
    initialValues: { monthlyCap: String(overview.monthlyCap) },
    validationSchema: capSchema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await setCap(Number(values.monthlyCap.trim()));
        toast({
          title: 'Monthly cap saved',
          description: saved.monthlyCap === 0 ? 'Texting is off.' : `${saved.monthlyCap.toLocaleString('en-US')} texts a month.`,
        });
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        toast({ title: 'Cap not saved', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' });
      }
    },
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={formik.handleSubmit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', maxWidth: 640 }}
    >
      <TextField
        {...textFieldProps(formik, 'monthlyCap', CAP_HELP)}
        label="Monthly cap (texts)"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ flex: '1 1 260px' }}
      />
      <Button type="submit" variant="contained" disabled={formik.isSubmitting} sx={{ mt: 1 }}>
        {formik.isSubmitting ? 'Saving...' : 'Save cap'}
      </Button>
    </Box>
  );
}

/** Admin → Texting (`manage_texting`): who carries the texts, this month's count against the cap, the cap, the latest texts (ADR 0148). */
export function TextingTab() {
  const { overview, error, isLoading, retry } = useTextingOverview();
  if (error) return <RetryAlert onRetry={retry}>Texting could not be loaded.</RetryAlert>;
  if (isLoading || !overview) {
    return (
      <LoadingRegion label="Loading texting" sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="rounded" height={56} sx={{ maxWidth: 520 }} />
        <Skeleton variant="rounded" height={160} />
      </LoadingRegion>
    );
  }
  const { sentThisMonth: sent, monthlyCap: cap } = overview;
  const full = sent >= cap;
  const share = cap > 0 ? Math.min(100, (sent / cap) * 100) : 100;
  const provider = overview.provider ? (PROVIDERS[overview.provider] ?? { name: overview.provider }) : null;
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      {provider ? (
        <Typography>
          Provider: <strong>{provider.name}</strong>
          {provider.note ? (
            <Typography component="span" color="text.secondary">
              {` (${provider.note})`}
            </Typography>
          ) : null}
        </Typography>
      ) : (
        <Alert severity="warning">
          Texting is off. {overview.offReason ?? 'No text provider is configured: members are e-mailed only.'}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1, maxWidth: 640 }}>
        <Typography id="texting-month">
          This month ({monthLabel(overview.month)}): {sent.toLocaleString('en-US')} of {cap.toLocaleString('en-US')} texts
        </Typography>
        <LinearProgress
          variant="determinate"
          value={share}
          color={full ? 'error' : 'primary'}
          aria-labelledby="texting-month"
          sx={{ height: 8, borderRadius: 4 }}
        />
        {cap === 0 ? (
          <Alert severity="info">The cap is 0: no texts are sent; e-mails still go out.</Alert>
        ) : full ? (
          <Alert severity="warning">The cap is reached: no texts until next month; e-mails still go out.</Alert>
        ) : null}
      </Box>
      <CapForm key={cap} overview={overview} />
      <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <Typography component="h2" variant="h6">
          Latest texts
        </Typography>
        {overview.recent.length === 0 ? (
          <Typography color="text.secondary">No texts yet. Members choose what they are texted about in Account Settings.</Typography>
        ) : (
          <TableContainer component={Paper} variant="outlined" role="region" aria-label="Latest texts, scrollable" tabIndex={0}>
            <Table size="small" aria-label="Latest texts" sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Kind</TableCell>
                  <TableCell sx={wide}>To</TableCell>
                  <TableCell>Queued</TableCell>
                  <TableCell>Sent</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {overview.recent.map((text) => (
                  <TableRow key={text.id}>
                    <TableCell>
                      {KINDS[text.kind] ?? text.kind}
                      {/* Phones have no To column. */}
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                        {text.to ? `to ${text.to}` : null}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{text.to ?? '—'}</TableCell>
                    <TableCell>
                      <When at={text.createdAt} />
                    </TableCell>
                    <TableCell>
                      <Sent text={text} />
                    </TableCell>
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
