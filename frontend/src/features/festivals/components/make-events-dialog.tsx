import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { formatLongDate, formatTime } from '@/lib/format';
import { useSite } from '@/lib/site';
import type { FestivalDay, FestivalEventsMade, FestivalRule } from '@/types/api';
import { useFestivalPreview } from '../api/get-festival-preview';
import { useMakeFestivalEvents } from '../api/make-festival-events';
import { longDay } from '../lib/labels';
import { makeEventsSchema, MOST_YEARS, previewYears, toMakeEventsBody, type MakeEventsValues } from '../schemas';

/** "1 event", "3 events". */
function events(n: number): string {
  return `${n} ${n === 1 ? 'event' : 'events'}`;
}

/** The dates to be made: neither made already nor passed. */
function newDays(days: readonly FestivalDay[]): FestivalDay[] {
  return days.filter((d) => d.eventId === null && !d.past);
}

/** One date of the preview with what becomes of it: made already (a link), passed, or a new event. */
function DayRow({ day }: { day: FestivalDay }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        '& > :last-child': { flexShrink: 0 },
      }}
    >
      <Typography variant="body2" sx={{ minWidth: 0, color: day.past ? 'text.secondary' : 'text.primary' }}>
        {longDay(day.date)}
      </Typography>
      {day.eventId !== null ? (
        <Link component={RouterLink} to={paths.eventDetail.getHref(day.eventId)} variant="body2">
          Already an event
        </Link>
      ) : day.past ? (
        <Chip size="small" label="Passed" variant="outlined" />
      ) : (
        <Chip size="small" label="New event" color="primary" variant="outlined" />
      )}
    </Box>
  );
}

/** The preview's dates, or what stands in for them. */
function DatesList({ festivalId, range }: { festivalId: string; range: { fromYear: number; years: number } | null }) {
  const { preview, error, isLoading, isUpdating, refresh } = useFestivalPreview(festivalId, range);
  if (range === null) {
    return <Typography color="text.secondary">Choose the years to see the dates.</Typography>;
  }
  if (error && !preview) {
    return <RetryAlert onRetry={refresh}>Failed to load the dates. Please try again.</RetryAlert>;
  }
  if (isLoading && !preview) {
    return (
      <LoadingRegion label="Loading the dates" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={28} />
        ))}
      </LoadingRegion>
    );
  }
  const days = preview?.days ?? [];
  if (days.length === 0) {
    return <Typography color="text.secondary">The festival falls on no day in these years.</Typography>;
  }
  const made = days.filter((d) => d.eventId !== null).length;
  const passed = days.filter((d) => d.eventId === null && d.past).length;
  const fresh = newDays(days).length;
  const summary = [`${events(fresh)} to make`, made ? `${made} already made` : null, passed ? `${passed} passed` : null].filter(Boolean).join(', ');
  return (
    <Box aria-busy={isUpdating || undefined}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {summary}.
      </Typography>
      <Box sx={{ height: 4, mb: 0.5 }}>{isUpdating ? <LinearProgress aria-label="Loading the dates" /> : null}</Box>
      <Box component="ul" aria-label="Dates at the temple" sx={{ listStyle: 'none', m: 0, p: 0, opacity: isUpdating ? 0.6 : 1 }}>
        {days.map((day) => (
          <DayRow key={day.date} day={day} />
        ))}
      </Box>
    </Box>
  );
}

