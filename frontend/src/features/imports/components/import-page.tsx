import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { downloadImportReport, dryRunImport, inspectImportFile, useRunImport, type ImportFileBody } from '../api/imports';
import { importFileProblem, readAsBase64 } from '../lib/file';
import { mappingBody, mappingErrors, suggestedMapping, type ColumnMapping } from '../lib/mapping';
import type { ImportInspectionDto, ImportKind, ImportReportDto, ImportRunDto } from '../lib/types';
import { CheckStep } from './check-step';
import { FileStep } from './file-step';
import { ImportHistory } from './import-history';
import { ImportStep } from './import-step';
import { MappingStep } from './mapping-step';

/** A check's report, the mapping it checked, and the `version` of the file and mapping it was made for. */
type Checked = { report: ImportReportDto; mapping: ColumnMapping; version: number };

/** The server's per-field messages of a refusal (`errors`), when it has them. */
function fieldErrorsOf(err: unknown): Record<string, string> {
  return err instanceof ApiError ? err.fieldErrors : {};
}

/**
 * Steps 1 to 4: the file, its columns, the check and the import. `version` counts the changes of
 * the kind, the file and the mapping: a check counts only for the version it was made for, so
 * any change after it asks for a new check before Import is possible.
 */
function ImportSteps() {
  const runImport = useRunImport();
  const [kind, setKind] = useState<ImportKind>('members');
  const [fileName, setFileName] = useState<string | null>(null);
  const [file, setFile] = useState<ImportFileBody | null>(null);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [inspection, setInspection] = useState<ImportInspectionDto | null>(null);
  // Remounts the mapping step (its saved-mapping choice) for each file read.
  const [inspections, setInspections] = useState(0);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [version, setVersion] = useState(0);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [saveAs, setSaveAs] = useState('');
  const [saveAsError, setSaveAsError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const [result, setResult] = useState<{ run: ImportRunDto; version: number } | null>(null);
  // The latest file read: the answer of an earlier one, chosen again meanwhile, is dropped.
  const reads = useRef(0);

  const changed = () => setVersion((v) => v + 1);
  const busy = reading || checking || importing;
  const stale = checked !== null && checked.version !== version;
  const current = checked && !stale ? checked.report : null;
  const imported = result !== null && result.version === version;

  /** Forgets everything read from the previous file (or kind). */
  function startOver() {
    setInspection(null);
    setMapping({});
    setFieldErrors({});
    setChecked(null);
    setCheckError(null);
    setSkipInvalid(false);
    setImportError(null);
    setResult(null);
    setFileError(null);
    changed();
  }

  async function inspect(nextKind: ImportKind, body: ImportFileBody, read: number) {
    setReading(true);
    try {
      const found = await inspectImportFile({ ...body, kind: nextKind });
      if (read !== reads.current) return;
      setInspection(found);
      setInspections((n) => n + 1);
      setMapping(suggestedMapping(found));
      changed();
    } catch (err) {
      if (read !== reads.current) return;
      setFileError(errorMessage(err, 'The file could not be read. Please try again.'));
    } finally {
      if (read === reads.current) setReading(false);
    }
  }

  async function chooseFile(chosen: File) {
    const read = ++reads.current;
    startOver();
    setFile(null);
    setFileName(chosen.name);
    const problem = importFileProblem(chosen);
    if (problem) {
      setReading(false);
      setFileError(problem);
      return;
    }
    setReading(true);
    let content: string;
    try {
      content = await readAsBase64(chosen);
    } catch {
      if (read === reads.current) {
        setReading(false);
        setFileError('The file could not be read from this device. Please choose it again.');
      }
      return;
    }
    if (read !== reads.current) return;
    const body = { kind, fileName: chosen.name, content };
    setFile(body);
    await inspect(kind, body, read);
  }

  function changeKind(next: ImportKind) {
    setKind(next);
    if (!file) return;
    const read = ++reads.current;
    startOver();
    const body = { ...file, kind: next };
    setFile(body);
    void inspect(next, body, read);
  }

  function changeField(key: string, column: string) {
    setMapping((m) => ({ ...m, [key]: column }));
    setFieldErrors((errors) => {
      if (!(key in errors)) return errors;
      const { [key]: _cleared, ...rest } = errors;
      return rest;
    });
    changed();
  }

  function applyMapping(next: ColumnMapping) {
    setMapping(next);
    setFieldErrors({});
    changed();
  }

  const checkBody = () => (file ? { ...file, mapping: mappingBody(mapping) } : null);

  async function check() {
    const body = checkBody();
    if (!body) return;
    const at = version;
    const checkedMapping = mapping;
    setChecking(true);
    setCheckError(null);
    setFieldErrors({});
    try {
      const report = await dryRunImport(body);
      setChecked({ report, mapping: checkedMapping, version: at });
      setSkipInvalid(false);
      setImportError(null);
    } catch (err) {
      const fields = mappingErrors(fieldErrorsOf(err));
      setFieldErrors(fields);
      const fallback = Object.keys(fields).length > 0 ? 'Choose a column for the fields marked above.' : 'The file could not be checked. Please try again.';
      setCheckError(errorMessage(err, fallback));
    } finally {
      setChecking(false);
    }
  }

  async function downloadReport() {
    // The report of the check on screen: the mapping it checked, not one changed since.
    if (!file || !checked) return;
    await downloadImportReport({ ...file, mapping: mappingBody(checked.mapping) });
  }

  async function runTheImport() {
    const body = checkBody();
    if (!body || !current) return;
    const at = version;
    const name = saveAs.trim();
    setImporting(true);
    setImportError(null);
    try {
      const run = await runImport({ ...body, skipInvalid: current.failed > 0 && skipInvalid, ...(name ? { saveMappingAs: name } : {}) });
      setResult({ run, version: at });
      if (name) setSaveAs('');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setFieldErrors(mappingErrors(fields));
      if (fields.saveMappingAs) setSaveAsError(fields.saveMappingAs);
      setImportError(errorMessage(err, 'The import failed. Please try again.'));
    } finally {
      setImporting(false);
    }
  }

  return (
    <>
      <FileStep
        kind={kind}
        onKindChange={changeKind}
        onFile={(f) => void chooseFile(f)}
        fileName={fileName}
        rows={inspection?.rows ?? null}
        reading={reading}
        error={fileError}
      />
      {inspection && file ? (
        <>
          <MappingStep
            key={inspections}
            inspection={inspection}
            mapping={mapping}
            onFieldChange={changeField}
            onMappingChange={applyMapping}
            errors={fieldErrors}
            onErrors={setFieldErrors}
            saveAs={saveAs}
            onSaveAsChange={setSaveAs}
            saveAsError={saveAsError}
            onSaveAsError={setSaveAsError}
            disabled={busy}
          />
          <CheckStep
            checked={checked}
            stale={stale}
            checking={checking}
            error={checkError}
            disabled={busy}
            fields={inspection.fields}
            onCheck={() => void check()}
            onDownload={downloadReport}
          />
          <ImportStep
            report={current}
            skipInvalid={skipInvalid}
            onSkipInvalidChange={setSkipInvalid}
            importing={importing}
            imported={imported}
            error={importError}
            result={result?.run ?? null}
            disabled={busy}
            onImport={() => void runTheImport()}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * /admin/import (`import_data`: admins): a temple's members, households and giving history brought
 * in from a CSV file or an Excel workbook. The file is read, its columns matched to the kind's
 * fields, checked (a dry run), then imported; past imports can be undone.
 */
export function ImportPage() {
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={RouterLink} to={paths.admin.getHref()} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 2 }}>
        Admin
      </Button>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Import members or gifts
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Bring in your members, households and giving history from a CSV file or an Excel workbook. Nothing is written until you
        confirm, and importing the same file again changes nothing.
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <ImportSteps />
        <ImportHistory />
      </Box>
    </Container>
  );
}
