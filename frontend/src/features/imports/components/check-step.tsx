import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { DownloadButton, useDownload } from '@/components/ui/download-button';
import type { ColumnMapping } from '../lib/mapping';
import { countOf, describeReport, formatCount } from '../lib/summary';
import type { ImportFieldDto, ImportReportDto } from '../lib/types';
import { IssuesTable, SHOWN_ISSUES } from './issues-table';
import { StepSection } from './step-section';

type Props = {
  /** The last check's report and the mapping it checked; null before the first. */
  checked: { report: ImportReportDto; mapping: ColumnMapping } | null;
  /** The file or the mapping changed since that check. */
  stale: boolean;
  checking: boolean;
  /** Why the check was refused (its fields' messages show under their selects). */
  error: string | null;
  disabled: boolean;
  fields: readonly ImportFieldDto[];
  onCheck: () => void;
  /** Downloads the report of every row's problems (CSV). */
  onDownload: () => Promise<unknown>;
};

/** Step 3: the dry run: what importing would write, and each row's problems, with the whole report as CSV. */
export function CheckStep({ checked, stale, checking, error, disabled, fields, onCheck, onDownload }: Props) {
  const download = useDownload(onDownload);
  const report = checked?.report;
  const issues = report?.issues ?? [];
  const errors = issues.filter((i) => !i.warning).length;
  const warnings = issues.length - errors;

  return (
    <StepSection id="import-check-heading" title="3. Check the file" intro="Reads every row as it would be imported and lists its problems. Nothing is written.">
      <Box>
        <Button
          variant={checked && !stale ? 'outlined' : 'contained'}
          startIcon={checking ? <CircularProgress size={16} color="inherit" aria-hidden /> : <FactCheckOutlined />}
          onClick={onCheck}
          disabled={disabled || checking}
          aria-busy={checking || undefined}
        >
          {checking ? 'Checking…' : checked ? 'Check the file again' : 'Check the file'}
        </Button>
      </Box>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {report && stale ? (
        <Alert severity="info">The file or the columns changed since this check: check the file again before importing.</Alert>
      ) : null}
      {report ? (
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Alert severity={report.failed > 0 ? 'warning' : 'success'} role="status">
            {`${describeReport(report)}.`}
          </Alert>
          {issues.length > 0 ? (
            <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Box>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                    Problems
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {issues.length > SHOWN_ISSUES
                      ? `Showing ${SHOWN_ISSUES} of ${formatCount(issues.length)} problems`
                      : `${countOf(errors, 'error')} and ${countOf(warnings, 'warning')}`}
                    {'. Rows with an error are not imported; warnings are imported as they are.'}
                  </Typography>
                </Box>
                <DownloadButton state={download} icon={<FileDownloadOutlined />} variant="outlined" size="small">
                  Download the report (CSV)
                </DownloadButton>
              </Box>
              {download.failed ? <Alert severity="error">The report could not be downloaded. Please try again.</Alert> : null}
              <IssuesTable issues={issues} fields={fields} mapping={checked.mapping} />
            </Box>
          ) : null}
        </Box>
      ) : null}
    </StepSection>
  );
}
