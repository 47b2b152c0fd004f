import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ToastProvider } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { initialFallback } from '@/lib/initial-data';
import { swrConfig } from '@/lib/swr';
import { useHydrated } from '@/lib/use-hydrated';
import { theme, THEME_STORAGE_KEY } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  // The API answers the server wrote into the page seed SWR (lib/initial-data.ts); a prerendered
  // page gets them once hydrated, so its first render matches the markup (ADR 0117).
  const hydrated = useHydrated();
  const swrValue = useMemo(() => ({ ...swrConfig, fallback: hydrated ? initialFallback() : {} }), [hydrated]);
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
