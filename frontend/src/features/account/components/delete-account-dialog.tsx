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
import { t } from '../i18n';
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
        signOut({ notifyServer: false, toast: { title: t('account.delete.done'), description: t('account.delete.doneDescription') } });
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        toast({ title: t('account.delete.notDeleted'), description: errorMessage(err, t('account.somethingWrong')), variant: 'destructive' });
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
        <DialogTitle id={titleId}>{t('account.delete.dialogTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{t('account.delete.dialogText')}</DialogContentText>
          <TextField
            {...textFieldProps(formik, 'currentPassword')}
            id="deleteCurrentPassword"
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            required
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={formik.isSubmitting}>
            {t('account.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? t('account.delete.deleting') : t('account.delete.title')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
