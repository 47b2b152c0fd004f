import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { describeRun, skipInvalidLabel } from '../lib/summary';
import type { ImportReportDto, ImportRunDto } from '../lib/types';
import { StepSection } from './step-section';

type Props = {
  /** The report of a check of the file and mapping as they are now; null when there is none. */
  report: ImportReportDto | null;
  skipInvalid: boolean;
  onSkipInvalidChange: (on: boolean) => void;
  importing: boolean;
  /** This file and mapping were imported already (importing again would change nothing). */
  imported: boolean;
  error: string | null;
  /** The import just made. */
  result: ImportRunDto | null;
  disabled: boolean;
  onImport: () => void;
};

/** Why Import is disabled, when it is. */
function blocker({ report, skipInvalid, imported }: Pick<Props, 'report' | 'skipInvalid' | 'imported'>): string | null {
  if (!report) return 'Check the file first: Import is possible once the check is done for the file and columns as they are.';
  if (imported) return 'This file has been imported. Choose another file to import more.';
  if (report.failed > 0 && !skipInvalid) return 'Some rows have errors: fix them in the file and check it again, or import only the rows without errors.';
  return null;
}

/** Step 4: writes the checked rows; with rows in error only when told to leave them out. */
export function ImportStep({ report, skipInvalid, onSkipInvalidChange, importing, imported, error, result, disabled, onImport }: Props) {
  const why = blocker({ report, skipInvalid, imported });
  return (
    <StepSection id="import-run-heading" title="4. Import">
      {report && report.failed > 0 && !imported ? (
        <FormControlLabel
          control={<Checkbox checked={skipInvalid} onChange={(e) => onSkipInvalidChange(e.target.checked)} disabled={disabled || importing} />}
          label={skipInvalidLabel(report.failed)}
        />
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={importing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <CloudUploadOutlined />}
          onClick={onImport}
          disabled={disabled || importing || why !== null}
          aria-describedby={why ? 'import-run-blocker' : undefined}
          aria-busy={importing || undefined}
        >
          {importing ? 'Importing…' : 'Import'}
        </Button>
        {why ? (
          <Typography id="import-run-blocker" variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
            {why}
          </Typography>
        ) : null}
      </Box>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {result ? (
        <Alert severity="success" role="status">
          {describeRun(result)}
        </Alert>
      ) : null}
    </StepSection>
  );
}
