import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDeleteImportMapping, useImportMappings, useSaveImportMapping } from '../api/import-mappings';
import { applySavedMapping, columnChoices, mappingBody, mappingErrors, NOT_IMPORTED, type ColumnMapping } from '../lib/mapping';
import type { ImportInspectionDto, ImportMappingDto } from '../lib/types';
import { FilePreview } from './file-preview';
import { StepSection } from './step-section';

type Props = {
  inspection: ImportInspectionDto;
  mapping: ColumnMapping;
  /** One field's column chosen ('' : not imported). */
  onFieldChange: (key: string, column: string) => void;
  /** A saved mapping applied: every field set at once. */
  onMappingChange: (mapping: ColumnMapping) => void;
  /** The server's messages by field key (a 400 of the dry run or the import). */
  errors: Record<string, string>;
  /** "Save this mapping as": sent with the import, or saved at once with its button. */
  saveAs: string;
  onSaveAsChange: (name: string) => void;
  saveAsError: string | null;
  onSaveAsError: (message: string | null) => void;
  /** Fields' messages of a refused save, shown under their selects. */
  onErrors: (errors: Record<string, string>) => void;
  disabled: boolean;
};

// Native selects: one per field, as a phone's own picker, and each column's whole name shows.
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** The saved mappings of the file's kind: applying one, and deleting one. */
function SavedMappings({ inspection, onApply, disabled }: { inspection: ImportInspectionDto; onApply: (mapping: ColumnMapping) => void; disabled: boolean }) {
  const { toast } = useToast();
  const { mappings, error } = useImportMappings(inspection.kind);
  const remove = useDeleteImportMapping();
  const [chosenId, setChosenId] = useState('');
  const [missing, setMissing] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<ImportMappingDto | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = mappings?.find((m) => m.id === chosenId) ?? null;

  if (error) return <Alert severity="warning">The saved mappings could not be loaded.</Alert>;
  if (!mappings) return null;
  if (mappings.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No saved mappings for this kind of file yet: name this one below to use it again next time.
      </Typography>
    );
  }

  function apply(id: string) {
    setChosenId(id);
    const saved = mappings?.find((m) => m.id === id);
    if (!saved) {
      setMissing([]);
      return;
    }
    const applied = applySavedMapping(inspection, saved.mapping);
    setMissing(applied.missing);
    onApply(applied.mapping);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await remove(deleting.id);
      toast({ title: 'Mapping deleted', description: `“${deleting.name}” is no longer offered.` });
      if (deleting.id === chosenId) setChosenId('');
      setDeleting(null);
    } catch (err) {
      toast({ title: 'Delete failed', description: errorMessage(err, 'The mapping could not be deleted'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label="Saved mappings"
          value={chosenId}
          onChange={(e) => apply(e.target.value)}
          disabled={disabled}
          slotProps={nativeSelect}
          sx={{ flex: 1, maxWidth: 420 }}
          helperText={missing.length > 0 ? `Not in this file, left unmapped: ${missing.join(', ')}` : 'Sets every column below; change any of them after.'}
        >
          <option value="">Choose a saved mapping</option>
          {mappings.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </TextField>
        {chosen ? (
          <IconButton
            aria-label={`Delete the saved mapping ${chosen.name}`}
            title="Delete this saved mapping"
            onClick={() => setDeleting(chosen)}
            disabled={disabled}
          >
            <DeleteOutlined />
          </IconButton>
        ) : null}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this saved mapping?"
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={busy}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting ? `“${deleting.name}” will no longer be offered. Imports made with it are not changed.` : ''}
      </ConfirmDialog>
    </Box>
  );
}

/**
 * Step 2: which of the file's columns each field of the kind is read from (the server's suggestion
 * first), a saved mapping to apply, the file's first rows, and a name to save the mapping under.
 */
export function MappingStep({
  inspection,
  mapping,
  onFieldChange,
  onMappingChange,
  errors,
  saveAs,
  onSaveAsChange,
  saveAsError,
  onSaveAsError,
  onErrors,
  disabled,
}: Props) {
  const { toast } = useToast();
  const save = useSaveImportMapping();
  const [saving, setSaving] = useState(false);
  const columns = columnChoices(inspection.headers);

  async function saveNow() {
    const name = saveAs.trim();
    if (!name) {
      onSaveAsError('Give the mapping a name');
      return;
    }
    setSaving(true);
    onSaveAsError(null);
    try {
      const saved = await save({ kind: inspection.kind, name, mapping: mappingBody(mapping) });
      toast({ title: 'Mapping saved', description: `“${saved.name}” can be chosen from Saved mappings next time.` });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      onErrors(mappingErrors(fields));
      onSaveAsError(fields.name ?? errorMessage(err, 'The mapping could not be saved'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <StepSection
      id="import-mapping-heading"
      title="2. Match the columns"
      intro="Choose the column of your file that holds each field. Fields marked * are required; the others can be left out."
    >
      <SavedMappings inspection={inspection} onApply={onMappingChange} disabled={disabled} />
      <FilePreview headers={inspection.headers} sample={inspection.sample} />
      <Box
        role="group"
        aria-label="Columns for each field"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}
      >
        {inspection.fields.map((field) => {
          const error = errors[field.key];
          const value = mapping[field.key] ?? NOT_IMPORTED;
          return (
            <TextField
              key={field.key}
              id={`import-field-${field.key}`}
              select
              size="small"
              label={field.label}
              required={field.required}
              value={value}
              onChange={(e) => onFieldChange(field.key, e.target.value)}
              error={Boolean(error)}
              helperText={error ?? field.help}
              disabled={disabled}
              slotProps={nativeSelect}
            >
              <option value={NOT_IMPORTED}>— not imported —</option>
              {columns.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </TextField>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="Save this mapping as"
          value={saveAs}
          onChange={(e) => {
            onSaveAsChange(e.target.value);
            onSaveAsError(null);
          }}
          error={Boolean(saveAsError)}
          helperText={saveAsError ?? 'Optional: saved with the import, to choose again for the next file.'}
          disabled={disabled}
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <Button variant="outlined" startIcon={<SaveOutlined />} onClick={() => void saveNow()} disabled={disabled || saving} sx={{ mt: 0.25 }}>
          {saving ? 'Saving…' : 'Save the mapping now'}
        </Button>
      </Box>
    </StepSection>
  );
}
