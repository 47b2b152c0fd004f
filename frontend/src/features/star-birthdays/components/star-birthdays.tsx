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
import { format } from 'date-fns';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { currentDateLocale } from '@/i18n/runtime';
import { useAuth } from '@/lib/auth';
import type { PersonStar } from '@/types/api';
import { useDeleteStar } from '../api/delete-star';
import { useStars } from '../api/get-stars';
import { t } from '../i18n';
import { StarDialog } from './star-dialog';

/** "2026-12-01" as "Tuesday, December 1" (a calendar day at the temple), in the page's language. */
export function starDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'EEEE, MMMM d', { locale: currentDateLocale() });
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
        {self ? <Chip size="small" label={t('stars.you')} /> : person.relation ? <Chip size="small" label={person.relation} variant="outlined" /> : null}
      </Box>
      {star ? (
        <>
          <Typography>{t.rich('stars.birthStar', { star: star.nakshatraName, b: (chunks) => <strong>{chunks}</strong> })}</Typography>
          {person.nextStarDay ? (
            <Typography variant="body2" color="text.secondary">
              {t('stars.nextDay', { date: starDay(person.nextStarDay) })}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {star.remind ? (
              <>
                <NotificationsActiveOutlined fontSize="small" aria-hidden />
                {t('stars.reminder', { days: star.daysBefore })}
              </>
            ) : (
              t('stars.noReminder')
            )}
          </Typography>
        </>
      ) : (
        <Typography color="text.secondary">{t('stars.noStar')}</Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5, ml: -1 }}>
        <Button startIcon={<EditOutlined />} onClick={onEdit} aria-label={star ? t('stars.editLabel', { name: person.name }) : t('stars.addLabel', { name: person.name })}>
          {star ? t('stars.edit') : t('stars.add')}
        </Button>
        {star ? (
          <Button color="error" startIcon={<DeleteOutlined />} onClick={onRemove} aria-label={t('stars.removeLabel', { name: person.name })}>
            {t('stars.remove')}
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
      toast({ title: t('stars.removed'), description: toRemove.name });
      setToRemove(null);
    } catch (err) {
      toast({ title: t('stars.error'), description: errorMessage(err, t('stars.removeFailed')), variant: 'destructive' });
    } finally {
      setRemoving(false);
    }
  }

  let body;
  if (isLoading) {
    body = (
      <LoadingRegion label={t('stars.loading')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <Skeleton variant="rounded" height={140} />
        <Skeleton variant="rounded" height={140} />
      </LoadingRegion>
    );
  } else if (error || !people) {
    body = <RetryAlert onRetry={retry}>{t('stars.loadFailed')}</RetryAlert>;
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
            {t('stars.noFamily')}
          </Typography>
        ) : null}
        {reminding && user && !user.emailVerified ? (
          <Alert severity="info">{t('stars.unverified')}</Alert>
        ) : null}
      </>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 640 }}>
        {t('stars.intro')}
      </Typography>
      {body}
      {editing ? <StarDialog key={editing.session} person={editing.person} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={toRemove !== null}
        title={t('stars.removeTitle')}
        confirmLabel={t('stars.remove')}
        busyLabel={t('stars.removing')}
        busy={removing}
        destructive
        onConfirm={() => void confirmRemove()}
        onClose={() => setToRemove(null)}
      >
        <DialogContentText>
          {t.rich('stars.removeConfirm', { name: toRemove?.name, b: (chunks) => <strong>{chunks}</strong> })}
        </DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}
