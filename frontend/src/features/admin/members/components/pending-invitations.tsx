import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import type { StaffInvitation } from '@/types/api';
import { useInviteStaff, useStaffInvitations, useWithdrawStaffInvitation } from '../api/staff-invitations';
import { roleLabel, rolesText, sortRoles } from '../lib/roles';

function RoleChips({ roles }: { roles: StaffInvitation['roles'] }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {sortRoles(roles).map((r) => (
        <Chip key={r} size="small" label={roleLabel(r)} color={r === 'admin' ? 'primary' : 'default'} />
      ))}
    </Box>
  );
}

function ExpiredChip() {
  return <Chip size="small" color="warning" variant="outlined" label="Expired" />;
}

/** Whether the address already has an account (it then signs in to accept). */
function accountNote(inv: StaffInvitation): string {
  return inv.existingAccount ? 'Has an account' : 'No account yet';
}

type RowProps = {
  invitation: StaffInvitation;
  /** The row's action is running (its buttons are disabled). */
  busy: boolean;
  onResend: (inv: StaffInvitation) => void;
  onWithdraw: (inv: StaffInvitation) => void;
};

function Actions({ invitation, busy, onResend, onWithdraw }: RowProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' }, justifyContent: { sm: 'flex-end' } }}>
      <Button size="small" variant="outlined" onClick={() => onResend(invitation)} disabled={busy} aria-label={`${busy ? 'Sending' : 'Resend'} invitation: ${invitation.email}`}>
        {busy ? 'Sending...' : 'Resend'}
      </Button>
      <Button size="small" color="error" onClick={() => onWithdraw(invitation)} disabled={busy} aria-label={`Withdraw invitation: ${invitation.email}`}>
        Withdraw
      </Button>
    </Box>
  );
}

function InvitationsTable({ invitations, busyId, onResend, onWithdraw }: Omit<RowProps, 'invitation' | 'busy'> & { invitations: StaffInvitation[]; busyId: string | null }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Pending invitations" sx={{ minWidth: 760, '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>E-mail</TableCell>
            <TableCell>Roles</TableCell>
            <TableCell>Invited by</TableCell>
            <TableCell>Sent</TableCell>
            <TableCell>Expires</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invitations.map((inv) => (
            <TableRow key={inv.id} hover>
              <TableCell sx={{ overflowWrap: 'break-word', fontWeight: 600 }}>
                {inv.email}
                <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 400 }}>
                  {accountNote(inv)}
                </Typography>
              </TableCell>
              <TableCell>
                <RoleChips roles={inv.roles} />
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>{inv.invitedBy ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(inv.createdAt)}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', whiteSpace: 'nowrap' }}>
                  {formatDate(inv.expiresAt)}
                  {inv.expired ? <ExpiredChip /> : null}
                </Box>
              </TableCell>
              <TableCell align="right">
                <Actions invitation={inv} busy={busyId === inv.id} onResend={onResend} onWithdraw={onWithdraw} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** On a phone: one card per invitation, its details stacked. */
function InvitationsList({ invitations, busyId, onResend, onWithdraw }: Omit<RowProps, 'invitation' | 'busy'> & { invitations: StaffInvitation[]; busyId: string | null }) {
  return (
    <Box component="ul" aria-label="Pending invitations" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {invitations.map((inv) => (
        <Box
          component="li"
          key={inv.id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1 }}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{inv.email}</Typography>
              <Typography variant="caption" color="text.secondary">
                {accountNote(inv)}
              </Typography>
            </Box>
            {inv.expired ? <ExpiredChip /> : null}
          </Box>
          <RoleChips roles={inv.roles} />
          <Typography variant="body2" color="text.secondary">
            {inv.invitedBy ? `Invited by ${inv.invitedBy}, sent` : 'Sent'} {formatDate(inv.createdAt)}.{' '}
            {inv.expired ? 'Expired' : 'Expires'} {formatDate(inv.expiresAt)}.
          </Typography>
          <Actions invitation={inv} busy={busyId === inv.id} onResend={onResend} onWithdraw={onWithdraw} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * 'Pending invitations' under the staff list: who was invited as what, by whom and until when;
 * resending (inviting again, which replaces the old link) and withdrawing (after a confirmation).
 */
export function PendingInvitations() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { toast } = useToast();
  const { invitations, error, isLoading, refresh } = useStaffInvitations();
  const invite = useInviteStaff();
  const withdraw = useWithdrawStaffInvitation();
  const [busyId, setBusyId] = useState<string | null>(null);
  // The invitation the confirmation names stays set while the dialog closes.
  const [withdrawing, setWithdrawing] = useState<StaffInvitation | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function resend(inv: StaffInvitation) {
    setBusyId(inv.id);
    try {
      await invite({ email: inv.email, roles: inv.roles });
      toast({ title: `Invitation sent to ${inv.email}`, description: `As ${rolesText(inv.roles)}. The earlier link no longer works.` });
    } catch (err) {
      toast({ title: 'The invitation could not be sent', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusyId(null);
    }
  }

  function askToWithdraw(inv: StaffInvitation) {
    setWithdrawing(inv);
    setConfirming(true);
  }

  async function confirmWithdraw() {
    const inv = withdrawing;
    if (!inv) return;
    setBusyId(inv.id);
    try {
      await withdraw(inv.id);
      toast({ title: 'Invitation withdrawn', description: `The link sent to ${inv.email} no longer works.` });
    } catch (err) {
      toast({ title: 'The invitation could not be withdrawn', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setConfirming(false);
      setBusyId(null);
    }
  }

  let body: ReactNode;
  if (isLoading) {
    body = (
      <LoadingRegion label="Loading invitations" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={40} />
        ))}
      </LoadingRegion>
    );
  } else if (error || !invitations) {
    body = <RetryAlert onRetry={() => void refresh()}>The invitations could not be loaded.</RetryAlert>;
  } else if (invitations.length === 0) {
    body = <Typography color="text.secondary">No pending invitations.</Typography>;
  } else {
    const Shown = phone ? InvitationsList : InvitationsTable;
    body = <Shown invitations={invitations} busyId={busyId} onResend={(inv) => void resend(inv)} onWithdraw={askToWithdraw} />;
  }

  return (
    <Box component="section" aria-labelledby="pending-invitations-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="pending-invitations-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Pending invitations
      </Typography>
      {body}
      <ConfirmDialog
        open={confirming}
        title="Withdraw the invitation?"
        confirmLabel="Withdraw"
        busyLabel="Withdrawing..."
        busy={withdrawing !== null && busyId === withdrawing.id}
        destructive
        onConfirm={() => void confirmWithdraw()}
        onClose={() => setConfirming(false)}
      >
        The link e-mailed to {withdrawing?.email} stops working. You can invite the person again later.
      </ConfirmDialog>
    </Box>
  );
}
