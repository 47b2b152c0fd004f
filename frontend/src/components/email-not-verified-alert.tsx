import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useResendVerification } from '@/lib/email-verification';
import { t } from './i18n';

/** "Resend verification email": sends a new link, busy while the request runs. */
export function ResendVerificationButton() {
  const { resend, sending } = useResendVerification();
  return (
    <Button
      color="inherit"
      size="small"
      variant="outlined"
      onClick={() => void resend()}
      disabled={sending}
      aria-busy={sending || undefined}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {sending ? t('ui.verify.sending') : t('ui.verify.resend')}
    </Button>
  );
}

type Props = {
  /** What to tell the member: the app-wide text, or the server's message of a 403 `email-not-verified`. */
  children: ReactNode;
  title?: string;
  /** 'status' for the persistent banner, 'alert' (default) when an action was just refused. */
  role?: 'alert' | 'status';
  sx?: SxProps<Theme>;
};

/** The e-mail is not verified yet: the message and the resend action (the banner and every refusal use it). */
export function EmailNotVerifiedAlert({ children, title, role = 'alert', sx }: Props) {
  return (
    <Alert
      severity="warning"
      role={role}
      icon={<MarkEmailUnreadOutlined />}
      action={<ResendVerificationButton />}
      sx={[
        {
          alignItems: 'center',
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          // Long e-mail addresses wrap instead of widening the page on phones.
          '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' },
          '& .MuiAlert-action': { pl: { xs: 0, sm: 2 }, ml: { xs: 0, sm: 'auto' } },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <AlertTitle>{title ?? t('ui.verify.title')}</AlertTitle>
      {children}
    </Alert>
  );
}
