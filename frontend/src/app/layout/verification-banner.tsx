import Box from '@mui/material/Box';
import { EmailNotVerifiedAlert } from '@/components/email-not-verified-alert';

/** Below the header for a signed-in member whose e-mail is not verified yet (loaded only then). */
export default function VerificationBanner({ email }: { email: string }) {
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2, maxWidth: 'lg', width: '100%', mx: 'auto' }} data-testid="verification-banner">
      <EmailNotVerifiedAlert role="status" title="Your email is not verified yet">
        We sent a verification link to <strong>{email}</strong>. Registering for events, volunteering and event
        donations need a verified email.
      </EmailNotVerifiedAlert>
    </Box>
  );
}
