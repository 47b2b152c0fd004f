import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { Event } from '@/types/api';
import type { BoardRole, BoardShift, VolunteerBoard } from '@/types/volunteer-shifts';
import { usePlanActions } from '../api/volunteer-board';
import { countLabel } from '../lib/board';
import { shiftLabel, templeParts } from '../lib/shift-time';
import { cutoffSchema, type CutoffValues } from '../schemas';
import { CopyPlanDialog } from './copy-plan-dialog';
import { refusal } from './form-dialog';
import { RoleDialog } from './role-dialog';
import { ShiftDialog } from './shift-dialog';

type EventInfo = Pick<Event, 'id' | 'eventDate'>;

/** The hours before a shift after which a member can only ask the coordinator to drop it (PUT volunteer-plan). */
function DropCutoff({ eventId, hours }: { eventId: string; hours: number }) {
  const { setDropCutoff } = usePlanActions(eventId);
  const { toast } = useToast();
  const formik = useFormikValidatedOnSubmit<CutoffValues>({
    initialValues: { dropCutoffHours: String(hours) },
    enableReinitialize: true,
    validationSchema: cutoffSchema,
    onSubmit: async (values, helpers) => {
      try {
        const plan = await setDropCutoff(Number(values.dropCutoffHours.trim()));
        toast({ title: 'Drop cut-off saved', description: `${countLabel(plan.dropCutoffHours, 'hour')} before a shift` });
      } catch (err) {
        const { fieldErrors, problem } = refusal(err, 'The drop cut-off could not be saved. Please try again.', ['dropCutoffHours'] as const);
        helpers.setErrors(problem ? { dropCutoffHours: problem } : fieldErrors);
      }
    },
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="drop-cutoff-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="drop-cutoff-heading" component="h2" variant="h6">
        Drop cut-off
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Volunteers can drop a shift themselves until this many hours before it starts; after that they ask you, and you approve or decline.
      </Typography>
      <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          {...textFieldProps(formik, 'dropCutoffHours')}
          label="Hours before a shift"
          size="small"
          sx={{ width: { xs: '100%', sm: 240 } }}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' }, input: { endAdornment: <InputAdornment position="end">hours</InputAdornment> } }}
        />
        <Button type="submit" variant="outlined" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? 'Saving…' : 'Save cut-off'}
        </Button>
      </Box>
    </Paper>
  );
}

/** "Ages 16 and over · Report to: the kitchen door". */
function roleFacts(role: BoardRole): string {
  return [role.minAge !== null ? `Ages ${role.minAge} and over` : null, role.reportTo ? `Report to: ${role.reportTo}` : null].filter(Boolean).join(' · ');
}

/** "4 needed · 2 signed up · 1 waiting". */
function shiftCounts(shift: BoardShift): string {
  return [`${shift.needed} needed`, `${shift.filled} signed up`, shift.waitlisted > 0 ? `${shift.waitlisted} waiting` : null].filter(Boolean).join(' · ');
}

type Deleting = { role: BoardRole; shift: BoardShift | null };

