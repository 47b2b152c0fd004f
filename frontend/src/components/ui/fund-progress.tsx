import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { progressText } from '@/lib/funds';
import type { Fund } from '@/types/api';
import { t } from '../i18n';

type Props = {
  fund: Pick<Fund, 'name' | 'goal' | 'progress'>;
  /** The fund's own page: a thicker bar and larger text. */
  large?: boolean;
};

/**
 * What a fund has raised: a progress bar toward its goal (none without a goal) and
 * "$182,400.00 of $500,000.00 · 214 donors" (or "$1,234.00 raised · 12 donors").
 */
export function FundProgress({ fund, large = false }: Props) {
  const percent = fund.goal ? (fund.progress.percent ?? 0) : null;
  return (
    <Box sx={{ display: 'grid', gap: large ? 1 : 0.75 }}>
      {percent !== null ? (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={t('ui.fund.progressLabel', { name: fund.name })}
          aria-valuetext={t('ui.fund.progressValue', { percent: String(percent) })}
          sx={{ height: large ? 12 : 8, borderRadius: 99 }}
        />
      ) : null}
      <Typography variant={large ? 'h6' : 'body2'} component="p" color={large ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: large ? 600 : 400 }}>
        {progressText(fund)}
      </Typography>
    </Box>
  );
}
