import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { t } from '../i18n';

/** The error state of something that failed to load, with a Retry button that loads it again. */
export function RetryAlert({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('ui.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