function RoleCard({
  role,
  onEdit,
  onDelete,
  onAddShift,
  onEditShift,
  onDeleteShift,
}: {
  role: BoardRole;
  onEdit: () => void;
  onDelete: () => void;
  onAddShift: () => void;
  onEditShift: (shift: BoardShift) => void;
  onDeleteShift: (shift: BoardShift) => void;
}) {
  const headingId = `plan-role-${role.id}`;
  const facts = roleFacts(role);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography id={headingId} component="h3" variant="h6" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {role.name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Button size="small" startIcon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${role.name}`}>
            Edit
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onDelete} aria-label={`Delete ${role.name}`}>
            Delete
          </Button>
        </Box>
      </Box>
      {role.oneStep ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Members who use “Volunteer for Event” are placed here; the shift grows to fit them. Adding another role makes this event
          take sign-ups by shift instead.
        </Typography>
      ) : null}
      {role.description ? <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{role.description}</Typography> : null}
      {facts ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {facts}
        </Typography>
      ) : null}
      {role.shifts.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          No shifts yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Shifts of ${role.name}`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1 }}>
          {role.shifts.map((shift) => {
            const label = shiftLabel(shift);
            return (
              <Box
                component="li"
                key={shift.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, pl: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {shiftCounts(shift)}
                  </Typography>
                </Box>
                <IconButton onClick={() => onEditShift(shift)} aria-label={`Edit shift ${label}`}>
                  <EditOutlined />
                </IconButton>
                <IconButton onClick={() => onDeleteShift(shift)} aria-label={`Delete shift ${label}`}>
                  <DeleteOutlined />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      )}
      <Button startIcon={<Add />} onClick={onAddShift} sx={{ mt: 1, ml: -1 }} aria-label={`Add a shift to ${role.name}`}>
        Add a shift
      </Button>
    </Paper>
  );
}

/**
 * The plan: the drop cut-off, and the roles with their shifts, each added, edited and deleted
 * here; an event without roles starts from scratch or from an earlier event's plan.
 */
export function PlanTab({ event, board }: { event: EventInfo; board: VolunteerBoard }) {
  const { deleteRole, deleteShift } = usePlanActions(event.id);
  const { toast } = useToast();
  // The dialog open: a role's (null: a new one), a shift's, copying, or deleting.
  const [roleDialog, setRoleDialog] = useState<{ role: BoardRole | null } | null>(null);
  const [shiftDialog, setShiftDialog] = useState<{ role: BoardRole; shift: BoardShift | null } | null>(null);
  const [copying, setCopying] = useState(false);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [busy, setBusy] = useState(false);
  const eventDay = templeParts(event.eventDate).date;

  async function confirmDelete(d: Deleting) {
    setBusy(true);
    try {
      if (d.shift) await deleteShift(d.shift.id);
      else await deleteRole(d.role.id);
      toast({ title: d.shift ? 'Shift deleted' : 'Role deleted', description: d.shift ? `${d.role.name} · ${shiftLabel(d.shift)}` : d.role.name });
      setDeleting(null);
    } catch (err) {
      toast({ title: 'Not deleted', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="section" aria-labelledby="plan-roles-heading" sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="plan-roles-heading" component="h2" variant="h6">
            Roles and shifts
          </Typography>
          {board.roles.length > 0 ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => setRoleDialog({ role: null })}>
              Add a role
            </Button>
          ) : null}
        </Box>
        {board.roles.length === 0 ? (
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>This event has no volunteer roles yet.</Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              Add roles such as Parking or Kitchen, each with its shifts, or start from an earlier event's plan.
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
              <Button variant="contained" startIcon={<Add />} onClick={() => setRoleDialog({ role: null })}>
                Add a role
              </Button>
              <Button variant="outlined" onClick={() => setCopying(true)}>
                Copy from an earlier event
              </Button>
            </Box>
          </Paper>
        ) : (
          board.roles.map((role) => (
            <RoleCard
              key={role.id}
              role={role}
              onEdit={() => setRoleDialog({ role })}
              onDelete={() => setDeleting({ role, shift: null })}
              onAddShift={() => setShiftDialog({ role, shift: null })}
              onEditShift={(shift) => setShiftDialog({ role, shift })}
              onDeleteShift={(shift) => setDeleting({ role, shift })}
            />
          ))
        )}
      </Box>
      <DropCutoff eventId={event.id} hours={board.dropCutoffHours} />
      {roleDialog ? <RoleDialog eventId={event.id} role={roleDialog.role} onClose={() => setRoleDialog(null)} /> : null}
      {shiftDialog ? (
        <ShiftDialog
          eventId={event.id}
          role={shiftDialog.role}
          shift={shiftDialog.shift}
          day={templeParts(shiftDialog.role.shifts.at(-1)?.startsAt ?? '').date || eventDay}
          eventDate={event.eventDate}
          onClose={() => setShiftDialog(null)}
        />
      ) : null}
      {copying ? <CopyPlanDialog event={event} onClose={() => setCopying(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.shift ? 'Delete this shift?' : `Delete ${deleting?.role.name ?? 'this role'}?`}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={busy}
        destructive
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting?.shift
          ? `${deleting.role.name} · ${shiftLabel(deleting.shift)}. A shift with volunteers cannot be deleted: move or remove them first.`
          : 'The role and its shifts are deleted. A role with volunteers cannot be deleted: move or remove them first.'}
      </ConfirmDialog>
    </Box>
  );
}
