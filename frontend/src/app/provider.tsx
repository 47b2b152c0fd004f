import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ToastProvider } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { swrConfig } from '@/lib/swr';
import { theme, THEME_STORAGE_KEY } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} defaultMode="light" modeStorageKey={THEME_STORAGE_KEY} disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      <SWRConfig value={swrConfig}>
        <ToastProvider>
          <AuthProvider>{children}</AuthProvider>
        </ToastProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
