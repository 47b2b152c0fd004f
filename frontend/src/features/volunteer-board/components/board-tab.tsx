import MailOutlined from '@mui/icons-material/MailOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type DragEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useNow } from '@/lib/render-instant';
import type { Attendance, BoardRole, BoardShift, BoardVolunteer, VolunteerBoard } from '@/types/volunteer-shifts';
import { useSignupActions } from '../api/volunteer-board';
import { countLabel, sheetFileName, shiftChoices, shortBy, waitlistPosition, type ShiftChoice } from '../lib/board';
import { hasStarted, shiftLabel } from '../lib/shift-time';
import { CsvButton } from './csv-button';
import { MessageDialog, type MessageTarget } from './message-dialog';
import { VolunteerItem } from './volunteer-item';

/**
 * How full a shift is: "3 / 5 filled", with "2 short" in the warning colour, or "Full". The
 * one-step offers' shift grows with its offers, so it is never short or full: "2 volunteers".
 */
function FillLine({ shift, oneStep }: { shift: BoardShift; oneStep: boolean }) {
  const short = shortBy(shift);
  if (oneStep) return <Typography sx={{ fontWeight: 700 }}>{countLabel(shift.filled, 'volunteer')}</Typography>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography sx={{ fontWeight: 700, color: short > 0 ? 'warning.main' : 'text.primary' }}>
        {shift.filled} / {shift.needed} filled
      </Typography>
      {short > 0 ? <Chip size="small" color="warning" label={`${short} short`} /> : <Chip size="small" color="success" variant="outlined" label="Full" />}
      {shift.waitlisted > 0 ? (
        <Typography variant="body2" color="text.secondary">
          +{shift.waitlisted} waiting
        </Typography>
      ) : null}
    </Box>
  );
}

type Dragged = { volunteer: BoardVolunteer; from: string };

type CardProps = {
  role: BoardRole;
  shift: BoardShift;
  choices: ShiftChoice[];
  now: Date;
  pending: string | null;
  dragged: Dragged | null;
  over: boolean;
  setDragged: (d: Dragged | null) => void;
  setOver: (shiftId: string | null) => void;
  onDrop: (volunteer: BoardVolunteer, to: ShiftChoice) => void;
  onAttendance: (volunteer: BoardVolunteer, attendance: Attendance | null) => void;
  onApproveDrop: (volunteer: BoardVolunteer, choice: ShiftChoice) => void;
  onDeclineDrop: (volunteer: BoardVolunteer) => void;
  onMessage: (target: MessageTarget) => void;
};

