import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { t } from '../i18n';

/**
 * A prerendered page (ADR 0117, 0120) paints before its JavaScript has run, and on a slow phone
 * that can take seconds. Whatever would work without scripts is a plain link (or a form the
 * browser can send); what cannot work yet says so, so that a tap is never silently lost:
 *
 * - `UntilHydrated` wraps a form that posts JSON: until the page is hydrated its controls are
 *   inert (a fieldset with the `inert` attribute and no look of its own), so nothing can be
 *   focused, typed or pressed, nothing typed is lost, and the browser never submits the form itself
 *   (which would put the fields in the URL); a veil over it says "Loading…" to the eye and, as a
 *   status, to a screen reader. Inert rather than disabled: enabling a form's controls restyles
 *   every one of them, and a select of 700 gotrams then lays out all its options again, a long task
 *   on a phone right after hydration. The veil is laid over the form, so the form does not move
 *   when it goes.
 * - `UntilHydratedButton` is a button whose action needs scripts (Share): until hydrated it is
 *   disabled, for assistive technology too, and reads "Loading…".
 *
 * Pages rendered in the browser alone are hydrated from their first render: neither shows then.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Box sx={{ position: 'relative' }}>
      {hydrated ? null : (
        <Box
          role="status"
          sx={(theme) => ({
            position: 'absolute',
            inset: 0,
            zIndex: 1,
            display: 'flex',
            justifyContent: 'center',
            alignItems: 'flex-start',
            bgcolor: `rgba(${theme.vars?.palette.background.paperChannel ?? '255 255 255'} / 0.6)`,
          })}
        >
          <Box
            component="span"
            sx={{
              // Below the sticky header while the form scrolls by.
              position: 'sticky',
              top: { xs: 76, md: 84 },
              mt: 2,
              px: 2,
              py: 0.75,
              borderRadius: 4,
              bgcolor: 'background.paper',
              color: 'text.primary',
              boxShadow: 2,
              typography: 'body2',
              fontWeight: 600,
            }}
          >
            {/* What a control that needs the page's scripts says until they have run. */}
            {t('ui.notReady')}
          </Box>
        </Box>
      )}
      <Box component="fieldset" inert={!hydrated} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

type UntilHydratedButtonProps = Omit<ButtonProps, 'children'> & {
  /** The button's text once it works. */
  children: string;
};

/**
 * A button whose action cannot work without the page's scripts. Until hydrated it is rendered
 * disabled (`disabled`, `aria-disabled`), reads "Loading…" and is named "<its text>, loading…";
 * then it is the button it says.
 */
export function UntilHydratedButton({ children, disabled, ...props }: UntilHydratedButtonProps) {
  const hydrated = useHydrated();
  if (hydrated) {
    return (
      <Button disabled={disabled} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Button {...props} onClick={undefined} disabled aria-disabled="true" aria-label={t('ui.notReadyButton', { text: children })}>
      {t('ui.notReady')}
    </Button>
  );
}
