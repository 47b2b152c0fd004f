import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  intro?: ReactNode;
  /** Beside the heading (wrapped below it on a phone). */
  actions?: ReactNode;
  children: ReactNode;
};

/** A scrolled table's container: focusable, so the keyboard scrolls it too, with the focus drawn inside its edge. */
export const scrollRegionSx = { '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: '-2px' } } as const;

/** One step of the import page: a section named by its heading. */
export function StepSection({ id, title, intro, actions, children }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={id} component="h2" variant="h6">
            {title}
          </Typography>
          {intro ? (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          ) : null}
        </Box>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}
