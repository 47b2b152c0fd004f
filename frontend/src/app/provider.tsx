import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ToastProvider } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { initialFallback, markupHasData } from '@/lib/initial-data';
import { swrConfig } from '@/lib/swr';
import { useHydrated } from '@/lib/use-hydrated';
import { appTheme, THEME_STORAGE_KEY } from './theme';

/**
 * The API answers the server wrote into the page seed SWR (lib/initial-data.ts). Markup rendered
 * with them (ADR 0120) is hydrated with them; a page prerendered without them (ADR 0117) gets them
 * once hydrated, so its first render matches the markup either way. Only this component changes
 * when the page is hydrated, so that change re-renders SWR's users alone, not the whole app (a
 * synchronous re-render of every styled component, a third of a second on a slow phone).
 */
function SwrWithPageData({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const withData = hydrated || markupHasData();
  const swrValue = useMemo(() => ({ ...swrConfig, fallback: withData ? initialFallback() : {} }), [withData]);
  return <SWRConfig value={swrValue}>{children}</SWRConfig>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    // `noSsr`: the mode is read from storage on the first render instead of in an effect after it,
    // which re-rendered every styled component once the page was hydrated (the page's colours come
    // from CSS variables and the theme bootstrap's class, so the markup does not depend on it).
    <ThemeProvider theme={appTheme()} defaultMode="light" modeStorageKey={THEME_STORAGE_KEY} disableTransitionOnChange noSsr>
      <CssBaseline enableColorScheme />
      <SwrWithPageData>
        <ToastProvider>
          <AuthProvider>{children}</AuthProvider>
        </ToastProvider>
      </SwrWithPageData>
    </ThemeProvider>
  );
}
