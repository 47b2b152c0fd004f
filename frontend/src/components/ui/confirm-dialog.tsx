import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { t } from '../i18n';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The label of the button that closes without acting; default 'Cancel'. */
  cancelLabel?: string;
  /** Label while the action runs, e.g. 'Deleting...'. */
  busyLabel?: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra buttons before Cancel (e.g. a force delete). */
  extraActions?: ReactNode;
};

/** A small accessible confirmation dialog (focus trapped and returned, Escape closes). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busyLabel,
  busy = false,
  destructive = false,
  onConfirm,
  onClose,
  extraActions,
}: Props) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      role="alertdialog"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent id={bodyId}>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {extraActions}
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel ?? t('ui.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={busy}
        >
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
