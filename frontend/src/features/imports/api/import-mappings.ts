import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import type { ImportKind, ImportMappingDto } from '../lib/types';

/** Every saved column mapping, both kinds. */
export const IMPORT_MAPPINGS_PATH = '/api/admin/import-mappings';

/** PUT /api/admin/import-mappings: saves a mapping under its kind and name (replacing one of that name). */
export type SaveImportMappingBody = components['schemas']['SaveImportMappingRequest'];

/** GET /api/admin/import-mappings: the saved mappings; `kind` keeps that kind's, by name. */
export function useImportMappings(kind: ImportKind) {
  const { data, error, isLoading } = useSWR<ImportMappingDto[]>(IMPORT_MAPPINGS_PATH);
  const mappings = data?.filter((m) => m.kind === kind).sort((a, b) => a.name.localeCompare(b.name));
  return { mappings, error: error as Error | undefined, isLoading: isLoading && data === undefined };
}

/** Saves (or replaces, by kind and name) a mapping, then reloads the list. */
export function useSaveImportMapping() {
  const { mutate } = useSWRConfig();
  return async (body: SaveImportMappingBody): Promise<ImportMappingDto> => {
    const saved = await api.put<ImportMappingDto>(IMPORT_MAPPINGS_PATH, body);
    await mutate(IMPORT_MAPPINGS_PATH);
    return saved;
  };
}

/** DELETE /api/admin/import-mappings/{id}, then reloads the list. */
export function useDeleteImportMapping() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await api.delete(`${IMPORT_MAPPINGS_PATH}/${encodeURIComponent(id)}`);
    await mutate(IMPORT_MAPPINGS_PATH);
  };
}
