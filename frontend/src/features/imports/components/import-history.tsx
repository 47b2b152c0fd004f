import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import { useImports, useUndoImport } from '../api/imports';
import { describeUndo, formatCount, importKindShort, importStatus, importWhen } from '../lib/summary';
import type { ImportSummaryDto } from '../lib/types';
import { scrollRegionSx, StepSection } from './step-section';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

function StatusCell({ item }: { item: ImportSummaryDto }) {
  if (item.running) return <Chip size="small" color="info" variant="outlined" label="Running" />;
  if (item.undoneAt) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {importStatus(item)}
      </Typography>
    );
  }
  return <Chip size="small" color="success" label="Done" />;
}

function HistoryTable({ items, onUndo }: { items: readonly ImportSummaryDto[]; onUndo: (item: ImportSummaryDto) => void }) {
  return (
    <TableContainer role="region" aria-label="Past imports, scrollable" tabIndex={0} sx={scrollRegionSx}>
      <Table size="small" aria-label="Past imports" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>Date</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>File</TableCell>
            <TableCell align="right">Rows</TableCell>
            <TableCell align="right">Written</TableCell>
            <TableCell align="right">Unchanged</TableCell>
            <TableCell align="right">Left out</TableCell>
            <TableCell>By</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(item.at)}
                <Typography variant="caption" color="text.secondary" component="div">
                  {formatTime(item.at)}
                </Typography>
              </TableCell>
              <TableCell>{importKindShort[item.kind]}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{item.fileName}</TableCell>
              <TableCell align="right" sx={num}>
                {formatCount(item.rows)}
              </TableCell>
              <TableCell align="right" sx={num}>
                {formatCount(item.created)}
              </TableCell>
              <TableCell align="right" sx={num}>
                {formatCount(item.unchanged)}
              </TableCell>
              <TableCell align="right" sx={num}>
                {formatCount(item.skipped)}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{item.byEmail}</TableCell>
              <TableCell>
                <StatusCell item={item} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {!item.undoneAt && !item.running ? (
                  <Button
                    size="small"
                    color="error"
                    startIcon={<UndoOutlined />}
                    onClick={() => onUndo(item)}
                    aria-label={`Undo the import of ${item.fileName} on ${importWhen(item.at)}`}
                  >
                    Undo
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Step 5: every import, newest first, with what it wrote and who made it; an import not undone can be undone. */
export function ImportHistory() {
  const { toast } = useToast();
  const { imports, error, isLoading, refresh } = useImports();
  const undo = useUndoImport();
  const [undoing, setUndoing] = useState<ImportSummaryDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [undoError, setUndoError] = useState<string | null>(null);

  function openUndo(item: ImportSummaryDto) {
    setUndoError(null);
    setUndoing(item);
  }

  async function confirmUndo() {
    if (!undoing) return;
    setBusy(true);
    setUndoError(null);
    try {
      await undo(undoing.id);
      toast({ title: 'Import undone', description: `What ${undoing.fileName} wrote has been removed.` });
      setUndoing(null);
    } catch (err) {
      setUndoError(errorMessage(err, 'The import could not be undone. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  let body: ReactNode;
  if (isLoading) {
    body = (
      <LoadingRegion label="Loading past imports" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={36} />
        ))}
      </LoadingRegion>
    );
  } else if (error && !imports) {
    body = <RetryAlert onRetry={() => void refresh()}>Past imports could not be loaded.</RetryAlert>;
  } else if (!imports || imports.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        No imports yet.
      </Typography>
    );
  } else {
    body = <HistoryTable items={imports} onUndo={openUndo} />;
  }

  return (
    <StepSection
      id="import-history-heading"
      title="Past imports"
      intro="Undoing an import removes everything it wrote, unless what it wrote has been used since."
      actions={
        <IconButton aria-label="Refresh past imports" title="Refresh" onClick={() => void refresh()}>
          <RefreshOutlined />
        </IconButton>
      }
    >
      {body}
      <ConfirmDialog
        open={undoing !== null}
        title="Undo this import?"
        confirmLabel="Undo the import"
        busyLabel="Undoing…"
        busy={busy}
        destructive
        onConfirm={() => void confirmUndo()}
        onClose={() => setUndoing(null)}
      >
        {undoing ? <Typography>{describeUndo(undoing)}</Typography> : null}
        {undoError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {undoError}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </StepSection>
  );
}
