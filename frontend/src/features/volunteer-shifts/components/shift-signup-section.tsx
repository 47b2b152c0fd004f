import LoginOutlined from '@mui/icons-material/LoginOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmailNotVerifiedAlert } from '@/components/email-not-verified-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useFamily } from '@/lib/family';
import { useMyEventShifts } from '../api/my-volunteer-shifts';
import { useShiftSignupActions } from '../api/shift-signups';
import { useVolunteerPlan } from '../api/volunteer-plan';
import { t } from '../i18n';
import { VOLUNTEER_SHIFTS_ID } from '../lib/anchor';
import { MyEventShifts } from './my-event-shifts';
import { RoleShifts, type ShiftSigner } from './role-shifts';

type Props = { eventId: string };

/**
 * "Volunteer shifts" on an event's page: the roles of the event's volunteer plan with their shifts
 * and how full each is. A verified member signs up (themselves or a family member with a birth
 * date) and sees their own sign-ups with Drop or "Ask the coordinator to drop"; a visitor is asked
 * to sign in. Nothing while the plan loads (most events have none), nor when the event has no
 * roles (the one-step offers' role aside), except for a volunteer coordinator, who gets the way to
 * the board to make one.
 */
export function ShiftSignupSection({ eventId }: Props) {
  const { user, loading, can } = useAuth();
  const { plan, error, isLoading, refresh } = useVolunteerPlan(eventId);
  const coordinator = can('manage_volunteers');
  const verified = user !== null && user.emailVerified;
  // The role the one-step offers are placed in is taken through 'Volunteer for Event', not here.
  const roles = plan?.roles.filter((role) => !role.oneStep) ?? [];
  const hasRoles = roles.length > 0;
  const mine = useMyEventShifts(eventId, verified && hasRoles);
  const { family } = useFamily(verified && hasRoles);
  const actions = useShiftSignupActions(eventId);
  const [now] = useState(() => Date.now());

  if (isLoading || loading) return null;
  // A server without volunteer plans: the page as it was.
  if (error instanceof ApiError && error.status === 404) return null;
  if (error) {
    return (
      <Frame eventId={eventId} coordinator={coordinator}>
        <RetryAlert onRetry={() => void refresh()}>{t('shifts.section.loadError')}</RetryAlert>
      </Frame>
    );
  }
  if (!plan || !hasRoles) {
    if (!coordinator) return null;
    return (
      <Frame eventId={eventId} coordinator>
        <Typography color="text.secondary">{t('shifts.section.noPlan')}</Typography>
      </Frame>
    );
  }

  const signer: ShiftSigner | null =
    user && verified && mine.mine
      ? { name: `${user.firstName} ${user.lastName}`.trim(), family, signups: mine.mine.signups, signUp: actions.signUp }
      : null;

  let intro: ReactNode;
  if (!user) {
    intro = (
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        <Typography color="text.secondary">{t('shifts.section.signInPrompt')}</Typography>
        <Button
          component={RouterLink}
          to={paths.signIn.getHref(paths.eventDetail.getHref(eventId))}
          variant="contained"
          startIcon={<LoginOutlined />}
        >
          {t('shifts.section.signIn')}
        </Button>
      </Box>
    );
  } else if (!verified) {
    intro = (
      <EmailNotVerifiedAlert role="status">
        {t('shifts.section.verify')}
      </EmailNotVerifiedAlert>
    );
  } else {
    intro = (
      <>
        <Typography color="text.secondary">{t('shifts.section.pick')}</Typography>
        <MyEventShifts
          signups={mine.mine?.signups}
          isLoading={mine.isLoading}
          error={mine.error}
          onRetry={() => void mine.refresh()}
          now={now}
          drop={actions.drop}
          askToDrop={actions.askToDrop}
        />
      </>
    );
  }

  return (
    <Frame eventId={eventId} coordinator={coordinator}>
      {intro}
      {roles.map((role) => (
        <Fragment key={role.id}>
          <Divider />
          <RoleShifts role={role} signer={signer} now={now} />
        </Fragment>
      ))}
    </Frame>
  );
}

/** The section: its heading, the coordinator's link to the board, and its content. */
function Frame({ eventId, coordinator, children }: { eventId: string; coordinator: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      id={VOLUNTEER_SHIFTS_ID}
      tabIndex={-1}
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0, scrollMarginTop: 88, '&:focus': { outline: 'none' } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id={headingId} component="h2" variant="h5">
          {t('shifts.section.heading')}
        </Typography>
        {coordinator ? (
          <Button component={RouterLink} to={paths.volunteerBoard.getHref(eventId)} variant="outlined" size="small">
            {t('shifts.section.board')}
          </Button>
        ) : null}
      </Box>
      {children}
    </Paper>
  );
}
