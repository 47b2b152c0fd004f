import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { Role, StaffMember } from '@/types/api';
import { useAllPriests } from '../../temple/api/temple';
import { useSetStaffRoles, useStaff } from '../api/staff';
import { roleLabel, sortRoles } from '../lib/roles';
import { staffSchema } from '../schemas';
import { InviteStaffDialog } from './invite-staff-dialog';
import { PendingInvitations } from './pending-invitations';
import { RoleCheckboxes } from './role-checkboxes';
import { StaffRolesDialog, staffName } from './staff-roles-dialog';

/** Re-reads the signed-in account when its own roles changed (its tabs and menus follow). */
function useRefreshIfSelf() {
  const { user, refreshUser } = useAuth();
  return (email: string) => {
    if (user && user.email.toLowerCase() === email.trim().toLowerCase()) void refreshUser();
  };
}

function StaffTable({ staff, onEdit }: { staff: StaffMember[]; onEdit: (m: StaffMember) => void }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Staff" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>E-mail</TableCell>
            <TableCell>Roles</TableCell>
            <TableCell>Priest profile</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {staff.map((m) => (
            <TableRow key={m.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>
                {staffName(m)}
                {m.emailVerified ? null : <Chip size="small" variant="outlined" label="Unverified" sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{m.email}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {sortRoles(m.roles).map((r) => (
                    <Chip key={r} size="small" label={roleLabel(r)} color={r === 'admin' ? 'primary' : 'default'} />
                  ))}
                </Box>
              </TableCell>
              <TableCell>{m.priest ? m.priest.name : m.roles.includes('priest') ? 'Not linked' : '—'}</TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => onEdit(m)} aria-label={`Edit roles: ${staffName(m)}`}>
                  Edit roles
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Gives an account (by e-mail) exactly the roles chosen. */
function AddStaffForm() {
  const { toast } = useToast();
  const setStaffRoles = useSetStaffRoles();
  const refreshIfSelf = useRefreshIfSelf();
  const [error, setError] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<{ email: string; roles: Role[] }>({
    initialValues: { email: '', roles: [] },
    validationSchema: staffSchema,
    onSubmit: async (values, helpers) => {
      const email = values.email.trim();
      setError(null);
      try {
        await setStaffRoles(email, values.roles);
        toast({ title: 'Staff roles saved', description: `${email}: ${values.roles.map(roleLabel).join(', ')}` });
        helpers.resetForm();
        refreshIfSelf(email);
      } catch (err) {
        setError(errorMessage(err, 'The roles could not be saved. Please try again.'));
      }
    },
  });
  const rolesError = formik.submitCount > 0 && typeof formik.errors.roles === 'string' ? formik.errors.roles : undefined;
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="add-staff-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="add-staff-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Add staff
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
        The person needs an account with a verified e-mail (invite anyone else). An account already on the staff gets
        exactly the roles chosen here.
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <TextField {...textFieldProps(formik, 'email')} id="staff-email" label="E-mail" type="email" autoComplete="off" fullWidth />
      <RoleCheckboxes
        value={formik.values.roles}
        onChange={(roles) => void formik.setFieldValue('roles', roles)}
        disabled={formik.isSubmitting}
        error={rolesError}
      />
      <Box>
        <Button type="submit" variant="contained" startIcon={<PersonAddAlt1Outlined />} disabled={formik.isSubmitting}>
          {formik.isSubmitting ? 'Saving...' : 'Add staff'}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * 'Staff roles' in User Management: who holds which role, editing an account's roles, inviting
 * people by e-mail and the invitations not yet accepted, adding staff who have an account.
 */
export function StaffSection() {
  const { staff, error, isLoading, refresh } = useStaff();
  const { priests } = useAllPriests();
  const refreshIfSelf = useRefreshIfSelf();
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [inviting, setInviting] = useState(false);

  let list: ReactNode;
  if (isLoading) {
    list = (
      <LoadingRegion label="Loading staff" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={40} />
        ))}
      </LoadingRegion>
    );
  } else if (error || !staff) {
    list = <RetryAlert onRetry={() => void refresh()}>The staff could not be loaded.</RetryAlert>;
  } else if (staff.length === 0) {
    list = <Typography color="text.secondary">No one holds a staff role yet.</Typography>;
  } else {
    list = <StaffTable staff={staff} onEdit={setEditing} />;
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }} component="section" aria-labelledby="staff-heading">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography id="staff-heading" component="h2" variant="h6" gutterBottom>
            Staff roles
          </Typography>
          <Typography color="text.secondary">
            Each role opens part of the admin area. A change counts from the person&apos;s next request and is recorded in
            the audit log.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<ForwardToInboxOutlined />} onClick={() => setInviting(true)}>
          Invite staff
        </Button>
      </Box>
      {list}
      <PendingInvitations />
      <AddStaffForm />
      {inviting ? <InviteStaffDialog onClose={() => setInviting(false)} /> : null}
      {editing ? (
        <StaffRolesDialog
          key={editing.id}
          member={editing}
          priests={priests ?? []}
          staff={staff ?? []}
          onClose={() => setEditing(null)}
          onSaved={(m) => refreshIfSelf(m.email)}
        />
      ) : null}
    </Paper>
  );
}
