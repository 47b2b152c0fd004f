import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { BoardRole } from '@/types/volunteer-shifts';
import { usePlanActions } from '../api/volunteer-board';
import { roleSchema, roleValues, toRoleBody, type RoleValues } from '../schemas';
import { FormDialog, refusal } from './form-dialog';

const FIELDS = ['name', 'description', 'minAge', 'reportTo'] as const;

/** Adds a role to the event's plan (`role` null) or edits one: its name, description, minimum age and where to report. */
export function RoleDialog({ eventId, role, onClose }: { eventId: string; role: BoardRole | null; onClose: () => void }) {
  const { saveRole } = usePlanActions(eventId);
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<RoleValues>({
    initialValues: roleValues(role),
    validationSchema: roleSchema,
    onSubmit: async (values, helpers) => {
      setProblem(null);
      const body = toRoleBody(values);
      try {
        await saveRole(role?.id ?? null, body);
        toast({ title: role ? 'Role saved' : 'Role added', description: body.name });
        onClose();
      } catch (err) {
        const { fieldErrors, problem: message } = refusal(err, 'The role could not be saved. Please try again.', FIELDS);
        helpers.setErrors(fieldErrors);
        setProblem(message);
      }
    },
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={role ? `Edit ${role.name}` : 'Add a role'}
      submitLabel={role ? 'Save' : 'Add role'}
      busy={formik.isSubmitting}
      onSubmit={formik.handleSubmit}
      problem={problem}
    >
      <TextField {...textFieldProps(formik, 'name', 'Parking, Kitchen, Shoe counter…')} label="Name" required fullWidth autoFocus />
      <TextField {...textFieldProps(formik, 'description', 'What the volunteers do')} label="Description" multiline minRows={2} fullWidth />
      <TextField
        {...textFieldProps(formik, 'minAge', 'Blank: any age')}
        label="Minimum age"
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
      <TextField {...textFieldProps(formik, 'reportTo', 'A place or a person, e.g. "The kitchen door, ask for Sunita"')} label="Where to report" fullWidth />
    </FormDialog>
  );
}
