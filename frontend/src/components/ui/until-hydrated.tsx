import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * A prerendered form (ADR 0117) paints before its JavaScript has run; until the page is hydrated
 * its controls are disabled (a disabled fieldset, with no look of its own), so nothing typed is
 * lost and the browser never submits the form itself (which would put the fields in the URL).
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Box component="fieldset" disabled={!hydrated} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {children}
    </Box>
  );
}
