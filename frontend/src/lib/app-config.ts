import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { AppConfig } from '@/types/api';

export const DEFAULT_TEMPLE_NAME = 'Sri Venkateswara Temple of Folsom';

/** GET /api/config: temple name, payment provider, Stripe key and Zelle instructions. */
export function useAppConfig() {
  const { data, error, isLoading } = useSWR<AppConfig>(apiKeys.config);
  return { config: data, error, isLoading, templeName: data?.templeName ?? DEFAULT_TEMPLE_NAME };
}
