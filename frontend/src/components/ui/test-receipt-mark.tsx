import Alert from '@mui/material/Alert';
import { t } from '../i18n';

/**
 * The mark on a receipt or statement of a test gift or a sandbox site (staging, development): no
 * money moved, so nothing may look like a tax receipt, on screen or printed (the server's
 * `TEST_RECEIPT` in crates/domain/src/donor.rs).
 */
export function TestReceiptMark({ what }: { what: 'gift' | 'statement' }) {
  return (
    <Alert severity="error" variant="outlined" icon={false} sx={{ mb: 2, fontSize: '1rem', '@media print': { color: '#000', borderColor: '#000' } }}>
      <strong>{t('ui.testMark.title')}</strong>{' '}
      {what === 'gift' ? t('ui.testMark.gift') : t('ui.testMark.statement')}
    </Alert>
  );
}
