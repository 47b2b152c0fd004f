import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { appTheme, THEME_STORAGE_KEY } from '@/app/theme';
import { ToastProvider } from '@/components/ui/toast';
import { AUTH_TOKEN_KEY } from '@/lib/api-client';
import { AuthProvider, useAuth } from '@/lib/auth';
import { swrConfig } from '@/lib/swr';
import type { User } from '@/types/api';
import { http, HttpResponse } from 'msw';
import { server } from './mocks/server';

/** Providers as in the app, with a fresh SWR cache per test. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={appTheme()} defaultMode="light" modeStorageKey={THEME_STORAGE_KEY}>
      <CssBaseline />
      <SWRConfig value={{ ...swrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
        <ToastProvider>
          <AuthProvider>{children}</AuthProvider>
        </ToastProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}

/** Signs a user in for the test: stores a token and answers GET /api/users/me with the user. */
export function signInAs(user: User) {
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'test-token');
  server.use(http.get('/api/users/me', () => HttpResponse.json(user)));
}

type RenderOptions = {
  /** Initial URL, default '/'. */
  route?: string;
  /** Route pattern for the element, default '*'. */
  path?: string;
  /** Extra routes (e.g. redirect targets), as path -> element. */
  routes?: Record<string, ReactElement>;
  /**
   * Signs this user in (`signInAs`) and renders the element once the session check has answered,
   * so what the user's permissions show is there from the first render.
   */
  as?: User;
};

/** Its children once the session check has finished. */
function AfterSessionCheck({ children }: { children: ReactNode }) {
  return useAuth().loading ? null : children;
}

/** Shows the current location so tests can assert redirects. */
export function LocationDisplay() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search + location.hash}</div>;
}

/** Renders an element inside the providers and a memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', routes = {}, as }: RenderOptions = {}) {
  const user = userEvent.setup({ delay: null });
  if (as) signInAs(as);
  const result = render(
    <TestProviders>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={as ? <AfterSessionCheck>{ui}</AfterSessionCheck> : ui} />
          {Object.entries(routes).map(([p, el]) => (
            <Route key={p} path={p} element={el} />
          ))}
        </Routes>
        <LocationDisplay />
      </MemoryRouter>
    </TestProviders>,
  );
  return { ...result, user };
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export * from '@testing-library/react';
export { userEvent };
