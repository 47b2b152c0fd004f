import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { DownloadButton, useDownload } from './download-button';
import { t } from '../i18n';
import { RetryAlert } from './retry-alert';

const nothing = () => Promise.resolve();

/**
 * The buttons above a printable sheet (a statement, a receipt), hidden when printing: `actions`,
 * then 'Download PDF' (with `downloadPdf`: the temple's PDF letter of it, and a Retry when it
 * failed, saying `failed`), then Print (the browser's print).
 */
export function PrintActions({ downloadPdf, failed, actions }: { downloadPdf?: () => Promise<unknown>; failed: string; actions?: ReactNode }) {
  const pdf = useDownload(downloadPdf ?? nothing);
  return (
    <>
      <Box className="no-print" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mb: 2 }}>
        {actions}
        {downloadPdf ? (
          <DownloadButton state={pdf} variant="outlined" icon={<PictureAsPdf />}>
            {t('ui.downloadPdf')}
          </DownloadButton>
        ) : null}
        <Button variant="contained" startIcon={<Print />} onClick={() => window.print()}>
          {t('ui.print')}
        </Button>
      </Box>
      {pdf.failed ? (
        <Box className="no-print" sx={{ mb: 2 }}>
          <RetryAlert onRetry={pdf.start}>{failed}</RetryAlert>
        </Box>
      ) : null}
    </>
  );
}
