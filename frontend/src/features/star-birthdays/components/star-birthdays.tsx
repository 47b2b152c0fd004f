import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { PersonStar } from '@/types/api';
import { useDeleteStar } from '../api/delete-star';
import { useStars } from '../api/get-stars';
import { StarDialog } from './star-dialog';

/** "2026-12-01" as "Tuesday, December 1" (a calendar day at the temple). */
export function starDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

function PersonCard({ person, onEdit, onRemove }: { person: PersonStar; onEdit: () => void; onRemove: () => void }) {
  const self = person.person === 'me';
  const star = person.star;
  const headingId = `star-${person.person}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {person.name}
        </Typography>
        {self ? <Chip size="small" label="You" /> : person.relation ? <Chip size="small" label={person.relation} variant="outlined" /> : null}
      </Box>
      {star ? (
        <>
          <Typography>
            Birth star: <strong>{star.nakshatraName}</strong>
          </Typography>
          {person.nextStarDay ? (
            <Typography variant="body2" color="text.secondary">
              Next star day: {starDay(person.nextStarDay)}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {star.remind ? (
              <>
                <NotificationsActiveOutlined fontSize="small" aria-hidden />
                E-mail reminder {star.daysBefore} {star.daysBefore === 1 ? 'day' : 'days'} before
              </>
            ) : (
              'No reminder'
            )}
          </Typography>
        </>
      ) : (
        <Typography color="text.secondary">No birth star recorded</Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5, ml: -1 }}>
        <Button startIcon={<EditOutlined />} onClick={onEdit} aria-label={star ? `Edit birth star of ${person.name}` : `Add birth star for ${person.name}`}>
          {star ? 'Edit' : 'Add birth star'}
        </Button>
        {star ? (
          <Button color="error" startIcon={<DeleteOutlined />} onClick={onRemove} aria-label={`Remove birth star of ${person.name}`}>
            Remove
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

/**
 * The profile's Star birthdays tab (/profile?tab=stars): the member and each family member with
 * their birth star and next star day, edited in a dialog, with an optional e-mail reminder before
 * each star day linking to booking an archana.
 */
export function StarBirthdays() {
  const { user } = useAuth();
  const { people, error, isLoading, retry } = useStars();
  const remove = useDeleteStar();
  const { toast } = useToast();
  const [editing, setEditing] = useState<{ person: PersonStar; session: number } | null>(null);
  const [toRemove, setToRemove] = useState<PersonStar | null>(null);
  const [removing, setRemoving] = useState(false);

  async function confirmRemove() {
    if (!toRemove) return;
    setRemoving(true);
    try {
      await remove(toRemove.person);
      toast({ title: 'Birth star removed', description: toRemove.name });
      setToRemove(null);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to remove the birth star'), variant: 'destructive' });
    } finally {
      setRemoving(false);
    }
  }

  let body;
  if (isLoading) {
    body = (
      <LoadingRegion label="Loading star birthdays" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <Skeleton variant="rounded" height={140} />
        <Skeleton variant="rounded" height={140} />
      </LoadingRegion>
    );
  } else if (error || !people) {
    body = <RetryAlert onRetry={retry}>Failed to load the birth stars. Please try again.</RetryAlert>;
  } else {
    const reminding = people.some((p) => p.star?.remind);
    body = (
      <>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {people.map((p) => (
            <PersonCard
              key={p.person}
              person={p}
              onEdit={() => setEditing({ person: p, session: Date.now() })}
              onRemove={() => setToRemove(p)}
            />
          ))}
        </Box>
        {people.length <= 1 ? (
          <Typography variant="body2" color="text.secondary">
            No family members yet: add them in the Family Members tab to record their birth stars too.
          </Typography>
        ) : null}
        {reminding && user && !user.emailVerified ? (
          <Alert severity="info">Reminders are e-mailed once your e-mail address is verified.</Alert>
        ) : null}
      </>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 640 }}>
        A star day is the day the Moon is in a person&apos;s birth star (nakshatra) at sunrise at the temple, once a month. Turn on a
        reminder to be e-mailed a few days before, with a link to book an archana that day.
      </Typography>
      {body}
      {editing ? <StarDialog key={editing.session} person={editing.person} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove Birth Star"
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removing}
        destructive
        onConfirm={() => void confirmRemove()}
        onClose={() => setToRemove(null)}
      >
        <DialogContentText>
          Forget the birth star of <strong>{toRemove?.name}</strong>? Its reminders stop.
        </DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}
