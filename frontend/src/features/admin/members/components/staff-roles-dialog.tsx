import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { Priest, Role, StaffMember } from '@/types/api';
import { useLinkPriestAccount, useSetStaffRoles } from '../api/staff';
import { roleLabel, sortRoles } from '../lib/roles';
import { RoleCheckboxes } from './role-checkboxes';

export function staffName(m: { firstName: string; lastName: string; email: string }): string {
  return [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;
}

const sameRoles = (a: readonly Role[], b: readonly Role[]) => sortRoles(a).join(' ') === sortRoles(b).join(' ');

type Props = {
  member: StaffMember;
  /** Every priest's profile (GET /api/priests), for linking a priest's account. */
  priests: readonly Priest[];
  /** The staff list, to name the account each profile is linked to. */
  staff: readonly StaffMember[];
  onClose: () => void;
  /** After a save: `member` is the account changed. */
  onSaved: (member: StaffMember) => void;
};

/**
 * Edits one account's roles, and for a priest the profile the account is linked to: the roles are
 * saved first (linking needs the priest role), then the old profile is unlinked and the new one
 * linked. The server's refusal is shown in the dialog.
 */
export function StaffRolesDialog({ member, priests, staff, onClose, onSaved }: Props) {
  const titleId = useId();
  const { toast } = useToast();
  const setStaffRoles = useSetStaffRoles();
  const linkPriestAccount = useLinkPriestAccount();
  const [roles, setRoles] = useState<Role[]>(() => sortRoles(member.roles));
  const [priestId, setPriestId] = useState(member.priest?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = staffName(member);
  const isPriest = roles.includes('priest');
  const linkedId = member.priest?.id ?? '';
  // Without the priest role the account keeps no profile.
  const wantedId = isPriest ? priestId : '';

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (!sameRoles(roles, member.roles)) await setStaffRoles(member.email, roles);
      if (wantedId !== linkedId) {
        if (linkedId) await linkPriestAccount(linkedId, null);
        if (wantedId) await linkPriestAccount(wantedId, member.email);
      }
      toast({ title: 'Roles saved', description: `${name}: ${roles.length ? roles.map(roleLabel).join(', ') : 'no staff role'}` });
      onSaved(member);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The roles could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const linkedTo = (id: string) => staff.find((s) => s.priest?.id === id && s.id !== member.id);
  // The linked profile is offered even before the priests' list has loaded.
  const options = priests.map((p) => ({ id: p.id, name: p.name }));
  if (member.priest && !options.some((p) => p.id === member.priest?.id)) options.unshift(member.priest);

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <form noValidate onSubmit={(e) => void save(e)}>
        <DialogTitle id={titleId}>Roles of {name}</DialogTitle>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {member.email}
          </Typography>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <RoleCheckboxes value={roles} onChange={setRoles} disabled={busy} />
          {isPriest ? (
            <TextField
              select
              label="Priest profile"
              value={priestId}
              onChange={(e) => setPriestId(e.target.value)}
              disabled={busy}
              helperText="The priest's My Sevas lists the sevas assigned to this profile."
              fullWidth
            >
              <MenuItem value="">Not linked</MenuItem>
              {options.map((p) => {
                const other = linkedTo(p.id);
                return (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                    {other ? ` (linked to ${staffName(other)})` : ''}
                  </MenuItem>
                );
              })}
            </TextField>
          ) : member.priest ? (
            <Typography variant="body2" color="text.secondary">
              Without the Priest role, saving also unlinks the profile of {member.priest.name}.
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : 'Save Roles'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
