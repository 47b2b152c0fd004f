import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * Labelled facts as a definition list: on the screen, labels in a column of their own from tablet
 * width up (`wide`); on the slip, labels as wide as they need.
 */
export function Facts({ rows, wide = false }: { rows: [string, ReactNode][]; wide?: boolean }) {
  const columns = wide ? { xs: '1fr', sm: '11rem 1fr' } : 'auto 1fr';
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: columns, columnGap: 2, rowGap: wide ? { xs: 0.25, sm: 1 } : 0.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={wide ? { mt: { xs: 1, sm: 0 } } : undefined}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