/** A shift on the board: how full it is, its volunteers, and its message, sign-in sheet and CSV. */
function ShiftCard({ role, shift, choices, now, pending, dragged, over, setDragged, setOver, onDrop, onAttendance, onApproveDrop, onDeclineDrop, onMessage }: CardProps) {
  const label = shiftLabel(shift);
  const headingId = `board-shift-${shift.id}`;
  const short = role.oneStep ? 0 : shortBy(shift);
  const started = hasStarted(shift, now.getTime());
  const self: ShiftChoice = { shift, role, label: `${role.name} · ${label}` };
  const others = choices.filter((c) => c.shift.id !== shift.id);
  // A volunteer dragged from another shift can be dropped here.
  const accepts = dragged !== null && dragged.from !== shift.id;

  function dragOver(e: DragEvent<HTMLElement>) {
    if (!accepts) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (!over) setOver(shift.id);
  }
  function drop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setOver(null);
    const moving = dragged;
    setDragged(null);
    if (moving && moving.from !== shift.id) onDrop(moving.volunteer, self);
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      onDragOver={dragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(null);
      }}
      onDrop={drop}
      data-testid={`shift-${shift.id}`}
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.25,
        minWidth: 0,
        borderColor: over ? 'primary.main' : short > 0 ? 'warning.main' : 'divider',
        borderWidth: over ? 2 : 1,
        borderLeftWidth: short > 0 || over ? 4 : 1,
        outline: accepts && !over ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: -4,
      }}
    >
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
        {label}
      </Typography>
      <FillLine shift={shift} oneStep={role.oneStep} />
      {shift.volunteers.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          Nobody has signed up yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Volunteers of ${role.name} · ${label}`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {shift.volunteers.map((v) => (
            <VolunteerItem
              key={v.id}
              volunteer={v}
              shift={shift}
              position={waitlistPosition(shift, v)}
              started={started}
              others={others}
              pending={pending === v.id}
              onMove={(to) => onDrop(v, to)}
              onAttendance={(a) => onAttendance(v, a)}
              onApproveDrop={() => onApproveDrop(v, self)}
              onDeclineDrop={() => onDeclineDrop(v)}
              onDragStart={() => setDragged({ volunteer: v, from: shift.id })}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', ml: -0.75, mt: 'auto', pt: 0.5, borderTop: 1, borderColor: 'divider' }}>
        <Button size="small" startIcon={<MailOutlined />} onClick={() => onMessage({ shiftId: shift.id, label: self.label })} aria-label={`Message: ${self.label}`}>
          Message
        </Button>
        <Button size="small" startIcon={<PrintOutlined />} component={RouterLink} to={`?sheet=${encodeURIComponent(shift.id)}`} aria-label={`Sign-in sheet: ${self.label}`}>
          Sign-in sheet
        </Button>
        <CsvButton size="small" shiftId={shift.id} fileName={sheetFileName(role, shift)} aria-label={`Download CSV: ${self.label}`} />
      </Box>
    </Paper>
  );
}

/**
 * The board: each role's shifts as cards, with how full each is (gaps in the warning colour),
 * their volunteers, and what the coordinator does with them. A volunteer is moved by dragging
 * them onto another shift, or with their "Move to…" menu (the keyboard's way).
 */
export function BoardTab({ board }: { board: VolunteerBoard }) {
  const actions = useSignupActions(board.eventId);
  const { toast } = useToast();
  const now = useNow();
  const [pending, setPending] = useState<string | null>(null);
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [message, setMessage] = useState<MessageTarget | null>(null);
  const [approving, setApproving] = useState<{ volunteer: BoardVolunteer; choice: ShiftChoice } | null>(null);
  const choices = shiftChoices(board);

  /** Runs a change of one volunteer, with its toast, or the server's refusal as an error toast. */
  async function run(volunteer: BoardVolunteer, change: () => Promise<unknown>, done: { title: string; description?: string } | null, failed: string) {
    setPending(volunteer.id);
    try {
      await change();
      if (done) toast(done);
      return true;
    } catch (err) {
      toast({ title: failed, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      return false;
    } finally {
      setPending(null);
    }
  }

  const move = (v: BoardVolunteer, to: ShiftChoice) =>
    void run(v, () => actions.move(v.id, to.shift.id), { title: `${v.name} moved`, description: `To ${to.label}` }, `${v.name} was not moved`);
  const attendance = (v: BoardVolunteer, a: Attendance | null) =>
    void run(v, () => actions.setAttendance(v.id, a), null, 'Attendance not saved');
  const decline = (v: BoardVolunteer) =>
    void run(v, () => actions.declineDrop(v.id), { title: 'Drop request declined', description: `${v.name} stays on the shift` }, 'Not declined');
  async function approve(a: { volunteer: BoardVolunteer; choice: ShiftChoice }) {
    const ok = await run(a.volunteer, () => actions.drop(a.volunteer.id), { title: `${a.volunteer.name} dropped`, description: a.choice.label }, 'Not dropped');
    if (ok) setApproving(null);
  }

  if (board.roles.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>No roles or shifts yet.</Typography>
        <Typography color="text.secondary">Add them on the Plan tab; volunteers then sign up from the event's page.</Typography>
      </Paper>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      {board.roles.map((role) => {
        const headingId = `board-role-${role.id}`;
        return (
          <Box component="section" key={role.id} aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography id={headingId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                  {role.name}
                </Typography>
                {role.reportTo ? (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    Report to: {role.reportTo}
                  </Typography>
                ) : null}
              </Box>
              {role.shifts.length > 0 ? (
                <Button size="small" variant="outlined" startIcon={<MailOutlined />} onClick={() => setMessage({ roleId: role.id, label: `every ${role.name} shift` })} aria-label={`Message the role: ${role.name}`}>
                  Message the role
                </Button>
              ) : null}
            </Box>
            {role.shifts.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No shifts yet: add them on the Plan tab.
              </Typography>
            ) : (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}>
                {role.shifts.map((shift) => (
                  <ShiftCard
                    key={shift.id}
                    role={role}
                    shift={shift}
                    choices={choices}
                    now={now}
                    pending={pending}
                    dragged={dragged}
                    over={over === shift.id}
                    setDragged={setDragged}
                    setOver={setOver}
                    onDrop={move}
                    onAttendance={attendance}
                    onApproveDrop={(volunteer, choice) => setApproving({ volunteer, choice })}
                    onDeclineDrop={decline}
                    onMessage={setMessage}
                  />
                ))}
              </Box>
            )}
          </Box>
        );
      })}
      {message ? <MessageDialog eventId={board.eventId} target={message} onClose={() => setMessage(null)} /> : null}
      <ConfirmDialog
        open={approving !== null}
        title={`Drop ${approving?.volunteer.name ?? 'this volunteer'} from the shift?`}
        confirmLabel="Approve drop"
        busyLabel="Dropping…"
        busy={pending !== null && pending === approving?.volunteer.id}
        destructive
        onConfirm={() => approving && void approve(approving)}
        onClose={() => setApproving(null)}
      >
        {approving ? `${approving.choice.label}. The first volunteer on the waitlist, if any, takes the place.` : ''}
      </ConfirmDialog>
    </Box>
  );
}

