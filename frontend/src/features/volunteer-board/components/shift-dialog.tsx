import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { BoardRole, BoardShift } from '@/types/volunteer-shifts';
import { usePlanActions } from '../api/volunteer-board';
import { endsNextDay, shiftLabel } from '../lib/shift-time';
import { shiftSchema, shiftValues, toShiftBody, type ShiftValues } from '../schemas';
import { FormDialog, refusal } from './form-dialog';

const FIELDS = ['date', 'start', 'end', 'needed'] as const;
/** The server's names for the shift's fields. */
const RENAME = { startsAt: 'start', endsAt: 'end' } as const;

type Props = {
  eventId: string;
  role: BoardRole;
  /** The shift to edit, or null for a new one. */
  shift: BoardShift | null;
  /** A new shift's day ("YYYY-MM-DD", the temple's). */
  day: string;
  /** The event's start: a shift starts within a week before and two weeks after it. */
  eventDate: string;
  onClose: () => void;
};

/** Adds a shift to a role or edits one: its day, start and end (temple time) and how many people it needs. */
export function ShiftDialog({ eventId, role, shift, day, eventDate, onClose }: Props) {
  const { saveShift } = usePlanActions(eventId);
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<ShiftValues>({
    initialValues: shiftValues(shift, day),
    validationSchema: shiftSchema(eventDate),
    onSubmit: async (values, helpers) => {
      setProblem(null);
      const body = toShiftBody(values);
      try {
        await saveShift(role.id, shift?.id ?? null, body);
        toast({ title: shift ? 'Shift saved' : 'Shift added', description: `${role.name} · ${shiftLabel(body)}` });
        onClose();
      } catch (err) {
        const { fieldErrors, problem: message } = refusal(err, 'The shift could not be saved. Please try again.', FIELDS, RENAME);
        helpers.setErrors(fieldErrors);
        setProblem(message);
      }
    },
  });
  const v = formik.values;
  const shrink = { inputLabel: { shrink: true } };
  const endField = textFieldProps(formik, 'end', endsNextDay(v.start, v.end) ? 'Ends the next day' : undefined);
  return (
    <FormDialog
      open
      onClose={onClose}
      title={shift ? `Edit shift: ${role.name}` : `Add a shift: ${role.name}`}
      submitLabel={shift ? 'Save' : 'Add shift'}
      busy={formik.isSubmitting}
      onSubmit={formik.handleSubmit}
      problem={problem}
    >
      <TextField {...textFieldProps(formik, 'date', 'Temple time (Pacific)')} label="Date" type="date" required fullWidth autoFocus slotProps={shrink} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...textFieldProps(formik, 'start')} label="Starts" type="time" required slotProps={shrink} />
        <TextField {...endField} label="Ends" type="time" required slotProps={shrink} />
      </Box>
      <TextField
        {...textFieldProps(formik, 'needed', 'How many people the shift needs')}
        label="Volunteers needed"
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
    </FormDialog>
  );
}
