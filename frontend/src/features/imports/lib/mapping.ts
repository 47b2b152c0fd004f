import type { ImportFieldDto, ImportInspectionDto } from './types';

/** Which column of the file each field is read from, by field key; '' when the field is not imported. */
export type ColumnMapping = Record<string, string>;

/** The select's value of "— not imported —". */
export const NOT_IMPORTED = '';

/** The file's columns a field can be read from: each header once, blank ones left out (nothing names them). */
export function columnChoices(headers: readonly string[]): string[] {
  return [...new Set(headers.filter((h) => h.trim() !== ''))];
}

/** Every field of the kind mapped as `source` says where the file has that column, else not imported. */
function mapFields(fields: readonly ImportFieldDto[], headers: readonly string[], source: Record<string, string>): ColumnMapping {
  const columns = new Set(columnChoices(headers));
  return Object.fromEntries(fields.map((f) => [f.key, columns.has(source[f.key] ?? '') ? source[f.key] : NOT_IMPORTED]));
}

/** The mapping the server suggests for a file it has just read. */
export function suggestedMapping(inspection: ImportInspectionDto): ColumnMapping {
  return mapFields(inspection.fields, inspection.headers, inspection.suggested);
}

/**
 * A saved mapping applied to this file: its columns that the file has are chosen, every other
 * field is left unmapped. `missing`: the saved mapping's columns this file lacks.
 */
export function applySavedMapping(inspection: ImportInspectionDto, saved: Record<string, string>): { mapping: ColumnMapping; missing: string[] } {
  const mapping = mapFields(inspection.fields, inspection.headers, saved);
  const keys = new Set(inspection.fields.map((f) => f.key));
  const missing = Object.entries(saved)
    .filter(([key, column]) => keys.has(key) && column && mapping[key] !== column)
    .map(([, column]) => column);
  return { mapping, missing: [...new Set(missing)] };
}

/** The mapping as the API takes it: only the fields read from a column. */
export function mappingBody(mapping: ColumnMapping): Record<string, string> {
  return Object.fromEntries(Object.entries(mapping).filter(([, column]) => column !== NOT_IMPORTED));
}

/** The per-field messages of a 400 answer (`errors` keyed `mapping.<fieldKey>`), by field key. */
export function mappingErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith('mapping.')) out[key.slice('mapping.'.length)] = message;
  }
  return out;
}
