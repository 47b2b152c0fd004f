import DragIndicator from '@mui/icons-material/DragIndicator';
import MoveDownOutlined from '@mui/icons-material/MoveDownOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type DragEvent } from 'react';
import type { Attendance, BoardShift, BoardVolunteer } from '@/types/volunteer-shifts';
import { shortBy, type ShiftChoice } from '../lib/board';

/** The data type a dragged volunteer carries (its sign-up's id). */
export const SIGNUP_DRAG_TYPE = 'application/x-mandir-shift-signup';

type Props = {
  volunteer: BoardVolunteer;
  shift: BoardShift;
  /** The volunteer's place on the waitlist (1 = next), null when confirmed. */
  position: number | null;
  /** Attendance can be marked: the shift has started. */
  started: boolean;
  /** The other shifts of the board, where the volunteer can be moved. */
  others: ShiftChoice[];
  /** A change of this volunteer is on its way: the controls wait for it. */
  pending: boolean;
  onMove: (to: ShiftChoice) => void;
  onAttendance: (attendance: Attendance | null) => void;
  onApproveDrop: () => void;
  onDeclineDrop: () => void;
  onDragStart: () => void;
  onDragEnd: () => void;
};

/** "Move to…": a menu of the other shifts, the keyboard's way to do what dragging the volunteer does. */
function MoveMenu({ name, others, disabled, onMove }: { name: string; others: ShiftChoice[]; disabled: boolean; onMove: (to: ShiftChoice) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  return (
    <>
      <Button
        id={buttonId}
        size="small"
        variant="outlined"
        startIcon={<MoveDownOutlined />}
        disabled={disabled || others.length === 0}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={`Move to… (${name})`}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Move to…
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId }, paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } }}
      >
        {others.map((c) => (
          <MenuItem
            key={c.shift.id}
            onClick={() => {
              setAnchor(null);
              onMove(c);
            }}
            sx={{ whiteSpace: 'normal' }}
          >
            {c.label}
            {shortBy(c.shift) === 0 ? ' (full)' : ''}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * One volunteer of a shift on the board: name, phone, status (waitlist place, drop request) and
 * what the coordinator can do: move them (drag, or the "Move to…" menu), mark attendance once the
 * shift has started, and approve or decline a drop request.
 */
export function VolunteerItem({ volunteer: v, shift, position, started, others, pending, onMove, onAttendance, onApproveDrop, onDeclineDrop, onDragStart, onDragEnd }: Props) {
  const confirmed = v.status === 'confirmed';
  function dragStart(e: DragEvent<HTMLLIElement>) {
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData(SIGNUP_DRAG_TYPE, v.id);
    e.dataTransfer.setData('text/plain', v.name);
    onDragStart();
  }
  return (
    <Box
      component="li"
      draggable={!pending}
      onDragStart={dragStart}
      onDragEnd={onDragEnd}
      data-shift={shift.id}
      sx={{
        display: 'grid',
        gap: 0.75,
        p: 1.25,
        border: 1,
        borderColor: v.dropRequested ? 'warning.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        cursor: pending ? 'progress' : 'grab',
        opacity: pending ? 0.7 : 1,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, minWidth: 0 }}>
        <DragIndicator fontSize="small" aria-hidden sx={{ color: 'text.secondary', mt: 0.25, display: { xs: 'none', sm: 'block' } }} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{v.name}</Typography>
          {/* One link a line, each at least 24 px tall (WCAG 2.5.8). */}
          <Box sx={{ display: 'grid', justifyItems: 'start', minWidth: 0, '& a': { lineHeight: '24px', minHeight: 24 } }}>
            {v.phone ? (
              <Link href={`tel:${v.phone.replace(/[^\d+]/g, '')}`} variant="body2">
                {v.phone}
              </Link>
            ) : null}
            <Link href={`mailto:${v.email}`} variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: '100%' }}>
              {v.email}
            </Link>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {confirmed ? <Chip size="small" variant="outlined" label="Confirmed" /> : <Chip size="small" color="info" variant="outlined" label={`Waitlist #${position ?? ''}`} />}
          {v.dropRequested ? <Chip size="small" color="warning" label="Drop requested" /> : null}
        </Box>
      </Box>
      {v.dropRequested ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="contained" color="warning" disabled={pending} onClick={onApproveDrop} aria-label={`Approve drop for ${v.name}`}>
            Approve drop
          </Button>
          <Button size="small" disabled={pending} onClick={onDeclineDrop} aria-label={`Decline drop for ${v.name}`}>
            Decline
          </Button>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <MoveMenu name={v.name} others={others} disabled={pending} onMove={onMove} />
        {started && confirmed ? (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={v.attendance}
            disabled={pending}
            onChange={(_, value: Attendance | null) => onAttendance(value)}
            aria-label={`Attendance of ${v.name}`}
          >
            <ToggleButton value="present" color="success" sx={{ px: 1.25, py: 0.25 }}>
              Present
            </ToggleButton>
            <ToggleButton value="no_show" color="error" sx={{ px: 1.25, py: 0.25 }}>
              No-show
            </ToggleButton>
          </ToggleButtonGroup>
        ) : null}
      </Box>
    </Box>
  );
}
