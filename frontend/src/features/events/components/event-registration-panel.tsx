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
import { t } from '../i18n';
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
      <LoadingRegion label={t('events.panel.loading')} sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="rounded" height={42} />
        <Skeleton variant="rounded" height={42} />
        <Skeleton variant="rounded" height={42} />
      </LoadingRegion>
    );
  } else if (phase !== 'upcoming') {
    body = (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Alert severity="info">
          {phase === 'ended' ? t('events.panel.ended') : t('events.panel.inProgress')}
        </Alert>
        {attendee ? (
          <Chip icon={<CheckCircle />} color="success" label={t('events.panel.wereRegistered')} sx={{ justifySelf: 'start', fontWeight: 600 }} />
        ) : null}
        {signedIn ? (
          <Button variant="outlined" startIcon={<VolunteerActivismOutlined />} onClick={onDonate} disabled={!onDonate}>
            {t('events.panel.donate')}
          </Button>
        ) : null}
      </Box>
    );
  } else if (!signedIn) {
    body = (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('events.panel.signInPrompt')}
        </Typography>
        <Button component={RouterLink} to={signInHref} variant="contained" startIcon={<LoginOutlined />}>
          {t('events.panel.signInRegister')}
        </Button>
        <Button component={RouterLink} to={signInHref} variant="outlined" startIcon={<VolunteerActivismOutlined />}>
          {t('events.panel.signInDonate')}
        </Button>
        <Button component={RouterLink} to={signInHref} variant="outlined" startIcon={<HandshakeOutlined />}>
          {t('events.panel.signInVolunteer')}
        </Button>
      </Box>
    );
  } else {
    const volunteerLabel = volunteer ? t('events.panel.manageVolunteer') : t('events.panel.volunteer');
    // While the volunteer record loads, a labelled placeholder stands where the button will be: a
    // greyed button that is not disabled would look unusable, and one that is disabled would flash
    // from grey to its colours once loaded.
    const volunteerButton = volunteerLoading ? (
      <LoadingRegion label={t('events.panel.loadingVolunteer')}>
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
          {t('events.panel.leaveVolunteer')}
        </Button>
      ) : null;
    const donateButton = (
      <Button variant="outlined" startIcon={<VolunteerActivismOutlined />} onClick={onDonate} disabled={!onDonate}>
        {t('events.panel.donate')}
      </Button>
    );
    body = attendee ? (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Chip
          icon={<CheckCircle />}
          color="success"
          label={t('events.panel.registered')}
          sx={{ justifySelf: 'start', fontWeight: 600 }}
        />
        <Typography variant="body2" color="text.secondary">
          {t('events.party', { count: attendee.numberOfFamilyMembers })}
        </Typography>
        <Button variant="contained" startIcon={<EventAvailableOutlined />} onClick={onJoin} disabled={!onJoin}>
          {t('events.panel.joinEvent')}
        </Button>
        {donateButton}
        {volunteerButton}
        {onCancelRegistration ? (
          <Button color="error" onClick={onCancelRegistration}>
            {t('events.panel.cancelRegistration')}
          </Button>
        ) : null}
        {leaveButton}
      </Box>
    ) : (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {attendeeError ? (
          <Alert severity="warning">{t('events.panel.statusError')}</Alert>
        ) : null}
        {waitlistEntry ? (
          <>
            <Chip
              icon={<HourglassTopOutlined />}
              color="warning"
              label={t('events.panel.onWaitlist', { position: waitlistEntry.position })}
              sx={{ justifySelf: 'start', fontWeight: 600 }}
            />
            <Typography variant="body2" color="text.secondary">
              {t('events.panel.waitlistParty', { count: waitlistEntry.numberOfFamilyMembers })}
            </Typography>
            {onLeaveWaitlist ? (
              <Button color="error" onClick={onLeaveWaitlist}>
                {t('events.panel.leaveWaitlist')}
              </Button>
            ) : null}
          </>
        ) : event.spotsLeft === 0 ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('events.panel.full')}
            </Typography>
            <Button variant="contained" startIcon={<HourglassTopOutlined />} onClick={onJoinWaitlist} disabled={!onJoinWaitlist}>
              {t('events.panel.joinWaitlist')}
            </Button>
          </>
        ) : (
          <Button variant="contained" startIcon={<EventAvailableOutlined />} onClick={onRegister} disabled={!onRegister}>
            {t('events.panel.registerNow')}
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
        {t('events.panel.heading')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Chip size="small" variant="outlined" label={t('events.attending', { count: event.attendeeCount })} />
        {volunteerCount !== undefined ? (
          <Chip size="small" variant="outlined" label={t('events.panel.volunteers', { count: volunteerCount })} />
        ) : null}
        {spots ? <Chip size="small" variant="outlined" color={event.spotsLeft === 0 ? 'error' : 'success'} label={spots} /> : null}
      </Box>
      {body}
      {children}
    </Paper>
  );
}
