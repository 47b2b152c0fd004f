import TaskAlt from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AssignedSeva, SevaPerson } from '@/types/api';

const STATUS: Record<string, { label: string; color: 'default' | 'success' | 'warning' | 'info' }> = {
  held: { label: 'Awaiting payment', color: 'warning' },
  confirmed: { label: 'Confirmed', color: 'success' },
  completed: { label: 'Done', color: 'info' },
};

/** "Gotram: Kashyapa · Nakshatram: Rohini · Rasi: Vrishabha", the parts that are known. */
function lineage(p: SevaPerson): string {
  const parts: [string, string | null][] = [
    ['Gotram', p.gotram],
    ['Nakshatram', p.nakshatram],
    ['Rasi', p.rasi],
  ];
  return parts
    .filter((x): x is [string, string] => Boolean(x[1]?.trim()))
    .map(([label, value]) => `${label}: ${value}`)
    .join(' · ');
}

type Props = {
  seva: AssignedSeva;
  /** While it is being marked done. */
  busy: boolean;
  onDone: () => void;
  /** The seva's heading: h2 in a day's list, h3 under a day's heading. */
  heading?: 'h2' | 'h3';
};

/** One seva of the priest's day: when, what, for whom (with gotram, nakshatram and rasi), where. */
export function AssignedSevaCard({ seva, busy, onDone, heading = 'h2' }: Props) {
  const status = STATUS[seva.status] ?? { label: seva.status, color: 'default' as const };
  const title = `${seva.slotLabel} · ${seva.sevaName}`;
  return (
    <Paper component="article" variant="outlined" aria-label={title} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="p" variant="h6" sx={{ lineHeight: 1.2 }}>
            {seva.slotLabel}
          </Typography>
          <Typography component={heading} variant="subtitle1" sx={{ fontWeight: 600 }}>
            {seva.sevaName}
          </Typography>
        </Box>
        <Chip size="small" label={status.label} color={status.color} sx={{ flexShrink: 0 }} />
      </Box>
      <Box component="ul" aria-label={`People of the sankalpam: ${seva.sevaName}`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {seva.participants.map((p, i) => (
          <Box component="li" key={i}>
            <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
            {lineage(p) ? (
              <Typography variant="body2" color="text.secondary">
                {lineage(p)}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
      {seva.address ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          <strong>Address:</strong> {seva.address}
        </Typography>
      ) : null}
      {seva.note ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          <strong>Note:</strong> {seva.note}
        </Typography>
      ) : null}
      {seva.status === 'confirmed' ? (
        <Button
          variant="contained"
          size="large"
          startIcon={<TaskAlt />}
          onClick={onDone}
          disabled={busy}
          aria-label={`Mark done: ${title}`}
          fullWidth
        >
          {busy ? 'Saving...' : 'Mark done'}
        </Button>
      ) : null}
    </Paper>
  );
}
