import Add from '@mui/icons-material/Add';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Remove from '@mui/icons-material/Remove';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DoorEntry } from '@/types/door';
import { checkedInLine, fullName, MAX_PEOPLE, MIN_PEOPLE, parsePeople, peopleLabel, phoneTail } from '../lib/door';

/** Touch targets of at least 44 px (phones and tablets at the door). */
const TOUCH = { minWidth: 44, minHeight: 44 } as const;

type StepperProps = { name: string; value: string; onChange: (text: string) => void; onEnter: () => void; disabled: boolean; inputId: string };

/** The people arriving: − / + and a number from 1 to 99. */
function PeopleStepper({ name, value, onChange, onEnter, disabled, inputId }: StepperProps) {
  const n = parsePeople(value);
  const step = (by: number) => onChange(String(Math.min(MAX_PEOPLE, Math.max(MIN_PEOPLE, (n ?? MIN_PEOPLE) + by))));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton aria-label={`Fewer people for ${name}`} onClick={() => step(-1)} disabled={disabled || (n ?? MIN_PEOPLE) <= MIN_PEOPLE} sx={TOUCH}>
        <Remove />
      </IconButton>
      <TextField
        id={inputId}
        type="number"
        size="small"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onEnter();
          }
        }}
        disabled={disabled}
        error={n === null}
        slotProps={{
          htmlInput: { min: MIN_PEOPLE, max: MAX_PEOPLE, step: 1, inputMode: 'numeric', 'aria-label': `People arriving with ${name}`, 'aria-invalid': n === null },
        }}
        sx={{ width: 68, '& .MuiInputBase-root': { minHeight: 44 }, '& input': { textAlign: 'center' } }}
      />
      <IconButton aria-label={`More people for ${name}`} onClick={() => step(1)} disabled={disabled || (n ?? MIN_PEOPLE) >= MAX_PEOPLE} sx={TOUCH}>
        <Add />
      </IconButton>
    </Box>
  );
}

type Props = {
  entry: DoorEntry;
  /** The row's element id; its first cell's is `${rowId}-info` (the search field's active descendant). */
  rowId: string;
  /** Highlighted with the arrow keys: Enter in the search field acts on it. */
  active: boolean;
  /** The people count typed for the check-in. */
  people: string;
  onPeople: (text: string) => void;
  onCheckIn: () => void;
  onUndo: () => void;
  /** A request for this row is under way. */
  busy: boolean;
};

/**
 * One party at the door: the name (the family's names smaller), the confirmation code, the phone's
 * end and the people registered; then a people stepper with "Check in", or when checked in, when,
 * how many and by whom with "Undo" (a walk-in's undo takes the walk-in off).
 */
export function DoorRow({ entry, rowId, active, people, onPeople, onCheckIn, onUndo, busy }: Props) {
  const name = fullName(entry);
  const checkedIn = entry.checkedInAt !== null;
  const walkIn = entry.kind === 'walkIn';
  const details = [
    entry.confirmationCode,
    phoneTail(entry.phoneEnding),
    walkIn ? peopleLabel(entry.people) : `${peopleLabel(entry.people)} registered`,
  ].filter(Boolean);
  const valid = parsePeople(people) !== null;
  return (
    <Box
      role="row"
      id={rowId}
      aria-selected={active}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        p: { xs: 1.5, sm: 2 },
        border: 1,
        borderColor: active ? 'primary.main' : 'divider',
        outline: active ? 2 : 0,
        outlineColor: 'primary.main',
        outlineOffset: -1,
        borderRadius: 1,
        bgcolor: active ? 'action.selected' : checkedIn ? 'action.hover' : 'background.paper',
      }}
    >
      <Box role="gridcell" id={`${rowId}-info`} sx={{ minWidth: 0, flex: '1 1 220px' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {walkIn ? <Chip size="small" label="Walk-in" color="secondary" variant="outlined" /> : null}
          {entry.joinedToMember ? <Chip size="small" label="member" color="info" variant="outlined" /> : null}
        </Box>
        {entry.familyNames.length > 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            with {entry.familyNames.join(', ')}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {details.join(' \u00b7 ')}
        </Typography>
      </Box>
      {checkedIn ? (
        <Box role="gridcell" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'flex-end', flex: '0 1 auto' }}>
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.main', fontWeight: 600 }}>
            <CheckCircle fontSize="small" aria-hidden="true" />
            {checkedInLine(entry)}
          </Typography>
          <Button variant="outlined" startIcon={<Undo />} onClick={onUndo} disabled={busy} aria-label={`Undo ${walkIn ? 'walk-in' : 'check-in'} of ${name}`} sx={TOUCH}>
            Undo
          </Button>
        </Box>
      ) : (
        <Box role="gridcell" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
          <PeopleStepper name={name} value={people} onChange={onPeople} onEnter={onCheckIn} disabled={busy} inputId={`${rowId}-people`} />
          <Button variant="contained" onClick={onCheckIn} disabled={busy || !valid} aria-label={`${busy ? "Checking in" : "Check in"} ${name}`} sx={{ ...TOUCH, minWidth: 112 }}>
            {busy ? 'Checking in…' : 'Check in'}
          </Button>
        </Box>
      )}
    </Box>
  );
}
