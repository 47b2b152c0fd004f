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
import { HouseholdForm } from './household-form';

type Actions = ReturnType<typeof useHouseholdActions>;

const INTRO =
  'A household is the members who live at one address, such as spouses and adult children. It has one mailing address and one giving record, and can receive one joint year-end statement for everyone’s gifts.';

/** Runs an action with a toast for its outcome; answers whether it went through. */
function useRun() {
  const { toast } = useToast();
  return async (action: () => Promise<unknown>, done: { title: string; description?: string }, failure: string) => {
    try {
      await action();
      toast(done);
      return true;
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, failure), variant: 'destructive' });
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
      accept ? { title: 'You joined the household', description: invitation.householdName } : { title: 'Invitation declined' },
      accept ? 'You could not join the household' : 'The invitation could not be declined',
    );
    setBusy(null);
  }
  return (
    <Box component="section" aria-labelledby="household-invitations" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="household-invitations" component="h3" variant="h6">
        Invitations
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {invitations.map((i) => (
          <Paper key={i.id} component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ flex: '1 1 240px', overflowWrap: 'anywhere' }}>
              <strong>{i.invitedBy || 'A member'}</strong> invited you to join <strong>{i.householdName}</strong>.
            </Typography>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button variant="contained" disabled={busy !== null} onClick={() => void answer(i, true)} aria-label={`Accept the invitation to ${i.householdName}`}>
                Accept
              </Button>
              <Button disabled={busy !== null} onClick={() => void answer(i, false)} aria-label={`Decline the invitation to ${i.householdName}`}>
                Decline
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
        toast({ title: 'Invitation sent', description: email });
        helpers.resetForm();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<{ email: string }>);
        toast({ title: 'Error', description: errorMessage(err, 'The invitation could not be sent'), variant: 'destructive' });
      }
    },
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={formik.handleSubmit}
      aria-label="Invite to the household"
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        {...textFieldProps(formik, 'email', 'They accept from their own account, once this address is verified')}
        label="E-mail address to invite"
        type="email"
        autoComplete="off"
        sx={{ flex: '1 1 280px' }}
      />
      <Button type="submit" variant="outlined" disabled={formik.isSubmitting} sx={{ mt: 1 }}>
        {formik.isSubmitting ? 'Sending...' : 'Send invitation'}
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
    const left = await run(actions.leave, { title: 'You left the household', description: household.name }, 'You could not leave the household');
    setBusy(false);
    if (left) setLeaving(false);
  }
  async function cancel(id: string, email: string) {
    setBusy(true);
    await run(() => actions.cancelInvitation(id), { title: 'Invitation cancelled', description: email }, 'The invitation could not be cancelled');
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
            <Chip size="small" variant="outlined" sx={{ mt: 0.5 }} label={joint ? 'One joint statement' : 'Separate statements'} />
          </Box>
          <Button onClick={() => setEditing(true)}>Edit household</Button>
        </Box>
        <Typography variant="body2" color={household.address ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-line' }}>
          {household.address || 'No mailing address yet'}
        </Typography>
        {joint ? (
          <Typography variant="body2" color="text.secondary">
            Your year-end statement is addressed to {household.jointName} and lists everyone’s gifts.
          </Typography>
        ) : null}
      </Paper>

      <Box component="section" aria-labelledby="household-people" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="household-people" component="h3" variant="h6">
          People
        </Typography>
        <Box component="ul" aria-label="Household members" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {household.members.map((m) => (
            <Paper key={m.email} component="li" variant="outlined" sx={{ p: 2 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {m.name || m.email}
                {m.you ? ' (you)' : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {m.email}
              </Typography>
              {m.family.length > 0 ? (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  Family: {m.family.join(', ')}
                </Typography>
              ) : null}
            </Paper>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          Family members without an account are added on each person’s Family Members tab.
        </Typography>
      </Box>

      <Box component="section" aria-labelledby="household-invite" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="household-invite" component="h3" variant="h6">
          Invite someone
        </Typography>
        {household.invitations.length > 0 ? (
          <Box component="ul" aria-label="Waiting invitations" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {household.invitations.map((i) => (
              <Box component="li" key={i.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>
                  {i.email} · waiting for an answer
                </Typography>
                <Button size="small" color="error" disabled={busy} onClick={() => void cancel(i.id, i.email)} aria-label={`Cancel the invitation to ${i.email}`}>
                  Cancel invitation
                </Button>
              </Box>
            ))}
          </Box>
        ) : null}
        <InviteForm actions={actions} />
      </Box>

      <Box>
        <Button color="error" variant="outlined" onClick={() => setLeaving(true)}>
          Leave household
        </Button>
      </Box>

      <Dialog open={editing} onClose={() => setEditing(false)} aria-labelledby={editTitle} fullWidth maxWidth="sm">
        <DialogTitle id={editTitle}>Edit household</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {editing ? (
            <HouseholdForm
              household={household}
              save={actions.update}
              onSaved={() => setEditing(false)}
              submitLabel="Save"
              actions={<Button onClick={() => setEditing(false)}>Cancel</Button>}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={leaving}
        title="Leave this household?"
        confirmLabel="Leave household"
        busyLabel="Leaving..."
        busy={busy}
        destructive
        onConfirm={() => void leave()}
        onClose={() => setLeaving(false)}
      >
        {household.members.length > 1
          ? 'Your gifts will no longer be on the household’s statement, and you will receive your own. The others stay in the household.'
          : 'You are its only member: the household and its invitations end.'}
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
      <LoadingRegion label="Loading your household" sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={160} />
      </LoadingRegion>
    );
  }
  if (error || !overview) {
    return <RetryAlert onRetry={() => void refresh()}>Your household could not be loaded. Please try again.</RetryAlert>;
  }
  if (overview.household) return <HouseholdCard household={overview.household} actions={actions} />;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {overview.invitations.length > 0 ? <InvitationsToMe invitations={overview.invitations} actions={actions} /> : null}
      <Box component="section" aria-labelledby="household-new" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="household-new" component="h3" variant="h6">
          Form a household
        </Typography>
        <Typography color="text.secondary">{INTRO}</Typography>
        <HouseholdForm save={actions.create} submitLabel="Form household" />
      </Box>
    </Box>
  );
}
