import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import type { MyShiftSignup } from '@/types/volunteer-shifts';
import { useMyDoorDuties } from '../api/door-duty';
import { useMyYearShifts } from '../api/my-volunteer-shifts';
import { t } from '../i18n';
import { byStart, hoursLabel, recentYears, shiftWhen, signupStatusColor, signupStatusLabel, THIS_YEAR } from '../lib/shifts';

/**
 * The dashboard's "My volunteering": the member's festival shifts of a year (this year or one of
 * the four before), the hours counted (shifts marked present) and each sign-up with its status.
 */
export function MyVolunteerHours() {
  const headingId = useId();
  const [years] = useState(() => recentYears());
  const [year, setYear] = useState(years[THIS_YEAR]);
  const { volunteering, error, isLoading, refresh } = useMyYearShifts(year);

  let body: ReactNode;
  if (isLoading) {
    body = (
      <LoadingRegion label={t('shifts.hoursCard.loading')} sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="text" width={160} height={48} />
        <Skeleton variant="rounded" height={64} />
      </LoadingRegion>
    );
  } else if (error || !volunteering) {
    body = <RetryAlert onRetry={() => void refresh()}>{t('shifts.hoursCard.loadError')}</RetryAlert>;
  } else {
    const signups = [...volunteering.signups].sort(byStart);
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography component="p" variant="h4" sx={{ fontWeight: 700 }}>
            {hoursLabel(volunteering.hours)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('shifts.hoursCard.volunteeredIn', { year: volunteering.year })}
          </Typography>
        </Box>
        {signups.length === 0 ? (
          <Typography color="text.secondary">
            {volunteering.year === years[THIS_YEAR] ? t('shifts.hoursCard.noneThisYear') : t('shifts.hoursCard.noneIn', { year: volunteering.year })}
          </Typography>
        ) : (
          <Box component="ul" aria-label={t('shifts.hoursCard.listIn', { year: volunteering.year })} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {signups.map((s) => (
              <SignupLine key={s.id} signup={s} />
            ))}
          </Box>
        )}
      </Box>
    );
  }

  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id={headingId} component="h2" variant="h5">
            {t('shifts.hoursCard.heading')}
          </Typography>
          <TextField select size="small" label={t('shifts.hoursCard.year')} value={year} onChange={(e) => setYear(Number(e.target.value))} sx={{ minWidth: 120 }}>
            {years.map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {body}
        <DoorDuties />
      </CardContent>
    </Card>
  );
}

/** The events whose door a coordinator put the member on, each with its check-in page; nothing when none. */
function DoorDuties() {
  const { duties } = useMyDoorDuties(true);
  const headingId = useId();
  if (!duties || duties.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} component="h3" variant="h6">
        {t('shifts.doorDuty.heading')}
      </Typography>
      <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {duties.map((d) => (
          <Box component="li" key={d.eventId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {d.eventName} · {formatDate(d.eventDate)}
            </Typography>
            <Link component={RouterLink} to={paths.eventCheckIn.getHref(d.eventId)} sx={{ fontWeight: 600 }}>
              {t('shifts.doorDuty.checkIn')}
            </Link>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** One sign-up: the event, the role and who, when, its status (or attendance) and the hours counted. */
function SignupLine({ signup }: { signup: MyShiftSignup }) {
  return (
    <Box
      component="li"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: 'space-between',
        alignItems: 'center',
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
        <Link component={RouterLink} to={paths.eventDetail.getHref(signup.eventId)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {signup.eventName}
        </Link>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {signup.roleName}
          {signup.familyMemberId ? ` · ${signup.name}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {shiftWhen(signup)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}>
        <Chip size="small" color={signupStatusColor(signup)} label={signupStatusLabel(signup)} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {hoursLabel(signup.hours)}
        </Typography>
      </Box>
    </Box>
  );
}
