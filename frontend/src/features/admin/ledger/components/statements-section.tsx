import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DownloadButton, useDownload } from '@/components/ui/download-button';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { downloadStatementsPdf, sendStatements, useStatementProgress } from '../api/admin-payments';

/** The years an admin may send statements for: this one and the three before. */
function recentYears(now = new Date()): number[] {
  const year = now.getFullYear();
  return [year, year - 1, year - 2, year - 3];
}

/**
 * Year-end statements: 'Send statements for YEAR' e-mails every donor with completed gifts that
 * year one statement (never twice), in the background; the progress shows sent, failed and
 * remaining, refreshed while statements remain. 'Download all as PDF' saves every donor's
 * statement of the year in one PDF, to print and mail.
 */
export function StatementsSection() {
  const { toast } = useToast();
  const years = recentYears();
  // January's statements are for the year that just ended.
  const [year, setYear] = useState(new Date().getMonth() === 0 ? years[1] : years[0]);
  const { progress, error, mutate } = useStatementProgress(year);
  const [sending, setSending] = useState(false);
  const pdf = useDownload(() => downloadStatementsPdf(year));

  async function send() {
    setSending(true);
    try {
      const started = await sendStatements(year);
      await mutate(started, { revalidate: false });
      toast({ title: `Sending statements for ${year}`, description: `${started.total} donors` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The statements could not be sent'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  const done = progress ? progress.sent + progress.failed : 0;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="statements-title">
      <Typography id="statements-title" component="h3" variant="h6" sx={{ mb: 1 }}>
        Year-end statements
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Each donor with completed gifts in the year gets one e-mail with every gift, the total and the acknowledgement. Sending
        again only adds donors who gave since; nobody gets two.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Year"
          value={year}
          onChange={(e) => {
            setYear(Number(e.target.value));
            pdf.reset();
          }}
          sx={{ minWidth: 120 }}
        >
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" startIcon={<Send />} onClick={() => void send()} disabled={sending}>
          {`Send statements for ${year}`}
        </Button>
        <DownloadButton state={pdf} variant="outlined" icon={<PictureAsPdf />} aria-describedby="statements-pdf-help">
          Download all as PDF
        </DownloadButton>
      </Box>
      <Typography id="statements-pdf-help" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        One PDF with every donor's statement, to print and mail to donors without an e-mail address.
      </Typography>
      {pdf.failed ? (
        <Box sx={{ mt: 2 }}>
          <RetryAlert onRetry={pdf.start}>{`The statements PDF for ${year} could not be downloaded. Please try again.`}</RetryAlert>
        </Box>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          The progress could not be loaded.
        </Alert>
      ) : progress && progress.total > 0 ? (
        <Box sx={{ mt: 2 }} aria-live="polite">
          <LinearProgress
            variant="determinate"
            value={(done / progress.total) * 100}
            aria-label={`Statements for ${year}`}
            sx={{ mb: 1 }}
          />
          <Typography variant="body2" data-testid="statement-progress">
            {`${progress.total} donors · ${progress.sent} sent · ${progress.failed} failed · ${progress.remaining} remaining`}
          </Typography>
        </Box>
      ) : progress ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {`No statements sent for ${year} yet.`}
        </Typography>
      ) : null}
    </Paper>
  );
}
