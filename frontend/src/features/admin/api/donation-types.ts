import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { DonationType } from '@/types/api';

export type DonationTypeBody = {
  name: string;
  description: string | null;
  defaultAmount: string | null;
  isActive: boolean;
};

/** GET /api/donation-types (all, active and inactive). */
export function useAllDonationTypes() {
  const { data, error, isLoading, mutate } = useSWR<DonationType[]>(apiKeys.donationTypes);
  return { donationTypes: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

export function createDonationType(body: DonationTypeBody): Promise<DonationType> {
  return api.post<DonationType>(apiKeys.donationTypes, body);
}

export function updateDonationType(id: string, body: Partial<DonationTypeBody>): Promise<DonationType> {
  return api.patch<DonationType>(`${apiKeys.donationTypes}/${id}`, body);
}

export function deleteDonationType(id: string): Promise<void> {
  return api.delete(`${apiKeys.donationTypes}/${id}`);
}
