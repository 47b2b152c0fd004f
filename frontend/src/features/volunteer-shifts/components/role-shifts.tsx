import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmailNotVerifiedAlert } from '@/components/email-not-verified-alert';
import { LoadingRegion } from '@/components/ui/loading-region';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { isEmailNotVerified } from '@/lib/email-verification';
import type { FamilyMember } from '@/types/api';
import type { MyShiftSignup, PlanRole, PlanShift } from '@/types/volunteer-shifts';
import { t } from '../i18n';
import { byStart, filledLabel, hasStarted, isFull, minAgeLabel, shiftDay, shiftTimes, shiftWhen } from '../lib/shifts';

/** "Myself" in the choice of who volunteers; a family member is chosen by their id. */
const MYSELF = 'me';

/** What the signed-in, verified member can do: who may volunteer, and the sign-up itself. */
export type ShiftSigner = {
  /** The member's full name. */
  name: string;
  /** The family members saved in the profile; undefined while loading. */
  family: FamilyMember[] | undefined;
  /** The member's sign-ups for this event. */
  signups: MyShiftSignup[];
  signUp: (shiftId: string, familyMemberId: string | null) => Promise<MyShiftSignup>;
};

type Props = {
  role: PlanRole;
  /** Null for a visitor, or a member who cannot sign up yet (unverified e-mail). */
  signer: ShiftSigner | null;
  now: number;
};

/** A role of the event's plan: what it is, who may do it, where to report, and its shifts. */
export function RoleShifts({ role, signer, now }: Props) {
  const age = minAgeLabel(role.minAge);
  const shifts = [...role.shifts].sort(byStart);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography component="h3" variant="h6">
          {role.name}
        </Typography>
        {role.description ? <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{role.description}</Typography> : null}
        {age || role.reportTo ? (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
            {age ? (
              <Typography component="li" variant="body2" color="text.secondary">
                {age}
              </Typography>
            ) : null}
            {role.reportTo ? (
              <Typography component="li" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('shifts.reportTo', { place: role.reportTo })}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </Box>
      {shifts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('shifts.role.none')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('shifts.role.list', { role: role.name })} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {shifts.map((shift) => (
            <ShiftItem key={shift.id} role={role} shift={shift} signer={signer} now={now} />
          ))}
        </Box>
      )}
    </Box>
  );
}

type ShiftItemProps = { role: PlanRole; shift: PlanShift; signer: ShiftSigner | null; now: number };

