import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatUSD } from '@/lib/format';

/** One item waiting for the bank, as a row to tick: what it is, a detail line, and its amount. */
export type PickItem = { id: string; title: string; detail: ReactNode; amount: string };

type Props = {
  title: string;
  /** "closed drawers": what "Select all" names for assistive technology. */
  noun: string;
  empty: string;
  items: readonly PickItem[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  disabled: boolean;
};

/** A group of items to deposit (closed drawers, hundi counts, checks), each with a checkbox, and Select all. */
export function PickGroup({ title, noun, empty, items, chosen, onToggle, onToggleAll, disabled }: Props) {
  const count = items.filter((i) => chosen.has(i.id)).length;
  const headingId = `pick-${noun.replace(/\s+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', pb: 0.5 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {`${title} (${items.length})`}
        </Typography>
        {items.length > 1 ? (
          <FormControlLabel
            label="Select all"
            labelPlacement="start"
            disabled={disabled}
            control={
              <Checkbox
                checked={count === items.length}
                indeterminate={count > 0 && count < items.length}
                onChange={(e) => onToggleAll(e.target.checked)}
                slotProps={{ input: { 'aria-label': `Select all ${noun}` } }}
              />
            }
          />
        ) : null}
      </Box>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {empty}
        </Typography>
      ) : (
        items.map((item) => (
          <Box
            key={item.id}
            component="label"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr) auto',
              alignItems: 'center',
              columnGap: 1,
              py: 0.5,
              borderBottom: 1,
              borderColor: 'divider',
              cursor: disabled ? 'default' : 'pointer',
            }}
          >
            <Checkbox checked={chosen.has(item.id)} onChange={(e) => onToggle(item.id, e.target.checked)} disabled={disabled} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</Typography>
              <Typography variant="body2" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {item.detail}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>{formatUSD(item.amount)}</Typography>
          </Box>
        ))
      )}
    </Box>
  );
}
