import Box from '@mui/material/Box';
import { EmailNotVerifiedAlert } from '@/components/email-not-verified-alert';
import { t } from './i18n';

/** Below the header for a signed-in member whose e-mail is not verified yet (loaded only then). */
export default function VerificationBanner({ email }: { email: string }) {
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2, maxWidth: 'lg', width: '100%', mx: 'auto' }} data-testid="verification-banner">
      <EmailNotVerifiedAlert role="status" title={t('layout.verify.title')}>
        {t.rich('layout.verify.body', { email, b: (chunks) => <strong>{chunks}</strong> })}
      </EmailNotVerifiedAlert>
    </Box>
  );
}
