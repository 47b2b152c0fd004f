import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { PrintStyles } from '@/components/ui/print-styles';
import type { VolunteerBoard } from '@/types/volunteer-shifts';
import { findShift, sheetFileName } from '../lib/board';
import { shiftLabel } from '../lib/shift-time';
import { CsvButton } from './csv-button';

/** An empty box to sign in or out on paper. */
const signCell = { width: { xs: 72, sm: 160 }, px: { xs: 1, sm: 2 }, borderLeft: 1, borderColor: 'divider' } as const;
/** Phones have no Phone column: the number goes under the name. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * A shift's printable sign-in sheet: its confirmed volunteers by name, with their phone and a
 * Signed in and a Signed out column to fill in on the day. On paper only the sheet shows (no site
 * header, footer or buttons); the same list is a CSV download.
 */
export function SignInSheet({ board, shiftId }: { board: VolunteerBoard; shiftId: string }) {
  const found = findShift(board, shiftId);
  const fileName = found ? sheetFileName(found.role, found.shift) : 'sign-in-sheet.csv';
  const { pathname } = useLocation();
  const back = (
    <Button component={RouterLink} to={pathname} startIcon={<ArrowBack />} sx={{ ml: -1 }}>
      Back to the board
    </Button>
  );
  if (!found) {
    return (
      <Container sx={{ py: { xs: 2, md: 4 } }}>
        {back}
        <Typography component="h1" variant="h4" sx={{ mt: 1, mb: 2 }}>
          Sign-in sheet
        </Typography>
        <Alert severity="warning">This shift is not on the event's plan any more.</Alert>
      </Container>
    );
  }
  const { role, shift } = found;
  const people = shift.volunteers.filter((v) => v.status === 'confirmed').sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Container sx={{ py: { xs: 2, md: 4 }, '@media print': { py: 0, maxWidth: 'none' } }}>
      <PrintStyles />
      <Box className="no-print" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {back}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <CsvButton variant="outlined" shiftId={shiftId} fileName={fileName} />
          <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
            Print
          </Button>
        </Box>
      </Box>
      <Box className="print-sheet">
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' }, overflowWrap: 'anywhere' }}>
          Sign-in sheet: {role.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 0.5 }}>
          {board.eventName} · {shiftLabel(shift)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {people.length} of {shift.needed} volunteers{role.reportTo ? ` · Report to: ${role.reportTo}` : ''}
        </Typography>
        <Table size="small" aria-label={`Sign-in sheet: ${role.name}`} sx={{ tableLayout: 'fixed', '& td, & th': { borderColor: 'text.secondary' }, '& tbody td': { height: 44 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ px: { xs: 1, sm: 2 } }}>Name</TableCell>
              <TableCell sx={wideOnly}>Phone</TableCell>
              <TableCell sx={signCell}>Signed in</TableCell>
              <TableCell sx={signCell}>Signed out</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {people.map((v) => (
              <TableRow key={v.id} sx={{ breakInside: 'avoid' }}>
                <TableCell sx={{ overflowWrap: 'break-word', px: { xs: 1, sm: 2 } }}>
                  {v.name}
                  {v.phone ? (
                    <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: '0.8rem' }}>
                      {v.phone}
                    </Box>
                  ) : null}
                </TableCell>
                <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{v.phone ?? ''}</TableCell>
                <TableCell sx={signCell} />
                <TableCell sx={signCell} />
              </TableRow>
            ))}
            {people.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>Nobody has signed up for this shift yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Box>
    </Container>
  );
}
