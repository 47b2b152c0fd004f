import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate, formatUSD } from '@/lib/format';
import type { Member } from '@/types/api';
import { downloadMembersCsv, useMember, useMemberPayments, useMembers, useSetMemberAdmin } from '../api/members';
import { LoadingRegion } from '@/components/ui/loading-region';

const pageSizes = [10, 25, 50, 100];
/** Typing settles for this long before the directory is searched. */
const SEARCH_DELAY_MS = 300;

/** A member's registrations and volunteering, composed by the page from their features. */
export type MemberActivityRenderer = (userId: string) => ReactNode;

function fullName(m: { firstName: string; lastName: string }) {
  return [m.firstName, m.lastName].filter(Boolean).join(' ') || 'Member';
}

function Giving({ userId }: { userId: string }) {
  const { payments, error, isLoading } = useMemberPayments(userId);
  if (isLoading) return <Skeleton variant="rounded" height={40} />;
  if (error || !payments) return <Typography color="error">Their giving could not be loaded.</Typography>;
  if (payments.length === 0) return <Typography color="text.secondary">No donations yet.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
      {payments.map((p) => (
        <Box component="li" key={p.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <span>
            {formatDate(p.paymentDate)} · {p.eventName ?? 'Direct donation'}
            {p.channel === 'imported' ? ' (imported)' : ''}
          </span>
          <span>
            <strong>{formatUSD(p.amount)}</strong> · {p.status}
            {p.isTest ? ' (test)' : ''}
          </span>
        </Box>
      ))}
    </Box>
  );
}

function MemberDialog({ id, onClose, renderActivity }: { id: string; onClose: () => void; renderActivity?: MemberActivityRenderer }) {
  const titleId = useId();
  const { can } = useAuth();
  const { member, error, isLoading } = useMember(id);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>{member ? fullName(member) : 'Member'}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        {isLoading ? <CircularProgress aria-label="Loading the member" sx={{ justifySelf: 'center' }} /> : null}
        {error ? <Typography color="error">The member could not be loaded.</Typography> : null}
        {member ? (
          <Box>
            <Typography>{member.email}</Typography>
            <Typography color="text.secondary">{member.phoneNumber ?? 'No phone number'}</Typography>
            <Typography color="text.secondary">
              Member since {formatDate(member.createdAt)}
              {member.gotram ? ` · Gotram: ${member.gotram.gotranamalu}` : member.customGotram ? ` · Gotram: ${member.customGotram}` : ''}
            </Typography>
          </Box>
        ) : null}
        {renderActivity?.(id)}
        {can('read_ledger') ? (
          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              Giving
            </Typography>
            <Giving userId={id} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** `onAdmin`: grants or removes admin rights (null: the account may not, or the row is its own). */
function MemberRow({ member, onDetails, onAdmin }: { member: Member; onDetails: () => void; onAdmin: (() => void) | null }) {
  const name = fullName(member);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          {member.isAdmin ? <Chip size="small" color="primary" label="Admin" /> : null}
          {member.emailVerified ? null : <Chip size="small" variant="outlined" label="Unverified" />}
        </Box>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {member.email}
        </Typography>
        {member.phoneNumber ? (
          <Typography variant="body2" color="text.secondary">
            {member.phoneNumber}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={onDetails} aria-label={`Details: ${name}`}>
          Details
        </Button>
        {onAdmin ? (
          <Button size="small" color={member.isAdmin ? 'error' : 'primary'} onClick={onAdmin} aria-label={`${member.isAdmin ? 'Remove admin' : 'Make admin'}: ${name}`}>
            {member.isAdmin ? 'Remove admin' : 'Make admin'}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

/**
 * Admin tab 'Members': the directory searched on the server, page by page, with details, and for
 * the accounts allowed them admin rights, the member's giving and a CSV export.
 */
export function MembersTab({ renderMemberActivity }: { renderMemberActivity?: MemberActivityRenderer }) {
  const { user, can } = useAuth();
  const manageStaff = can('manage_staff');
  const { toast } = useToast();
  const setMemberAdmin = useSetMemberAdmin();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [details, setDetails] = useState<string | null>(null);
  const [changing, setChanging] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState(false);
  const directory = useMembers(q, page + 1, pageSize);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(typed.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  async function changeAdmin() {
    if (!changing) return;
    setBusy(true);
    const granting = !changing.isAdmin;
    try {
      await setMemberAdmin(changing, granting);
      toast(
        granting
          ? { title: 'Admin privileges granted', description: `User ${changing.email} has been granted admin privileges` }
          : { title: 'Admin privileges removed', description: `Admin privileges have been removed from ${changing.email}` },
      );
      setChanging(null);
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, granting ? 'Failed to set admin privileges. Please try again.' : 'Failed to remove admin privileges. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadMembersCsv(q);
    } catch (err) {
      toast({ title: 'Export failed', description: errorMessage(err, 'The member list could not be exported.'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  const result = directory.page;
  let list: ReactNode;
  if (directory.error && !result) {
    list = <RetryAlert onRetry={directory.reload}>The member directory could not be loaded.</RetryAlert>;
  } else if (!result) {
    list = (
      <LoadingRegion label="Loading members" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={72} />
        ))}
      </LoadingRegion>
    );
  } else if (result.items.length === 0) {
    list = <Typography color="text.secondary">{q ? `No members match "${q}".` : 'No members yet.'}</Typography>;
  } else {
    list = (
      <>
        <Box component="ul" aria-label="Members" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {result.items.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              onDetails={() => setDetails(m.id)}
              onAdmin={manageStaff && m.id !== user?.id ? () => setChanging(m) : null}
            />
          ))}
        </Box>
        <TablePagination
          component="div"
          count={result.total}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={pageSizes}
          onRowsPerPageChange={(e) => {
            setPageSize(Number.parseInt(e.target.value, 10));
            setPage(0);
          }}
        />
      </>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          label="Search members"
          placeholder="Name, e-mail or phone"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: '1 1 260px' }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchOutlined /></InputAdornment> } }}
        />
        {can('export_members') ? (
          <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        ) : null}
      </Box>
      {result ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {result.total === 1 ? '1 member' : `${result.total} members`}
          {q ? ` matching "${q}"` : ''}
        </Typography>
      ) : null}
      {list}
      {details ? <MemberDialog id={details} onClose={() => setDetails(null)} renderActivity={renderMemberActivity} /> : null}
      <ConfirmDialog
        open={changing !== null}
        title={changing?.isAdmin ? 'Remove Admin' : 'Make Admin'}
        confirmLabel={changing?.isAdmin ? 'Remove admin' : 'Make admin'}
        busyLabel="Saving..."
        busy={busy}
        destructive={changing?.isAdmin ?? false}
        onConfirm={() => void changeAdmin()}
        onClose={() => setChanging(null)}
      >
        <DialogContentText>
          {changing?.isAdmin
            ? `Remove admin privileges from ${changing.email}?`
            : `Grant admin privileges to ${changing?.email ?? ''}? Admins can manage events, payments and members.`}
        </DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}
