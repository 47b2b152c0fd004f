import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type FormEventHandler, type ReactNode } from 'react';

type CatalogueDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Editing an existing item ('Save Changes') or creating one ('Create'). */
  editing: boolean;
  /** While saving: the dialog stays open and the buttons are disabled. */
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Extra layout of the fields (e.g. two columns). */
  contentSx?: SxProps<Theme>;
  children: ReactNode;
};

/** The create/edit form dialog of an admin catalogue item. */
export function CatalogueDialog({ open, onClose, title, editing, busy, onSubmit, contentSx, children }: CatalogueDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={[{ display: 'grid', gap: 2.5, pt: '8px !important' }, ...(Array.isArray(contentSx) ? contentSx : [contentSx])]}>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : editing ? 'Save Changes' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
