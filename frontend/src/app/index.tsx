import { useMarkHydrated } from '@/lib/use-hydrated';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  useMarkHydrated();
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
