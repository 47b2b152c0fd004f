import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import type { DoorCount } from '@/types/door';
import type { LiveStatus } from '../api/changes';
import { countParts } from '../lib/door';

/** "312 people (84 families)" breaks only between "Checked in:" and the figures, never inside a figure's words. */
function keepNumbersWithWords(part: string): string {
  return part.replace(/(\d) /g, '$1\u00a0');
}

const STATUS_TEXT: Partial<Record<LiveStatus, string>> = {
  reconnecting: 'Connection lost: reconnecting…',
  stopped: 'Not updating: this page no longer has door access. Reload it to try again.',
};

/**
 * The door's live count, short and wrapping on a phone: "Checked in: 312 people (84 families) ·
 * Registered: 1,020 people (290 families) · Walk-ins: 14 (114 people) · Capacity 1,200 (66 places
 * left)", read out politely when it changes, with the arrivals as a bar.
 */
export function DoorCountBar({ count, status }: { count: DoorCount; status?: LiveStatus }) {
  const parts = countParts(count);
  const expected = count.registeredPeople + count.walkInPeople;
  const note = status ? STATUS_TEXT[status] : undefined;
  return (
    <Box>
      <Box role="status" aria-live="polite" data-testid="door-count" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, rowGap: 0.25, alignItems: 'baseline' }}>
        {parts.map((part, i) => (
          <Fragment key={i}>
            {/* A space between parts for the text read out (a flex container draws none). */}
            {i > 0 ? ' ' : null}
            <Typography component="span" variant={i === 0 ? 'subtitle1' : 'body2'} sx={{ fontWeight: i === 0 ? 700 : 500 }}>
              {keepNumbersWithWords(part)}
              {i < parts.length - 1 ? (
                <Box component="span" aria-hidden="true" sx={{ color: 'text.secondary' }}>
                  {' \u00b7'}
                </Box>
              ) : null}
            </Typography>
          </Fragment>
        ))}
      </Box>
      <LinearProgress
        variant="determinate"
        value={expected > 0 ? Math.min(100, (100 * count.checkedInPeople) / expected) : 0}
        aria-label="People checked in of those expected"
        sx={{ mt: 1, height: 6, borderRadius: 3 }}
      />
      {note ? (
        <Typography variant="caption" color={status === 'stopped' ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.5 }}>
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}
