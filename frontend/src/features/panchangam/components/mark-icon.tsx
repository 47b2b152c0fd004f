import Circle from '@mui/icons-material/Circle';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import SpaOutlined from '@mui/icons-material/SpaOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { Mark } from '../lib/month';

/**
 * The sign of a marked day, told apart by its shape (a lotus, a full and an empty circle) as well
 * as its colour; always next to its name or in a day named by it, so never the only clue.
 */
export function MarkIcon({ mark, ...props }: { mark: Mark } & SvgIconProps) {
  if (mark === 'ekadashi') return <SpaOutlined sx={{ color: 'success.main' }} aria-hidden {...props} />;
  if (mark === 'pournami') return <Circle sx={{ color: 'warning.main' }} aria-hidden {...props} />;
  return <CircleOutlined sx={{ color: 'text.primary' }} aria-hidden {...props} />;
}
