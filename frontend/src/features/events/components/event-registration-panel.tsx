import CheckCircle from '@mui/icons-material/CheckCircle';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
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
import type { Attendee, Event, Volunteer, WaitlistEntry } from '@/types/api';
import { eventPhase, spotsLeftLabel } from '../lib/event-utils';
import { LoadingRegion } from '@/components/ui/loading-region';
import { useNow } from '@/lib/render-instant';

/** The signed-in member's own records for the event (the registrations and volunteers features own them). */
export type MemberEventStatus = {
  /** null: not registered; undefined: not loaded. */
  attendee: Attendee | null | undefined;
  attendeeLoading: boolean;
  attendeeError?: Error;
  /** null: not volunteering; undefined: not loaded. */
  volunteer: Volunteer | null | undefined;
  volunteerLoading: boolean;
  /** The member's place on the waitlist; null: not waiting; undefined: not loaded. */
  waitlistEntry?: WaitlistEntry | null;
};

export type EventRegistrationPanelProps = {
  event: Event;
  /** Read only while someone is signed in. */
  status: MemberEventStatus;
  /** How many volunteers the event has; undefined while loading. */
  volunteerCount?: number;
  /** 'Register Now' (signed in, not registered). */
  onRegister?: () => void;
  /** 'Join Event' (registered): opens the update-information dialog. */
  onJoin?: () => void;
  /** 'Make a Donation'. */
  onDonate?: () => void;
  /** 'Volunteer for Event' / 'Manage Volunteer Status'. */
  onVolunteer?: () => void;
  /** 'Join Waitlist' (the event is full, not registered). */
  onJoinWaitlist?: () => void;
  /** 'Leave Waitlist' (waiting). */
  onLeaveWaitlist?: () => void;
  /** 'Cancel Registration' (registered): opens the confirm dialog. */
  onCancelRegistration?: () => void;
  /** 'Leave as Volunteer' (volunteering): opens the confirm dialog. */
  onLeaveVolunteer?: () => void;
  /** Extra content at the end of the panel (e.g. dialogs or admin tools). */
  children?: ReactNode;
};

/**
 * Side panel 'Event Registration' with its three states: signed out, signed in and not
 * registered, registered. Buttons without a handler are disabled.
 */
export function EventRegistrationPanel({
  event,
  status,
  volunteerCount,
  onRegister,
  onJoin,
  onDonate,
  onVolunteer,
  onCancelRegistration,
  onLeaveVolunteer,
  onJoinWaitlist,
  onLeaveWaitlist,
  children,
}: EventRegistrationPanelProps) {
  const { user, loading } = useAuth();
  const signedIn = user !== null;
  const { attendee, attendeeLoading, attendeeError, volunteer, volunteerLoading, waitlistEntry } = status;
  const signInHref = paths.signIn.getHref(paths.eventDetail.getHref(event.id));
  const spots = spotsLeftLabel(event.spotsLeft);
  const phase = eventPhase(event, useNow());

  let body: ReactNode;
  if (loading || (signedIn && attendeeLoading)) {
    body = (
      <LoadingRegion label="Loading registration status" sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="rounded" height={42} />
        <Skeleton variant="rounded" height={42} />
        <Skeleton variant="rounded" height={42} />
      </LoadingRegion>
    );
  } else if (phase !== 'upcoming') {
    body = (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Alert severity="info">
          {phase === 'ended' ? 'This event has ended.' : 'This event is in progress; registration and volunteering are closed.'}
        </Alert>
        {attendee ? (
          <Chip icon={<CheckCircle />} color="success" label="You were registered" sx={{ justifySelf: 'start', fontWeight: 600 }} />
        ) : null}
        {signedIn ? (
          <Button variant="outlined" startIcon={<VolunteerActivismOutlined />} onClick={onDonate} disabled={!onDonate}>
            Make a Donation
          </Button>
        ) : null}
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
    // While the volunteer record loads, a labelled placeholder stands where the button will be: a
    // greyed button that is not disabled would look unusable, and one that is disabled would flash
    // from grey to its colours once loaded.
    const volunteerButton = volunteerLoading ? (
      <LoadingRegion label="Loading volunteer status">
        <Skeleton variant="rounded" height={36.5} />
      </LoadingRegion>
    ) : (
      <Button variant="outlined" startIcon={<HandshakeOutlined />} onClick={onVolunteer} disabled={!onVolunteer}>
        {volunteerLabel}
      </Button>
    );
    const leaveButton =
      volunteer && onLeaveVolunteer ? (
        <Button color="error" onClick={onLeaveVolunteer}>
          Leave as Volunteer
        </Button>
      ) : null;
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
        {onCancelRegistration ? (
          <Button color="error" onClick={onCancelRegistration}>
            Cancel Registration
          </Button>
        ) : null}
        {leaveButton}
      </Box>
    ) : (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {attendeeError ? (
          <Alert severity="warning">Your registration status could not be loaded.</Alert>
        ) : null}
        {waitlistEntry ? (
          <>
            <Chip
              icon={<HourglassTopOutlined />}
              color="warning"
              label={`On the waitlist: #${waitlistEntry.position}`}
              sx={{ justifySelf: 'start', fontWeight: 600 }}
            />
            <Typography variant="body2" color="text.secondary">
              {waitlistEntry.numberOfFamilyMembers > 0
                ? `You + ${waitlistEntry.numberOfFamilyMembers} family members. `
                : 'Just you. '}
              When spots open up, you are registered automatically and get an e-mail.
            </Typography>
            {onLeaveWaitlist ? (
              <Button color="error" onClick={onLeaveWaitlist}>
                Leave Waitlist
              </Button>
            ) : null}
          </>
        ) : event.spotsLeft === 0 ? (
          <>
            <Typography variant="body2" color="text.secondary">
              This event is full. Join the waitlist to be registered when spots open up.
            </Typography>
            <Button variant="contained" startIcon={<HourglassTopOutlined />} onClick={onJoinWaitlist} disabled={!onJoinWaitlist}>
              Join Waitlist
            </Button>
          </>
        ) : (
          <Button variant="contained" startIcon={<EventAvailableOutlined />} onClick={onRegister} disabled={!onRegister}>
            Register Now
          </Button>
        )}
        {donateButton}
        {volunteerButton}
        {leaveButton}
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
        {volunteerCount !== undefined ? (
          <Chip size="small" variant="outlined" label={volunteerCount === 1 ? '1 volunteer' : `${volunteerCount} volunteers`} />
        ) : null}
        {spots ? <Chip size="small" variant="outlined" color={event.spotsLeft === 0 ? 'error' : 'success'} label={spots} /> : null}
      </Box>
      {body}
      {children}
    </Paper>
  );
}
