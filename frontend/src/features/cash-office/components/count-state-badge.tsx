import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import { countState } from '../lib/count-state';
import type { Collection } from '../types';

/** Where a count stands, in words, with an icon: waiting, locked, or in a deposit. */
export function CountStateBadge({ count }: { count: Pick<Collection, 'locked' | 'deposit' | 'firstConfirmation'> }) {
  const Icon = count.deposit ? MoveToInboxOutlined : count.locked ? VerifiedOutlined : HourglassEmptyOutlined;
  const color = count.deposit ? 'info.main' : count.locked ? 'success.main' : 'warning.main';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.75 }}>
      <Icon fontSize="small" sx={{ color, mt: '2px' }} aria-hidden />
      <span>{countState(count)}</span>
    </Box>
  );
}
