import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * A prerendered form (ADR 0117) paints before its JavaScript has run; until the page is hydrated
 * its controls are inert (a fieldset with the `inert` attribute and no look of its own): nothing
 * can be focused, typed or pressed, so nothing typed is lost and the browser never submits the form
 * itself (which would put the fields in the URL). Inert rather than disabled: enabling a form's
 * controls restyles every one of them, and a select of 700 gotrams then lays out all its options
 * again, a long task on a phone right after hydration.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Box component="fieldset" inert={!hydrated} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {children}
    </Box>
  );
}
