import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { Household, HouseholdInvitation } from '@/types/api';
import { useHouseholdActions, useMyHousehold } from '../api/household';
import { inviteSchema } from '../schemas';
import { t } from '../i18n';
import { HouseholdForm } from './household-form';

type Actions = ReturnType<typeof useHouseholdActions>;

/** Runs an action with a toast for its outcome; answers whether it went through. */
function useRun() {
  const { toast } = useToast();
  return async (action: () => Promise<unknown>, done: { title: string; description?: string }, failure: string) => {
    try {
      await action();
      toast(done);
      return true;
    } catch (err) {
      toast({ title: t('households.error'), description: errorMessage(err, failure), variant: 'destructive' });
      return false;
    }
  };
}

/** The invitations waiting for the member's address, each to accept or decline. */
function InvitationsToMe({ invitations, actions }: { invitations: HouseholdInvitation[]; actions: Actions }) {
  const run = useRun();
  const [busy, setBusy] = useState<string | null>(null);
  async function answer(invitation: HouseholdInvitation, accept: boolean) {
    setBusy(invitation.id);
    await run(
      () => (accept ? actions.accept(invitation.id) : actions.decline(invitation.id)),
      accept ? { title: t('households.joined'), description: invitation.householdName } : { title: t('households.declined') },
      accept ? t('households.joinFailed') : t('households.declineFailed'),
    );
    setBusy(null);
  }
  return (
    <Box component="section" aria-labelledby="household-invitations" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="household-invitations" component="h3" variant="h6">
        {t('households.invitations')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {invitations.map((i) => (
          <Paper key={i.id} component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ flex: '1 1 240px', overflowWrap: 'anywhere' }}>
              {t.rich('households.invitedYou', {
                inviter: i.invitedBy || t('households.aMember'),
                household: i.householdName,
                b: (chunks) => <strong>{chunks}</strong>,
              })}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button variant="contained" disabled={busy !== null} onClick={() => void answer(i, true)} aria-label={t('households.acceptLabel', { household: i.householdName })}>
                {t('households.accept')}
              </Button>
              <Button disabled={busy !== null} onClick={() => void answer(i, false)} aria-label={t('households.declineLabel', { household: i.householdName })}>
                {t('households.decline')}
              </Button>
            </Box>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/** Invites an address to the household. */
function InviteForm({ actions }: { actions: Actions }) {
  const { toast } = useToast();
  const formik = useFormikValidatedOnSubmit<{ email: string }>({
    initialValues: { email: '' },
    validationSchema: inviteSchema,
    onSubmit: async (values, helpers) => {
      const email = values.email.trim();
      try {
        await actions.invite(email);
        toast({ title: t('households.sent'), description: email });
        helpers.resetForm();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<{ email: string }>);
        toast({ title: t('households.error'), description: errorMessage(err, t('households.sendFailed')), variant: 'destructive' });
      }
    },
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={formik.handleSubmit}
      aria-label={t('households.inviteForm')}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        {...textFieldProps(formik, 'email', t('households.inviteHelp'))}
        label={t('households.inviteEmail')}
        type="email"
        autoComplete="off"
        sx={{ flex: '1 1 280px' }}
      />
      <Button type="submit" variant="outlined" disabled={formik.isSubmitting} sx={{ mt: 1 }}>
        {formik.isSubmitting ? t('households.sending') : t('households.send')}
      </Button>
    </Box>
  );
}

/** The member's household: its details, its people, its waiting invitations. */
function HouseholdCard({ household, actions }: { household: Household; actions: Actions }) {
  const run = useRun();
  const editTitle = useId();
  const [editing, setEditing] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [busy, setBusy] = useState(false);
  const joint = household.statement === 'joint';

  async function leave() {
    setBusy(true);
    const left = await run(actions.leave, { title: t('households.left'), description: household.name }, t('households.leaveFailed'));
    setBusy(false);
    if (left) setLeaving(false);
  }
  async function cancel(id: string, email: string) {
    setBusy(true);
    await run(() => actions.cancelInvitation(id), { title: t('households.cancelled'), description: email }, t('households.cancelFailed'));
    setBusy(false);
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
              {household.name}
            </Typography>
            <Chip size="small" variant="outlined" sx={{ mt: 0.5 }} label={joint ? t('households.joint') : t('households.separate')} />
          </Box>
          <Button onClick={() => setEditing(true)}>{t('households.edit')}</Button>
        </Box>
        <Typography variant="body2" color={household.address ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-line' }}>
          {household.address || t('households.noAddress')}
        </Typography>
        {joint ? (
          <Typography variant="body2" color="text.secondary">
            {t('households.jointAddressed', { name: household.jointName })}
          </Typography>
        ) : null}
      </Paper>

      <Box component="section" aria-labelledby="household-people" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="household-people" component="h3" variant="h6">
          {t('households.people')}
        </Typography>
        <Box component="ul" aria-label={t('households.members')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {household.members.map((m) => (
            <Paper key={m.email} component="li" variant="outlined" sx={{ p: 2 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {m.you ? t('households.you', { name: m.name || m.email }) : m.name || m.email}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {m.email}
              </Typography>
              {m.family.length > 0 ? (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {t('households.family', { names: m.family.join(', ') })}
                </Typography>
              ) : null}
            </Paper>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('households.familyNote')}
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="household-invite" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="household-invite" component="h3" variant="h6">
          {t('households.invite')}
        </Typography>
        {household.invitations.length > 0 ? (
          <Box component="ul" aria-label={t('households.waiting')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {household.invitations.map((i) => (
              <Box component="li" key={i.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>
                  {t('households.waitingFor', { email: i.email })}
                </Typography>
                <Button size="small" color="error" disabled={busy} onClick={() => void cancel(i.id, i.email)} aria-label={t('households.cancelLabel', { email: i.email })}>
                  {t('households.cancelInvitation')}
                </Button>
              </Box>
            ))}
          </Box>
        ) : null}
        <InviteForm actions={actions} />
      </Box>

      <Box>
        <Button color="error" variant="outlined" onClick={() => setLeaving(true)}>
          {t('households.leave')}
        </Button>
      </Box>

      <Dialog open={editing} onClose={() => setEditing(false)} aria-labelledby={editTitle} fullWidth maxWidth="sm">
        <DialogTitle id={editTitle}>{t('households.edit')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {editing ? (
            <HouseholdForm
              household={household}
              save={actions.update}
              onSaved={() => setEditing(false)}
              submitLabel={t('households.save')}
              actions={<Button onClick={() => setEditing(false)}>{t('households.cancel')}</Button>}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={leaving}
        title={t('households.leaveTitle')}
        confirmLabel={t('households.leave')}
        busyLabel={t('households.leaving')}
        busy={busy}
        destructive
        onConfirm={() => void leave()}
        onClose={() => setLeaving(false)}
      >
        {household.members.length > 1
          ? t('households.leaveOthers')
          : t('households.leaveOnly')}
      </ConfirmDialog>
    </Box>
  );
}

/**
 * My Profile → Household: the member's household (details, people, invitations, leaving), or the
 * invitations to their address and a form to form one.
 */
export function HouseholdSection() {
  const { overview, error, isLoading, refresh } = useMyHousehold();
  const actions = useHouseholdActions();
  if (isLoading) {
    return (
      <LoadingRegion label={t('households.loading')} sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={160} />
      </LoadingRegion>
    );
  }
  if (error || !overview) {
    return <RetryAlert onRetry={() => void refresh()}>{t('households.loadFailed')}</RetryAlert>;
  }
  if (overview.household) return <HouseholdCard household={overview.household} actions={actions} />;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {overview.invitations.length > 0 ? <InvitationsToMe invitations={overview.invitations} actions={actions} /> : null}
      <Box component="section" aria-labelledby="household-new" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="household-new" component="h3" variant="h6">
          {t('households.form')}
        </Typography>
        <Typography color="text.secondary">{t('households.intro')}</Typography>
        <HouseholdForm save={actions.create} submitLabel={t('households.formButton')} />
      </Box>
    </Box>
  );
}
