import Download from '@mui/icons-material/Download';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { AuditKind, StaffAuditEntry, StaffMember } from '@/types/api';
import { useStaff } from '../../members/api/staff';
import { staffName } from '../../members/components/staff-roles-dialog';
import { downloadAuditCsv, emptyAuditFilters, useAuditLog, type AuditFilters } from '../api/audit';
import { AuditEntryDialog, auditKindLabel, auditKindLabels, auditWhen } from './audit-entry-dialog';

const pageSizes = [10, 25, 50, 100];
// Filter selects show their 'All' option and keep the label up.
const allSlot = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

function EntriesTable({ entries, staff, onDetails }: { entries: StaffAuditEntry[]; staff: StaffMember[]; onDetails: (e: StaffAuditEntry) => void }) {
  const nameOf = (e: StaffAuditEntry) => {
    const member = e.actorId ? staff.find((s) => s.id === e.actorId) : undefined;
    return member ? staffName(member) : null;
  };
  return (
    <TableContainer>
      <Table size="small" aria-label="Audit log" sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Summary</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell align="right">Changes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => {
            const name = nameOf(e);
            return (
              <TableRow key={e.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{auditWhen(e.at)}</TableCell>
                {/* The summary second: on a phone it is what shows beside the time. */}
                <TableCell sx={{ minWidth: 200 }}>{e.summary}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all', minWidth: 160 }}>
                  {name ?? e.actorEmail}
                  {name ? (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {e.actorEmail}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={auditKindLabel(e.kind)} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => onDetails(e)} aria-label={`Details: ${e.summary}`}>
                    Details
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Admin tab 'Audit Log': every staff action, newest first, filtered by person, kind and days, paged, and as CSV. */
export function AuditTab() {
  const { toast } = useToast();
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [details, setDetails] = useState<StaffAuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const { log, error, isLoading, isValidating, refresh } = useAuditLog(filters, page + 1, pageSize);
  const { staff } = useStaff();

  const set = <K extends keyof AuditFilters>(k: K, v: AuditFilters[K]) => {
    setFilters((f) => ({ ...f, [k]: v }));
    setPage(0);
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(emptyAuditFilters);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAuditCsv(filters);
    } catch (err) {
      toast({ title: 'Export failed', description: errorMessage(err, 'The CSV could not be downloaded'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  let list: ReactNode;
  if (isLoading && !log) {
    list = (
      <LoadingRegion label="Loading the audit log" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={40} />
        ))}
      </LoadingRegion>
    );
  } else if (error && !log) {
    list = <RetryAlert onRetry={() => void refresh()}>The audit log could not be loaded.</RetryAlert>;
  } else if (!log || log.total === 0) {
    list = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {filtered ? 'No entries match these filters.' : 'No entries yet.'}
      </Typography>
    );
  } else {
    list = (
      <>
        <EntriesTable entries={log.items} staff={staff ?? []} onDetails={setDetails} />
        <TablePagination
          component="div"
          count={log.total}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={pageSizes}
          onRowsPerPageChange={(e) => {
            setPageSize(Number.parseInt(e.target.value, 10));
            setPage(0);
          }}
        />
      </>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="audit-heading">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography id="audit-heading" component="h2" variant="h6">
            Audit Log
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Every staff action: role changes, money, events, sevas, site settings and exports. Entries cannot be changed or
            removed.
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button startIcon={<Download />} variant="outlined" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? 'Downloading...' : 'Download CSV'}
          </Button>
          <Tooltip title="Refresh">
            <span>
              <IconButton aria-label="Refresh the audit log" onClick={() => void refresh()} disabled={isValidating}>
                <Refresh />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      </Box>

      <Box
        role="group"
        aria-label="Filters"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, mb: 2, alignItems: 'start' }}
      >
        <TextField select size="small" label="Person" slotProps={allSlot} value={filters.actor} onChange={(e) => set('actor', e.target.value)}>
          <MenuItem value="">Anyone</MenuItem>
          {(staff ?? []).map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {staffName(m)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Kind" slotProps={allSlot} value={filters.kind} onChange={(e) => set('kind', e.target.value as AuditKind | '')}>
          <MenuItem value="">All kinds</MenuItem>
          {Object.entries(auditKindLabels).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="From"
          value={filters.from}
          onChange={(e) => set('from', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={filters.to}
          onChange={(e) => set('to', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
        />
        <Button
          onClick={() => {
            setFilters(emptyAuditFilters);
            setPage(0);
          }}
          disabled={!filtered}
        >
          Clear filters
        </Button>
      </Box>

      {log && log.total > 0 ? (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
          {log.total === 1 ? '1 entry' : `${log.total} entries`}
        </Typography>
      ) : null}
      {list}
      {details ? <AuditEntryDialog entry={details} onClose={() => setDetails(null)} /> : null}
    </Paper>
  );
}