/** What making the events did: the events made (links), and the dates left out. */
function MadeSummary({ made }: { made: FestivalEventsMade }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={made.created.length > 0 ? 'success' : 'info'}>
        {made.created.length > 0 ? `Made ${events(made.created.length)}.` : 'No events were made: every date has its event or has passed.'}
      </Alert>
      {made.created.length > 0 ? (
        <Box component="ul" aria-label="Events made" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {made.created.map((e) => (
            <li key={e.id}>
              <Link component={RouterLink} to={paths.eventDetail.getHref(e.id)}>
                {e.name}
              </Link>
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · {formatLongDate(e.eventDate)}, {formatTime(e.eventDate)}
              </Typography>
            </li>
          ))}
        </Box>
      ) : null}
      {made.existing.length > 0 ? (
        <Box>
          <Typography variant="subtitle2">Already had their events</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {made.existing.map((d) => (
              <li key={d.date}>
                {d.eventId ? (
                  <Link component={RouterLink} to={paths.eventDetail.getHref(d.eventId)}>
                    {longDay(d.date)}
                  </Link>
                ) : (
                  longDay(d.date)
                )}
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      {made.past.length > 0 ? (
        <Box>
          <Typography variant="subtitle2">Passed, so left out</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {made.past.map((date) => (
              <li key={date}>{longDay(date)}</li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

type Props = { rule: FestivalRule; onClose: () => void; thisYear?: number };

/**
 * "Make events…": the years (this one by default, 1 to 10 of them), the events' time, place,
 * description (the rule's) and capacity; the festival's dates in those years as the server
 * works them out, marking those made already and those passed; then one event per new date.
 */
export function MakeEventsDialog({ rule, onClose, thisYear = new Date().getFullYear() }: Props) {
  const titleId = useId();
  const { toast } = useToast();
  const { settings } = useSite();
  const makeEvents = useMakeFestivalEvents();
  const [made, setMade] = useState<FestivalEventsMade | null>(null);
  const schema = useMemo(() => makeEventsSchema(thisYear), [thisYear]);
  const formik = useFormikValidatedOnSubmit<MakeEventsValues>({
    initialValues: {
      fromYear: String(thisYear),
      years: '1',
      time: '',
      location: settings?.templeName ?? '',
      description: rule.description ?? '',
      capacity: '',
    },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      try {
        const result = await makeEvents(rule.id, toMakeEventsBody(values));
        setMade(result);
        toast({ title: result.created.length > 0 ? `Made ${events(result.created.length)}` : 'No events made', description: rule.name });
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<MakeEventsValues>);
        toast({ title: 'Error', description: errorMessage(err, 'Failed to make the events'), variant: 'destructive' });
      }
    },
  });
  const range = previewYears(formik.values, thisYear);
  const { preview } = useFestivalPreview(rule.id, range);
  const toMake = preview ? newDays(preview.days).length : 0;
  const busy = formik.isSubmitting;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={titleId}>Make events: {rule.name}</DialogTitle>
        {made ? (
          <>
            <DialogContent>
              <MadeSummary made={made} />
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2.5 }}>
              <Button variant="contained" onClick={onClose}>
                Done
              </Button>
            </DialogActions>
          </>
        ) : (
          <>
            <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
              <Typography variant="body2" color="text.secondary">
                {rule.rule}. One event is made on each of the festival&apos;s days at the temple, named &ldquo;{rule.name}&rdquo;.
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
                <TextField
                  {...textFieldProps(formik, 'fromYear')}
                  onChange={(e) => void formik.setFieldValue('fromYear', e.target.value)}
                  label="First year"
                  type="number"
                  required
                  slotProps={{ htmlInput: { min: thisYear, max: 2100, inputMode: 'numeric' } }}
                />
                <TextField {...textFieldProps(formik, 'years')} select label="Years" required>
                  {Array.from({ length: MOST_YEARS }, (_, i) => (
                    <MenuItem key={i} value={String(i + 1)}>
                      {i + 1}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  {...textFieldProps(formik, 'time', "The temple's time")}
                  label="Time"
                  type="time"
                  required
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  {...textFieldProps(formik, 'capacity', 'Optional: people')}
                  onChange={(e) => void formik.setFieldValue('capacity', e.target.value)}
                  label="Capacity"
                  type="number"
                  slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
                />
              </Box>
              <TextField {...textFieldProps(formik, 'location')} label="Place" required fullWidth />
              <TextField {...textFieldProps(formik, 'description')} label="Description" required multiline minRows={3} fullWidth />
              <Box component="section" aria-labelledby={`${titleId}-dates`}>
                <Typography id={`${titleId}-dates`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                  Dates at the temple
                </Typography>
                <DatesList festivalId={rule.id} range={range} />
              </Box>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2.5 }}>
              <Button onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={busy || toMake === 0}>
                {busy ? 'Making...' : toMake === 0 ? 'Nothing to make' : `Make ${events(toMake)}`}
              </Button>
            </DialogActions>
          </>
        )}
      </form>
    </Dialog>
  );
}
