import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { useFormikValidatedOnSubmit } from '@/lib/form';
import { formatDate } from '@/lib/format';
import type { Event } from '@/types/api';
import { useEventChoices, usePlanActions } from '../api/volunteer-board';
import { countLabel } from '../lib/board';
import { copySchema, type CopyValues } from '../schemas';
import { FormDialog, refusal } from './form-dialog';

/** The events before this one, the latest first: where a plan can be copied from. */
export function earlierEvents(events: readonly Event[], current: Pick<Event, 'id' | 'eventDate'>): Event[] {
  const before = new Date(current.eventDate).getTime();
  return events
    .filter((e) => e.id !== current.id && new Date(e.eventDate).getTime() < before)
    .sort((a, b) => new Date(b.eventDate).getTime() - new Date(a.eventDate).getTime());
}

/**
 * Copies an earlier event's roles and shifts into this event's empty plan: every shift moved by
 * the days between the two events, keeping its time of day.
 */
export function CopyPlanDialog({ event, onClose }: { event: Pick<Event, 'id' | 'eventDate'>; onClose: () => void }) {
  const { events, error, isLoading, refresh } = useEventChoices();
  const { copyFrom } = usePlanActions(event.id);
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const choices = earlierEvents(events ?? [], event);
  const formik = useFormikValidatedOnSubmit<CopyValues>({
    initialValues: { fromEventId: '' },
    validationSchema: copySchema,
    onSubmit: async (values, helpers) => {
      setProblem(null);
      try {
        const plan = await copyFrom(values.fromEventId);
        const shifts = plan.roles.reduce((n, r) => n + r.shifts.length, 0);
        toast({ title: 'Plan copied', description: `${countLabel(plan.roles.length, 'role')} and ${countLabel(shifts, 'shift')}` });
        onClose();
      } catch (err) {
        const { fieldErrors, problem: message } = refusal(err, 'The plan could not be copied. Please try again.', ['fromEventId'] as const);
        helpers.setErrors(fieldErrors);
        setProblem(message);
      }
    },
  });
  const fieldError = formik.submitCount > 0 ? formik.errors.fromEventId : undefined;

  let list;
  if (isLoading) {
    list = (
      <LoadingRegion label="Loading events" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={40} />
        ))}
      </LoadingRegion>
    );
  } else if (error && !events) {
    list = <RetryAlert onRetry={() => void refresh()}>The events could not be loaded.</RetryAlert>;
  } else if (choices.length === 0) {
    list = <Typography color="text.secondary">There is no earlier event to copy from.</Typography>;
  } else {
    list = (
      <FormControl component="fieldset" error={Boolean(fieldError)} required>
        <FormLabel component="legend">Copy the roles and shifts of</FormLabel>
        <Box sx={{ maxHeight: 320, overflowY: 'auto', mt: 1 }}>
          <RadioGroup name="fromEventId" value={formik.values.fromEventId} onChange={formik.handleChange}>
            {choices.map((e) => (
              <FormControlLabel
                key={e.id}
                value={e.id}
                control={<Radio />}
                label={
                  <span>
                    {e.name}{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      · {formatDate(e.eventDate)}
                    </Typography>
                  </span>
                }
                sx={{ alignItems: 'center', mr: 0, overflowWrap: 'anywhere' }}
              />
            ))}
          </RadioGroup>
        </Box>
        {fieldError ? <FormHelperText>{fieldError}</FormHelperText> : null}
      </FormControl>
    );
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Copy from an earlier event"
      submitLabel="Copy plan"
      busy={formik.isSubmitting}
      onSubmit={formik.handleSubmit}
      problem={problem}
    >
      <Typography variant="body2" color="text.secondary">
        Each shift keeps its time of day and moves by the days between the two events.
      </Typography>
      {list}
    </FormDialog>
  );
}
