import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { deleteAccount } from '../api/account-data';
import { deleteAccountSchema, type DeleteAccountValues } from '../schemas';

/** Asks for the password, deletes the account, then leaves for the home page signed out. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const { signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const formik = useFormikValidatedOnSubmit<DeleteAccountValues>({
    initialValues: { currentPassword: '' },
    validationSchema: deleteAccountSchema,
    onSubmit: async (values, helpers) => {
      try {
        await deleteAccount({ currentPassword: values.currentPassword });
        // Home first, then the local sign-out: signing out on this protected page would send the
        // visitor to sign-in instead.
        navigate(paths.home.getHref(), { flushSync: true });
        signOut({ notifyServer: false, toast: { title: 'Account deleted', description: 'Your account and its sessions are gone.' } });
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        toast({ title: 'Account not deleted', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' });
      }
    },
  });
  const close = () => {
    if (formik.isSubmitting) return;
    formik.resetForm();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={titleId}>Delete your account?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            This cannot be undone. Your registrations and volunteer sign-ups are removed; donations stay in the temple&apos;s records.
          </DialogContentText>
          <TextField
            {...textFieldProps(formik, 'currentPassword')}
            id="deleteCurrentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={formik.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Deleting...' : 'Delete my account'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
