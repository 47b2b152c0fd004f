import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The submit button's label ('Add role', 'Save', 'Send'). */
  submitLabel: string;
  /** The submit button's label while it runs; default 'Saving…'. */
  busyLabel?: string;
  /** While saving: the dialog stays open and its buttons are disabled. */
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's refusal that belongs to no field (a 409, or a 400 without field errors). */
  problem: string | null;
  children: ReactNode;
};

/** A form in a dialog: its fields, the server's refusal above the buttons, Cancel and submit. */
export function FormDialog({ open, onClose, title, submitLabel, busyLabel = 'Saving…', busy, onSubmit, problem, children }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {children}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * What a refused save shows: the server's messages for the form's own fields (its field names
 * mapped by `fields`, default the same names), and its message when none of them applies.
 */
export function refusal<F extends string>(
  err: unknown,
  fallback: string,
  fields: readonly F[],
  rename: Partial<Record<string, F>> = {},
): { fieldErrors: Partial<Record<F, string>>; problem: string | null } {
  const fieldErrors: Partial<Record<F, string>> = {};
  if (err instanceof ApiError) {
    for (const [name, message] of Object.entries(err.fieldErrors)) {
      const field = rename[name] ?? (fields.includes(name as F) ? (name as F) : undefined);
      if (field && typeof message === 'string') fieldErrors[field] = message;
    }
  }
  return { fieldErrors, problem: Object.keys(fieldErrors).length > 0 ? null : errorMessage(err, fallback) };
}
