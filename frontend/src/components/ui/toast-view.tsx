import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { t } from '../i18n';
import { TOAST_DURATION, type ToastState } from './toast-state';

const severity = {
  default: 'success',
  success: 'success',
  destructive: 'error',
  info: 'info',
  warning: 'warning',
} as const;

export default function ToastView({
  toast,
  open,
  onClose,
  onExited,
}: {
  toast: ToastState;
  open: boolean;
  onClose: () => void;
  /** After the close transition: the provider shows the next queued toast. */
  onExited: () => void;
}) {
  // People who ask for reduced motion get the toast at once, without the grow-and-fade.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <Snackbar
      key={toast.id}
      open={open}
      transitionDuration={reducedMotion ? 0 : undefined}
      slotProps={{ transition: { onExited } }}
      autoHideDuration={toast.duration ?? TOAST_DURATION}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{ maxWidth: { md: 420 }, width: { md: '100%' } }}
    >
      <Alert
        onClose={onClose}
        closeText={t('ui.close')}
        severity={severity[toast.variant ?? 'default']}
        variant="filled"
        role={toast.variant === 'destructive' ? 'alert' : 'status'}
        sx={{ width: '100%' }}
      >
        <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
