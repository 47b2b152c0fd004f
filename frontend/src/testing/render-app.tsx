import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '@/app/router';
import { LocationDisplay, TestProviders } from './test-utils';

// Kept apart from test-utils.tsx: only the tests that render the whole app import the router, so
// `vitest --changed` (just test-fast) runs a feature's own tests when that feature changes, not
// every test file.
/** Renders the whole app (layout, lazy routes) at a URL. */
export function renderApp(route = '/') {
  const user = userEvent.setup({ delay: null });
  const result = render(
    <TestProviders>
      <MemoryRouter initialEntries={[route]}>
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
        <LocationDisplay />
      </MemoryRouter>
    </TestProviders>,
  );
  return { ...result, user };
}
