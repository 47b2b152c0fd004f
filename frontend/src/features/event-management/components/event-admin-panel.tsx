import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { Event } from '@/types/api';
import { downloadEventCsv, totalPeople, useEventAttendees, useEventWaitlist } from '../api/events-admin';
import { DeleteEventDialog } from './delete-event-dialog';
import { VolunteerManagement } from './volunteer-management';

const EditEventDialog = lazy(() => import('./edit-event-dialog'));

function Attendance({ eventId }: { eventId: string }) {
  const { attendees, error, isLoading } = useEventAttendees(eventId);
  if (isLoading) return <Skeleton variant="rounded" height={64} />;
  if (error || !attendees) return <Alert severity="error">The attendee list could not be loaded.</Alert>;
  const total = totalPeople(attendees);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1.5 }}>
        <Box>
          <Typography variant="h4" component="p" data-testid="attendee-total">
            {total}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {total === 1 ? 'person attending' : 'people attending'}
          </Typography>
        </Box>
        <Box>
          <Typography variant="h4" component="p">
            {attendees.length}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {attendees.length === 1 ? 'registration' : 'registrations'}
          </Typography>
        </Box>
      </Box>
      {attendees.length > 0 ? (
        <Accordion disableGutters variant="outlined" sx={{ '&::before': { display: 'none' } }}>
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography>Attendee list</Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ p: 0 }}>
            <TableContainer>
              <Table size="small" aria-label="Attendees">
                <TableHead>
                  <TableRow>
                    <TableCell>Name</TableCell>
                    <TableCell>Contact</TableCell>
                    <TableCell align="right">People</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {attendees.map((a) => (
                    <TableRow key={a.id}>
                      <TableCell>
                        {[a.firstName, a.lastName].filter(Boolean).join(' ') || 'Member'}
                        {a.additionalNotes ? (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {a.additionalNotes}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-all' }}>
                        {a.email}
                        {a.phoneNumber ? (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {a.phoneNumber}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell align="right">{(Number(a.numberOfFamilyMembers) || 0) + 1}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </AccordionDetails>
        </Accordion>
      ) : null}
    </Box>
  );
}

/** The waitlist beside the attendees: parties in line, in order. */
function Waitlist({ eventId }: { eventId: string }) {
  const { waitlist, error, isLoading } = useEventWaitlist(eventId);
  if (isLoading) return <Skeleton variant="rounded" height={40} />;
  if (error || !waitlist) return <Alert severity="error">The waitlist could not be loaded.</Alert>;
  if (waitlist.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nobody is on the waitlist.
      </Typography>
    );
  }
  const people = totalPeople(waitlist);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {waitlist.length === 1 ? '1 party' : `${waitlist.length} parties`} waiting ({people} {people === 1 ? 'person' : 'people'}).
        Cancellations register the first parties that fit.
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Waitlist">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Contact</TableCell>
              <TableCell align="right">People</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {waitlist.map((w) => (
              <TableRow key={w.id}>
                <TableCell>{w.position}</TableCell>
                <TableCell>{[w.firstName, w.lastName].filter(Boolean).join(' ') || 'Member'}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  {w.email}
                  {w.phoneNumber ? (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {w.phoneNumber}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right">{w.numberOfFamilyMembers + 1}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/**
 * Running the event day: check-in at the door, the sign-in sheet and the CSV exports, each shown
 * to the accounts allowed it.
 */
function EventOperations({ eventId }: { eventId: string }) {
  const { toast } = useToast();
  const { can } = useAuth();
  const download = (what: 'attendees' | 'volunteers') => {
    downloadEventCsv(eventId, what).catch((err: unknown) =>
      toast({ title: 'Export failed', description: errorMessage(err, 'The list could not be exported.'), variant: 'destructive' }),
    );
  };
  const actions = [
    can('door_duty') ? (
      <Button key="check-in" size="small" variant="contained" component={RouterLink} to={paths.eventCheckIn.getHref(eventId)} startIcon={<HowToRegOutlined />}>
        Check-in
      </Button>
    ) : null,
    can('read_attendees') ? (
      <Button key="sheet" size="small" variant="outlined" component={RouterLink} to={paths.eventSignInSheet.getHref(eventId)} startIcon={<PrintOutlined />}>
        Sign-in sheet
      </Button>
    ) : null,
    can('export_members') ? (
      <Button key="attendees" size="small" variant="outlined" onClick={() => download('attendees')} startIcon={<DownloadOutlined />}>
        Attendees CSV
      </Button>
    ) : null,
    can('manage_volunteers') ? (
      <Button key="volunteers" size="small" variant="outlined" onClick={() => download('volunteers')} startIcon={<DownloadOutlined />}>
        Volunteers CSV
      </Button>
    ) : null,
  ].filter(Boolean);
  if (actions.length === 0) return null;
  return <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>{actions}</Box>;
}

type Props = {
  event: Event;
  /** After a delete (e.g. navigate to /events). */
  onDeleted: () => void;
};

/**
 * Staff tools on the event page: Edit and Delete (editors), the attendees and waitlist (front
 * desk), the check-in (door duty), the volunteer list (volunteer coordinators), each shown only to
 * the accounts whose permissions allow it.
 */
export function EventAdminPanel({ event, onDeleted }: Props) {
  const { can } = useAuth();
  const edit = can('edit_content');
  const attendees = can('read_attendees');
  const volunteers = can('manage_volunteers');
  const attendance = attendees || can('door_duty') || can('export_members');
  const [editSession, setEditSession] = useState(0);
  const [editOpen, setEditOpen] = useState(false);
  const [deleteSession, setDeleteSession] = useState(0);
  const [deleteOpen, setDeleteOpen] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="admin-tools-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="admin-tools-heading" component="h2" variant="h6">
          Admin Tools
        </Typography>
        {edit ? (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              onClick={() => {
                setEditSession((s) => s + 1);
                setEditOpen(true);
              }}
            >
              Edit
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => {
                setDeleteSession((s) => s + 1);
                setDeleteOpen(true);
              }}
            >
              Delete
            </Button>
          </Box>
        ) : null}
      </Box>
      {attendance ? (
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Attendees
        </Typography>
      ) : null}
      <EventOperations eventId={event.id} />
      {attendees ? <Attendance eventId={event.id} /> : null}
      {attendees && event.capacity !== null ? (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2.5, mb: 1 }}>
            Waitlist
          </Typography>
          <Waitlist eventId={event.id} />
        </>
      ) : null}
      {volunteers ? (
        <>
          {attendance ? <Divider sx={{ my: 2.5 }} /> : null}
          <VolunteerManagement eventId={event.id} />
        </>
      ) : null}

      {edit && editSession > 0 ? (
        <Suspense fallback={null}>
          <EditEventDialog key={editSession} open={editOpen} onClose={() => setEditOpen(false)} event={event} />
        </Suspense>
      ) : null}
      {edit ? (
        <DeleteEventDialog
          key={deleteSession}
          open={deleteOpen}
          onClose={() => setDeleteOpen(false)}
          event={event}
          onDeleted={onDeleted}
        />
      ) : null}
    </Paper>
  );
}
