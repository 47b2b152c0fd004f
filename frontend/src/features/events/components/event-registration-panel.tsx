import CheckCircle from '@mui/icons-material/CheckCircle';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import type { Event } from '@/types/api';
import { useMyAttendee } from '../api/get-my-attendee';
import { useMyVolunteer } from '../api/get-my-volunteer';
import { spotsLeftLabel } from '../lib/event-utils';

export type EventRegistrationPanelProps = {
  event: Event;
  /** 'Register Now' (signed in, not registered). */
  onRegister?: () => void;
  /** 'Join Event' (registered): opens the update-information dialog. */
  onJoin?: () => void;
  /** 'Make a Donation'. */
  onDonate?: () => void;
  /** 'Volunteer for Event' / 'Manage Volunteer Status'. */
  onVolunteer?: () => void;
  /** Extra content at the end of the panel (e.g. dialogs or admin tools). */
  children?: ReactNode;
};

/**
 * Side panel 'Event Registration' with its three states: signed out, signed in and not
 * registered, registered. Buttons without a handler are disabled.
 */
export function EventRegistrationPanel({ event, onRegister, onJoin, onDonate, onVolunteer, children }: EventRegistrationPanelProps) {
  const { user, loading } = useAuth();
  const signedIn = user !== null;
  const { attendee, isLoading: attendeeLoading, error: attendeeError } = useMyAttendee(event.id, signedIn);
  const { volunteer, isLoading: volunteerLoading } = useMyVolunteer(event.id, signedIn);
  const signInHref = paths.signIn.getHref(paths.eventDetail.getHref(event.id));
  const spots = spotsLeftLabel(event.spotsLeft);

  let body: ReactNode;
  if (loading || (signedIn && attendeeLoading)) {
    body = (
      <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy="true" aria-label="Loading registration status">
        <Skeleton variant="rounded" height={42} />
        <Skeleton variant="rounded" height={42} />
        <Skeleton variant="rounded" height={42} />
      </Box>
    );
  } else if (!signedIn) {
    body = (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          Sign in to register for this event, donate or volunteer.
        </Typography>
        <Button component={RouterLink} to={signInHref} variant="contained" startIcon={<LoginOutlined />}>
          Sign In to Register
        </Button>
        <Button component={RouterLink} to={signInHref} variant="outlined" startIcon={<VolunteerActivismOutlined />}>
          Sign In to Donate
        </Button>
        <Button component={RouterLink} to={signInHref} variant="outlined" startIcon={<HandshakeOutlined />}>
          Sign In to Volunteer
        </Button>
      </Box>
    );
  } else {
    const volunteerLabel = volunteer ? 'Manage Volunteer Status' : 'Volunteer for Event';
    const volunteerButton = (
      <Button
        variant="outlined"
        startIcon={<HandshakeOutlined />}
        onClick={onVolunteer}
        disabled={!onVolunteer || volunteerLoading}
      >
        {volunteerLabel}
      </Button>
    );
    const donateButton = (
      <Button variant="outlined" startIcon={<VolunteerActivismOutlined />} onClick={onDonate} disabled={!onDonate}>
        Make a Donation
      </Button>
    );
    body = attendee ? (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Chip
          icon={<CheckCircle />}
          color="success"
          label="You're Registered"
          sx={{ justifySelf: 'start', fontWeight: 600 }}
        />
        <Typography variant="body2" color="text.secondary">
          {attendee.numberOfFamilyMembers > 0
            ? `You + ${attendee.numberOfFamilyMembers} family members`
            : 'Just you'}
        </Typography>
        <Button variant="contained" startIcon={<EventAvailableOutlined />} onClick={onJoin} disabled={!onJoin}>
          Join Event
        </Button>
        {donateButton}
        {volunteerButton}
      </Box>
    ) : (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {attendeeError ? (
          <Alert severity="warning">Your registration status could not be loaded.</Alert>
        ) : null}
        <Button
          variant="contained"
          startIcon={<EventAvailableOutlined />}
          onClick={onRegister}
          disabled={!onRegister || event.spotsLeft === 0}
        >
          Register Now
        </Button>
        {donateButton}
        {volunteerButton}
      </Box>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="registration-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="registration-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Event Registration
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Chip size="small" variant="outlined" label={`${event.attendeeCount} attending`} />
        {spots ? <Chip size="small" variant="outlined" color={event.spotsLeft === 0 ? 'error' : 'success'} label={spots} /> : null}
      </Box>
      {body}
      {children}
    </Paper>
  );
}
