import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ToastProvider } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { initialFallback, markupHasData } from '@/lib/initial-data';
import { swrConfig } from '@/lib/swr';
import { useHydrated } from '@/lib/use-hydrated';
import { theme, THEME_STORAGE_KEY } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  // The API answers the server wrote into the page seed SWR (lib/initial-data.ts). Markup rendered
  // with them (ADR 0120) is hydrated with them; a page prerendered without them (ADR 0117) gets them
  // once hydrated, so its first render matches the markup either way.
  const hydrated = useHydrated();
  const withData = hydrated || markupHasData();
  const swrValue = useMemo(() => ({ ...swrConfig, fallback: withData ? initialFallback() : {} }), [withData]);
  return (
    <ThemeProvider theme={theme} defaultMode="light" modeStorageKey={THEME_STORAGE_KEY} disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      <SWRConfig value={swrValue}>
        <ToastProvider>
          <AuthProvider>{children}</AuthProvider>
        </ToastProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
