import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { Role } from '@/types/api';
import { useInviteStaff } from '../api/staff-invitations';
import { rolesText } from '../lib/roles';
import { staffSchema } from '../schemas';
import { RoleCheckboxes } from './role-checkboxes';

/**
 * Invites a person by e-mail with the roles chosen: the server e-mails a link that creates the
 * account (or adds the roles to the existing one). Field errors show on the fields, any other
 * refusal (the account holds those roles already) above them.
 */
export function InviteStaffDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const { toast } = useToast();
  const invite = useInviteStaff();
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<{ email: string; roles: Role[] }>({
    initialValues: { email: '', roles: [] },
    validationSchema: staffSchema,
    onSubmit: async (values, helpers) => {
      const email = values.email.trim();
      setFailure(null);
      try {
        await invite({ email, roles: values.roles });
        toast({ title: `Invitation sent to ${email}`, description: `As ${rolesText(values.roles)}. The link works for 7 days.` });
        onClose();
      } catch (err) {
        const fields = err instanceof ApiError ? err.fieldErrors : {};
        helpers.setErrors(fields);
        if (Object.keys(fields).length === 0) setFailure(errorMessage(err, 'The invitation could not be sent. Please try again.'));
      }
    },
  });
  const busy = formik.isSubmitting;
  const rolesError = formik.submitCount > 0 && typeof formik.errors.roles === 'string' ? formik.errors.roles : undefined;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      {/* A flex column like the dialog's paper: the content scrolls between the title and the buttons. */}
      <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id={titleId}>Invite staff</DialogTitle>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">
            We e-mail a link that works for 7 days. Someone new creates an account from it; someone who already has an
            account signs in and accepts.
          </Typography>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <TextField
            {...textFieldProps(formik, 'email')}
            id="invite-email"
            label="E-mail"
            type="email"
            autoComplete="off"
            disabled={busy}
            autoFocus
            fullWidth
          />
          <RoleCheckboxes
            value={formik.values.roles}
            onChange={(roles) => void formik.setFieldValue('roles', roles)}
            disabled={busy}
            error={rolesError}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending...' : 'Send invitation'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
