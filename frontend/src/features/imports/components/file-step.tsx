import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useRef, type ChangeEvent } from 'react';
import { IMPORT_ACCEPT } from '../lib/file';
import { countOf, importKindLabels } from '../lib/summary';
import type { ImportKind } from '../lib/types';
import { StepSection } from './step-section';

type Props = {
  kind: ImportKind;
  onKindChange: (kind: ImportKind) => void;
  onFile: (file: File) => void;
  /** The chosen file's name, once one is chosen. */
  fileName: string | null;
  /** The file's data rows, once the server has read it. */
  rows: number | null;
  /** The server is reading the file. */
  reading: boolean;
  /** Why the file was refused (too large, or the server could not read it). */
  error: string | null;
};

const kinds = Object.entries(importKindLabels) as [ImportKind, string][];

/** Step 1: what the file holds and the file itself (CSV or Excel), read by the server at once. */
export function FileStep({ kind, onKindChange, onFile, fileName, rows, reading, error }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const kindLabel = useId();

  function chosen(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // Cleared, so that choosing the same file again (changed since) reads it again.
    e.target.value = '';
    if (file) onFile(file);
  }

  return (
    <StepSection id="import-file-heading" title="1. Choose the file">
      <FormControl component="fieldset" disabled={reading}>
        <FormLabel component="legend" id={kindLabel}>
          What the file holds
        </FormLabel>
        <RadioGroup row aria-labelledby={kindLabel} name="import-kind" value={kind} onChange={(e) => onKindChange(e.target.value as ImportKind)}>
          {kinds.map(([value, label]) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
          ))}
        </RadioGroup>
      </FormControl>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <input ref={input} hidden type="file" accept={IMPORT_ACCEPT} aria-label="File to import" onChange={chosen} />
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={reading}>
          Choose a file
        </Button>
        <Box role="status" sx={{ minWidth: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
          {reading ? <CircularProgress size={18} aria-hidden /> : null}
          {fileName ? (
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {reading ? `Reading ${fileName}…` : <><Box component="span" sx={{ fontWeight: 600 }}>{fileName}</Box>{rows !== null ? ` · ${countOf(rows, 'row')}` : ''}</>}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              A CSV file or an Excel workbook (.xlsx), up to 20 MB.
            </Typography>
          )}
        </Box>
      </Box>
      {error ? <Alert severity="error">{error}</Alert> : null}
    </StepSection>
  );
}
