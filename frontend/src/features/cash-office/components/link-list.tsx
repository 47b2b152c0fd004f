import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A list of rows that each open a page (the counts, the deposits), edge to edge in its section. */
export function LinkList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, mx: { xs: -2, sm: -3 } }}>
      {children}
    </Box>
  );
}

/** One row of a `LinkList`: a link laid out in `columns` (a grid template per breakpoint). */
export function LinkRow({ to, columns, children }: { to: string; columns: { xs: string; md: string }; children: ReactNode }) {
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0, mb: -1 } }}>
      <Box
        component={RouterLink}
        to={to}
        sx={{
          display: 'grid',
          gridTemplateColumns: columns,
          gap: { xs: 0.25, md: 2 },
          alignItems: 'center',
          px: { xs: 2, sm: 3 },
          py: 1.25,
          color: 'inherit',
          textDecoration: 'none',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
