import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { formatDate, formatTime } from '@/lib/format';
import type { Event } from '@/types/api';
import { useEventAttendees } from '../api/events-admin';
import { LoadingRegion } from '@/components/ui/loading-region';

/** A printable sign-in sheet: every registration by last name, its party size and a box to tick at the door. */
export function SignInSheet({ event }: { event: Event }) {
  const { attendees, error, isLoading, reload } = useEventAttendees(event.id);
  const list = [...(attendees ?? [])].sort(
    (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
  );
  return (
    <Container sx={{ py: { xs: 2, md: 4 }, '@media print': { py: 0, maxWidth: 'none' } }}>
      {/* On paper only the sheet: no site header, footer or skip link. */}
      <GlobalStyles styles={{ '@media print': { 'body > #root header, body > #root footer, .MuiAppBar-root': { display: 'none !important' } } }} />
      <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2, ml: -1, '@media print': { display: 'none' } }}>
        <Button component={RouterLink} to={paths.eventDetail.getHref(event.id)} startIcon={<ArrowBack />}>
          Back to event
        </Button>
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()} disabled={!attendees}>
          Print
        </Button>
      </Box>
      <Typography component="h1" variant="h4">
        Sign-in sheet: {event.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {formatDate(event.eventDate)} · {formatTime(event.eventDate)} · {event.location} · {list.length}{' '}
        {list.length === 1 ? 'registration' : 'registrations'}, {list.reduce((n, a) => n + a.numberOfFamilyMembers + 1, 0)} people
      </Typography>
      {error && !attendees ? <RetryAlert onRetry={reload}>The attendees could not be loaded.</RetryAlert> : null}
      {isLoading ? (
        <LoadingRegion label="Loading attendees">
          <Skeleton variant="rounded" height={120} />
        </LoadingRegion>
      ) : null}
      {attendees ? (
        <Table size="small" aria-label="Sign-in sheet" sx={{ '& td, & th': { borderColor: 'text.secondary' }, '@media print': { '& td, & th': { color: '#000', borderColor: '#000' } } }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Phone</TableCell>
              <TableCell align="right">Party size</TableCell>
              <TableCell align="center">Arrived</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((a) => (
              <TableRow key={a.id} sx={{ breakInside: 'avoid' }}>
                <TableCell>
                  {a.lastName}, {a.firstName}
                </TableCell>
                <TableCell>{a.phoneNumber ?? ''}</TableCell>
                <TableCell align="right">{a.numberOfFamilyMembers + 1}</TableCell>
                <TableCell align="center">
                  <Box
                    component="span"
                    role="img"
                    aria-label={a.checkedInAt ? 'checked in' : 'check-in box'}
                    sx={{ display: 'inline-block', width: 20, height: 20, border: 2, borderColor: 'text.primary', lineHeight: '16px', fontWeight: 700 }}
                  >
                    {a.checkedInAt ? '✓' : ''}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
            {list.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>Nobody has registered yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      ) : null}
    </Container>
  );
}
