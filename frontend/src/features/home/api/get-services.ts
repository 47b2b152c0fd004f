import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { RecurringService } from '@/types/api';

/** GET /api/services: the recurring services with their next occurrence, soonest first (computed by the server). */
export function useServices() {
  const { data, error, isLoading } = useSWR<RecurringService[]>(apiKeys.services);
  return { services: data, error: error as Error | undefined, isLoading };
}
