import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { DoorEntry } from '@/types/door';
import { postWalkIn } from '../api/walk-ins';
import { doorErrorMessage, MAX_PEOPLE, MIN_PEOPLE } from '../lib/door';
import { toWalkInBody, walkInSchema, walkInValues, type WalkInValues } from '../schemas';

const FIELDS: readonly (keyof WalkInValues)[] = ['firstName', 'lastName', 'phoneNumber', 'email', 'people'];

type Props = {
  eventId: string;
  /** What the desk had searched for, to start from (a name, or a phone number). */
  prefill: Partial<WalkInValues>;
  onClose: () => void;
  /** The walk-in as added (checked in now). */
  onAdded: (entry: DoorEntry) => void;
};

/**
 * Adds a walk-in (someone who came without registering), checked in at once: names, an optional
 * phone and e-mail (which join them to a member's account when they match one) and the party's
 * size. The server's refusal (the event is full, the member is registered already) stays in the
 * dialog. Shown while mounted.
 */
export function WalkInDialog({ eventId, prefill, onClose, onAdded }: Props) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [problem, setProblem] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<WalkInValues>({
    initialValues: walkInValues(prefill),
    validationSchema: walkInSchema,
    onSubmit: async (values, helpers) => {
      setProblem(null);
      try {
        const entry = await postWalkIn(eventId, toWalkInBody(values));
        onAdded(entry);
      } catch (err) {
        const fieldErrors: Partial<Record<keyof WalkInValues, string>> = {};
        if (err instanceof ApiError && err.status === 400) {
          for (const [name, message] of Object.entries(err.fieldErrors)) {
            if ((FIELDS as readonly string[]).includes(name) && typeof message === 'string') fieldErrors[name as keyof WalkInValues] = message;
          }
        }
        helpers.setErrors(fieldErrors);
        setProblem(Object.keys(fieldErrors).length > 0 ? null : doorErrorMessage(err, 'The walk-in could not be added. Please try again.'));
      }
    },
  });
  const busy = formik.isSubmitting;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone} disableRestoreFocus>
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={titleId}>Add walk-in</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField {...textFieldProps(formik, 'firstName')} label="First name" required fullWidth autoFocus autoComplete="off" />
            <TextField {...textFieldProps(formik, 'lastName')} label="Last name" required fullWidth autoComplete="off" />
          </Box>
          <TextField
            {...textFieldProps(formik, 'phoneNumber', 'Optional: joins them to a member with this phone')}
            label="Phone"
            type="tel"
            fullWidth
            autoComplete="off"
          />
          <TextField
            {...textFieldProps(formik, 'email', 'Optional: joins them to a member with this e-mail')}
            label="E-mail"
            type="email"
            fullWidth
            autoComplete="off"
          />
          <TextField
            {...textFieldProps(formik, 'people', `Everyone in the party, ${MIN_PEOPLE} to ${MAX_PEOPLE}`)}
            label="People"
            type="number"
            required
            slotProps={{ htmlInput: { min: MIN_PEOPLE, max: MAX_PEOPLE, step: 1, inputMode: 'numeric' } }}
            sx={{ maxWidth: 200 }}
          />
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 44 }}>
            {busy ? 'Adding…' : 'Add and check in'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
