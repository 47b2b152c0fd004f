import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
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
import type { Event } from '@/types/api';
import { totalPeople, useEventAttendees } from '../api/events-admin';
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

type Props = {
  event: Event;
  /** After a delete (e.g. navigate to /events). */
  onDeleted: () => void;
};

/** Admin tools on the event page: Edit, Delete, the attendee total and the volunteer list. */
export function EventAdminPanel({ event, onDeleted }: Props) {
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
          <Button variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={() => {
              setDeleteSession((s) => s + 1);
              setDeleteOpen(true);
            }}
          >
            Delete
          </Button>
        </Box>
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Attendees
      </Typography>
      <Attendance eventId={event.id} />
      <Divider sx={{ my: 2.5 }} />
      <VolunteerManagement eventId={event.id} />

      {editSession > 0 ? (
        <Suspense fallback={null}>
          <EditEventDialog key={editSession} open={editOpen} onClose={() => setEditOpen(false)} event={event} />
        </Suspense>
      ) : null}
      <DeleteEventDialog
        key={deleteSession}
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        event={event}
        onDeleted={onDeleted}
      />
    </Paper>
  );
}
