import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatDate, formatTime } from '@/lib/format';
import type { AuditKind, StaffAuditEntry } from '@/types/api';

export const auditKindLabels: Record<AuditKind, string> = {
  roles: 'Roles',
  money: 'Money',
  events: 'Events',
  sevas: 'Sevas',
  site: 'Site',
  exports: 'Exports',
  members: 'Members',
};

export function auditKindLabel(kind: string): string {
  return auditKindLabels[kind as AuditKind] ?? kind;
}

/** A recorded value as text: '(none)' when absent, a text as it is, anything else as JSON (as the CSV writes it). */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** When an entry was made, in the temple's time zone. */
export function auditWhen(at: string): string {
  return `${formatDate(at)} ${formatTime(at)}`;
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '120px minmax(0, 1fr)' }, gap: { xs: 0, sm: 1 } }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One entry of the audit log: what was done to which record, and each field before and after. */
export function AuditEntryDialog({ entry, onClose }: { entry: StaffAuditEntry; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{entry.summary}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
          <Fact label="When">{auditWhen(entry.at)}</Fact>
          <Fact label="Who">{entry.actorEmail}</Fact>
          <Fact label="Address">{entry.address ?? '—'}</Fact>
          <Fact label="Kind">{auditKindLabel(entry.kind)}</Fact>
          <Fact label="Action">{entry.action}</Fact>
          <Fact label="Record">{entry.targetId ? `${entry.targetKind} ${entry.targetId}` : entry.targetKind}</Fact>
        </Box>
        {entry.changes.length === 0 ? (
          <Typography color="text.secondary">No fields changed.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Changes">
              <TableHead>
                <TableRow>
                  <TableCell>Field</TableCell>
                  <TableCell>Before</TableCell>
                  <TableCell>After</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entry.changes.map((c, i) => (
                  <TableRow key={`${c.field}-${i}`}>
                    <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{c.field}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{auditValue(c.before)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{auditValue(c.after)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
