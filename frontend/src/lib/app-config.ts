import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { AppConfig } from '@/types/api';

export const DEFAULT_TEMPLE_NAME = 'Sri Venkateswara Temple of Folsom';

/** GET /api/config: temple name, environment and staging flag, payment provider, Stripe key and Zelle instructions. */
export function useAppConfig() {
  const { data, error, isLoading } = useSWR<AppConfig>(apiKeys.config);
  // Loading means no data yet: data seeded from the page (lib/initial-data.ts) stays on screen while it revalidates.
  return { config: data, error, isLoading: isLoading && data === undefined, templeName: data?.templeName ?? DEFAULT_TEMPLE_NAME };
}