/** One shift: when, how full, the member's own places on it, and Sign up (or Join the waitlist). */
function ShiftItem({ role, shift, signer, now }: ShiftItemProps) {
  const full = isFull(shift);
  const started = hasStarted(shift, now);
  const { toast } = useToast();
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Keyboard focus after the choice closes or a sign-up is made: back on Sign up, or on the shift
  // when there is nobody left to sign up (the button is gone).
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus > 0) (buttonRef.current ?? itemRef.current)?.focus();
  }, [refocus]);

  const mine = signer ? signer.signups.filter((s) => s.shiftId === shift.id) : [];
  const taken = new Set(mine.map((s) => s.familyMemberId ?? MYSELF));
  // Family members can volunteer once their birth date is known (for a role's minimum age).
  const family = signer?.family?.filter((f) => f.birthDate && !taken.has(f.id)) ?? [];
  const selfFree = !taken.has(MYSELF);
  const canSignUp = signer !== null && !started && (selfFree || signer.family === undefined || family.length > 0);
  const actionLabel = full ? t('shifts.role.joinWaitlist') : t('shifts.role.signUp');
  const when = shiftWhen(shift);

  async function signUp(familyMemberId: string | null) {
    if (!signer) return;
    setBusy(true);
    setError(null);
    try {
      const signup = await signer.signUp(shift.id, familyMemberId);
      setChoosing(false);
      setRefocus((n) => n + 1);
      const waitlisted = signup.status === 'waitlisted';
      const values = { name: signup.name, role: role.name, when };
      toast({
        title: waitlisted ? t('shifts.role.addedToWaitlist') : t('shifts.role.signedUp'),
        description: familyMemberId
          ? t(waitlisted ? 'shifts.role.theyWaitlisted' : 'shifts.role.theyVolunteering', values)
          : t(waitlisted ? 'shifts.role.youWaitlisted' : 'shifts.role.youVolunteering', values),
        variant: 'success',
      });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  function start() {
    setError(null);
    // Only the member can volunteer: no need to ask who.
    if (signer && selfFree && signer.family !== undefined && family.length === 0) void signUp(null);
    else setChoosing(true);
  }

  return (
    <Box
      component="li"
      ref={itemRef}
      tabIndex={-1}
      sx={{
        border: 1,
        borderColor: full && !started ? 'warning.main' : 'divider',
        borderRadius: 1,
        p: 1.5,
        display: 'grid',
        gap: 1,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'space-between', alignItems: 'center' }}>
        <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{shiftDay(shift)}</Typography>
          <Typography variant="body2">{shiftTimes(shift)}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {filledLabel(shift)}
              {shift.waitlisted > 0 ? ` · ${t('shifts.role.onWaitlist', { count: shift.waitlisted })}` : ''}
            </Typography>
            {full && !started ? <Chip size="small" color="warning" label={t('shifts.role.full')} /> : null}
            {started ? <Chip size="small" variant="outlined" label={t('shifts.role.started')} /> : null}
            {mine.map((s) => (
              <Chip
                key={s.id}
                size="small"
                variant="outlined"
                color={s.status === 'waitlisted' ? 'warning' : 'success'}
                label={ownLabel(s)}
              />
            ))}
          </Box>
        </Box>
        {canSignUp && !choosing ? (
          <Button
            ref={buttonRef}
            variant={full ? 'outlined' : 'contained'}
            color={full ? 'warning' : 'primary'}
            onClick={start}
            disabled={busy}
            aria-label={busy ? undefined : `${actionLabel}: ${role.name}, ${when}`}
            sx={{ flexShrink: 0 }}
          >
            {busy ? t('shifts.signingUp') : actionLabel}
          </Button>
        ) : null}
      </Box>
      {choosing && signer ? (
        <WhoChooser
          signer={signer}
          selfFree={selfFree}
          family={family}
          allFamily={signer.family}
          full={full}
          busy={busy}
          onConfirm={(familyMemberId) => void signUp(familyMemberId)}
          onCancel={() => {
            setChoosing(false);
            setError(null);
            setRefocus((n) => n + 1);
          }}
        />
      ) : null}
      {error ? <SignupError error={error} /> : null}
    </Box>
  );
}

/** The member's own place on a shift: "You're signed up", "Waitlisted", "Anand: waitlisted". */
function ownLabel(signup: MyShiftSignup): string {
  const waitlisted = signup.status === 'waitlisted';
  if (signup.familyMemberId === null) return waitlisted ? t('shifts.own.youWaitlisted') : t('shifts.own.youSignedUp');
  return t(waitlisted ? 'shifts.own.theyWaitlisted' : 'shifts.own.theySignedUp', { name: signup.name });
}

type WhoChooserProps = {
  signer: ShiftSigner;
  selfFree: boolean;
  /** The family members who can be signed up to this shift (a birth date, not on it yet). */
  family: FamilyMember[];
  allFamily: FamilyMember[] | undefined;
  /** The shift is full: the choice joins its waitlist. */
  full: boolean;
  busy: boolean;
  onConfirm: (familyMemberId: string | null) => void;
  onCancel: () => void;
};

/** Who volunteers: the member or one of their family members with a birth date, a button each. */
function WhoChooser({ signer, selfFree, family, allFamily, full, busy, onConfirm, onCancel }: WhoChooserProps) {
  const labelId = useId();
  const loaded = allFamily !== undefined;
  const groupRef = useRef<HTMLDivElement>(null);
  // The Sign up button is replaced by the choice: the first person to choose takes the focus.
  useEffect(() => {
    if (loaded) groupRef.current?.querySelector('button')?.focus();
  }, [loaded]);
  if (allFamily === undefined) {
    return (
      <LoadingRegion label={t('shifts.who.loadingFamily')}>
        <Skeleton variant="rounded" height={72} />
      </LoadingRegion>
    );
  }
  const withoutBirthDate = allFamily.some((f) => !f.birthDate);
  return (
    <Box ref={groupRef} role="group" aria-labelledby={labelId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={labelId} sx={{ fontWeight: 600 }}>
        {full ? t('shifts.who.waitlist') : t('shifts.who.volunteer')}
      </Typography>
      {!selfFree && family.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('shifts.who.allOn')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {selfFree ? (
          <Button variant="contained" disabled={busy} onClick={() => onConfirm(null)}>
            {t('shifts.who.me', { name: signer.name })}
          </Button>
        ) : null}
        {family.map((f) => (
          <Button key={f.id} variant="contained" disabled={busy} onClick={() => onConfirm(f.id)}>
            {f.relation ? `${f.name} (${f.relation})` : f.name}
          </Button>
        ))}
        <Button onClick={onCancel} disabled={busy}>
          {t('shifts.cancel')}
        </Button>
      </Box>
      {withoutBirthDate ? (
        <Typography variant="body2" color="text.secondary">
          {t.rich('shifts.who.addBirthDate', {
            link: (chunks) => (
              <Link component={RouterLink} to={paths.profile.getHref()}>
                {chunks}
              </Link>
            ),
          })}
        </Typography>
      ) : null}
      {busy ? (
        <Typography variant="body2" role="status">
          {t('shifts.signingUp')}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The server's refusal (an overlapping shift, a minimum age, a full shift...), in place. */
function SignupError({ error }: { error: unknown }) {
  if (isEmailNotVerified(error)) {
    return <EmailNotVerifiedAlert>{errorMessage(error, t('shifts.verifyFirst'))}</EmailNotVerifiedAlert>;
  }
  return <Alert severity="error">{errorMessage(error, t('shifts.somethingWrong'))}</Alert>;
}
