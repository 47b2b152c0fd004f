import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { t } from '../i18n';

export function PageSpinner({ label }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 10 }}>
      <CircularProgress aria-label={label ?? t('ui.loading')} />
    </Box>
  );
}
