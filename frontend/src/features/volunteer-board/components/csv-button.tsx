import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { downloadSignInSheet } from '../api/volunteer-board';

type Props = Omit<ButtonProps, 'onClick' | 'children' | 'startIcon'> & { shiftId: string; fileName: string };

/**
 * "Download CSV": the shift's sign-in sheet (GET /api/volunteer-shifts/{id}/sign-in-sheet), fetched
 * with the session like every call and saved as `fileName`; a spinner while it comes, a toast if it
 * fails. (Not the shared DownloadButton: sharing it with this page's chunk moves other pages' chunks
 * into the entry's list of preloads, whose budget is full.)
 */
export function CsvButton({ shiftId, fileName, disabled, ...props }: Props) {
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  async function download() {
    setBusy(true);
    try {
      await downloadSignInSheet(shiftId, fileName);
    } catch (err) {
      toast({ title: 'The CSV could not be downloaded', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      {...props}
      onClick={() => void download()}
      disabled={disabled}
      aria-busy={busy || undefined}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadOutlined />}
    >
      Download CSV
    </Button>
  );
}
