import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { t } from '../i18n';

/**
 * Marks the sandbox provider unmistakably: nothing is charged, no card data is sent (a card saved
 * for later gifts sends only its last four digits and expiry, to show which card it is).
 */
export function TestModeBanner({ saving = false }: { saving?: boolean }) {
  return (
    <Alert severity="warning" icon={<ScienceOutlined />} sx={{ mb: 2 }} data-testid="test-mode-banner">
      <AlertTitle>{t('payments.testMode.title')}</AlertTitle>
      {saving ? t('payments.testMode.saving') : t('payments.testMode.paying')}
    </Alert>
  );
}
