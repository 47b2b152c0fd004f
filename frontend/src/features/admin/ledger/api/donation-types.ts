import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys, forPath } from '@/lib/api-keys';
import type { DonationType, DonationTypeBody, DonationTypeChanges } from '@/types/api';

/** GET /api/donation-types (all, active and inactive). */
export function useAllDonationTypes() {
  const { data, error, isLoading, mutate } = useSWR<DonationType[]>(apiKeys.donationTypes);
  return { donationTypes: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

export function createDonationType(body: DonationTypeBody): Promise<DonationType> {
  return api.post<DonationType>(apiKeys.donationTypes, body);
}

export function updateDonationType(id: string, body: DonationTypeChanges): Promise<DonationType> {
  return api.patch<DonationType>(`${apiKeys.donationTypes}/${id}`, body);
}

export function deleteDonationType(id: string): Promise<void> {
  return api.delete(`${apiKeys.donationTypes}/${id}`);
}

/** Every cached donation-types list (this tab's and the donors'). */
const donationTypeLists = forPath(apiKeys.donationTypes);

/** Creates (id null) or updates a donation type, then reloads the donation-types lists. */
export function useSaveDonationType() {
  const { mutate } = useSWRConfig();
  return async (id: string | null, body: DonationTypeBody): Promise<DonationType> => {
    const saved = id === null ? await createDonationType(body) : await updateDonationType(id, body);
    await mutate(donationTypeLists);
    return saved;
  };
}

/** Deletes a donation type, then reloads the donation-types lists. */
export function useDeleteDonationType() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await deleteDonationType(id);
    await mutate(donationTypeLists);
  };
}
