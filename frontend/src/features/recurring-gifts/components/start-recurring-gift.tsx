import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmailNotVerifiedAlert } from '@/components/email-not-verified-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { env } from '@/config/env';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { todayIn } from '@/lib/dates';
import { isEmailNotVerified } from '@/lib/email-verification';
import { formatUSD } from '@/lib/format';
import { useSite } from '@/lib/site';
import { uuidv4 } from '@/lib/uuid';
import type { CardSetup, RecurringGift } from '@/types/recurring-gifts';
import { cancelRecurringGift, startRecurringGift, tokenOf, useGiftFunds, useRecurringGiftActions } from '../api/recurring-gifts';
import { t } from '../i18n';
import { cardLabel, dayText, failureMessage } from '../lib/gift-text';
import { toStartBody, type StartValues } from '../schemas';
import type { CardStep } from '../types';
import { GiftCardStep } from './gift-card-step';
import { StartGiftForm } from './start-gift-form';

/** A gift made for the form's values: asked again with the same values, it is the same gift. */
type Started = { values: string; gift: RecurringGift; setup: CardSetup; manageUrl: string; token: string | null };

type Props = {
  /** The payments feature's card form (composed in src/app). */
  cardStep: CardStep;
  /** A fund asked for (`?fund=`). */
  fundId?: string;
};

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}>{children}</Typography>
    </Box>
  );
}

/** The gift's terms above its card form. */
function Summary({ gift }: { gift: RecurringGift }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, mb: 2 }}>
      <Line label={t('recurring.amount')}>{t('recurring.amountFrequency', { amount: formatUSD(gift.amount), frequency: gift.frequency })}</Line>
      <Line label={t('recurring.fund')}>{gift.fundName}</Line>
      <Line label={t('recurring.firstGift')}>{dayText(gift.startOn)}</Line>
      <Line label={t('recurring.receipts')}>
        {gift.receipts === 'each' ? t('recurring.receiptEachShort') : t('recurring.statementOnly')}
      </Line>
      <Line label={t('recurring.givenBy')}>{`${gift.donorName} (${gift.donorEmail})`}</Line>
    </Box>
  );
}

/** The gift set up: its first date (or first charge), its card, where to manage it; a failed first charge said plainly. */
function Done({ started, gift, onOtherCard, changingCard }: { started: Started; gift: RecurringGift; onOtherCard: () => void; changingCard: boolean }) {
  const charge = gift.charges.find((c) => c.status === 'completed') ?? null;
  const failure = failureMessage(gift);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success" role="status">
        <AlertTitle>{t('recurring.doneTitle', { frequency: gift.frequency, amount: formatUSD(gift.amount), fund: gift.fundName })}</AlertTitle>
        {t('recurring.doneText', {
          date: dayText(gift.startOn),
          charged: charge ? 'yes' : 'no',
          receipt: charge?.receiptNumber ?? '',
          next: charge && gift.nextChargeOn ? 'yes' : 'no',
          nextDate: gift.nextChargeOn ? dayText(gift.nextChargeOn) : '',
        })}
      </Alert>
      {failure ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onOtherCard} disabled={changingCard} sx={{ whiteSpace: 'nowrap' }}>
              {changingCard ? t('recurring.loading') : t('recurring.useAnotherCard')}
            </Button>
          }
        >
          <AlertTitle>{t('recurring.firstFailed')}</AlertTitle>
          {failure}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Line label={t('recurring.card')}>{gift.card ? cardLabel(gift.card) : t('recurring.noCardSaved')}</Line>
        <Line label={t('recurring.receipts')}>
          {gift.receipts === 'each' ? t('recurring.emailedTo', { email: gift.donorEmail }) : t('recurring.statementOnly')}
        </Line>
      </Box>
      <Divider />
      {gift.member ? (
        <Typography>
          {t.rich('recurring.manageMember', {
            link: (chunks) => (
              <Link component={RouterLink} to={paths.myDonations.getHref()}>
                {chunks}
              </Link>
            ),
          })}
        </Typography>
      ) : (
        <Typography>
          {t.rich(gift.receipts === 'each' ? 'recurring.manageGuestEach' : 'recurring.manageGuest', {
            link: (chunks) => (
              <Link component={RouterLink} to={started.manageUrl}>
                {chunks}
              </Link>
            ),
          })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * /donate/monthly: the gift's terms, then its card (saved, charged at once when the first gift is
 * today), then what was set up. A failed first charge offers another card.
 */
export function StartRecurringGift({ cardStep, fundId }: Props) {
  const { user, loading } = useAuth();
  const { toast } = useToast();
  const { settings } = useSite();
  const today = todayIn(settings?.timeZone || env.timeZone);
  // Read now, so the form has them when it opens.
  useGiftFunds();
  const [values, setValues] = useState<StartValues | undefined>(undefined);
  const [started, setStarted] = useState<Started | null>(null);
  const [step, setStep] = useState<'details' | 'card' | 'done'>('details');
  const [gift, setGift] = useState<RecurringGift | null>(null);
  const [notVerified, setNotVerified] = useState<string | null>(null);
  const [changingCard, setChangingCard] = useState(false);
  const actions = useRecurringGiftActions(started?.gift.id ?? '', started?.token);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each step starts at the page's heading (for keyboards and screen readers alike).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  async function start(v: StartValues) {
    const guest = !user;
    const key = JSON.stringify(toStartBody(v, guest));
    setValues(v);
    setNotVerified(null);
    if (started && started.values === key && started.gift.status === 'setup') {
      setStep('card');
      return;
    }
    let made;
    try {
      made = await startRecurringGift(toStartBody(v, guest), uuidv4());
    } catch (err) {
      if (isEmailNotVerified(err)) {
        setNotVerified(errorMessage(err, t('recurring.verifyFirst')));
        return;
      }
      throw err;
    }
    // The gift asked for before, with other terms and never given its card, is not wanted.
    if (started && started.gift.status === 'setup') void cancelQuietly(started);
    setStarted({ values: key, gift: made.gift, setup: made.setup, manageUrl: made.manageUrl, token: tokenOf(made.manageUrl) });
    setGift(made.gift);
    setStep('card');
  }

  async function cancelQuietly(old: Started) {
    try {
      await cancelRecurringGift(old.gift.id, old.token);
    } catch {
      // Best effort: a gift waiting for its card is never charged.
    }
  }

  function saved(next: RecurringGift) {
    setGift(next);
    setStarted((s) => (s ? { ...s, gift: next } : s));
    setStep('done');
    if (next.failures === 0) toast({ title: t('recurring.thankYouToast'), description: t('recurring.setUpToast', { frequency: next.frequency }) });
  }

  async function otherCard() {
    if (!started) return;
    setChangingCard(true);
    try {
      const setup = await actions.cardSetup();
      setStarted({ ...started, setup });
      setStep('card');
    } catch (err) {
      toast({ title: t('recurring.error'), description: errorMessage(err, t('recurring.cardFormFailed')), variant: 'destructive' });
    } finally {
      setChangingCard(false);
    }
  }

  if (loading) return <PageSpinner />;

  const number = step === 'details' ? 1 : step === 'card' ? 2 : 3;
  const billing = gift ? { name: gift.donorName, email: gift.donorEmail } : { name: '' };
  return (
    <>
      <Typography variant="overline" component="p" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('recurring.step', { number, step })}
      </Typography>
      <Typography
        ref={heading}
        tabIndex={-1}
        component="h1"
        variant="h3"
        sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, textAlign: 'center', outline: 'none' }}
      >
        {step === 'details' ? t('recurring.giveMonthly') : step === 'card' ? t('recurring.yourCard') : t('recurring.thankYou')}
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1, mb: 3 }}>
        {step === 'details'
          ? t('recurring.detailsIntro')
          : step === 'card'
            ? t('recurring.cardStepIntro')
            : t('recurring.doneIntro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {step === 'details' ? (
          <>
            {notVerified ? <EmailNotVerifiedAlert sx={{ mb: 2 }}>{notVerified}</EmailNotVerifiedAlert> : null}
            <StartGiftForm today={today} initialValues={values} fundId={fundId} onSubmit={start} />
          </>
        ) : null}
        {step === 'card' && started && gift ? (
          <Box>
            {gift.status === 'setup' ? (
              <Button startIcon={<ArrowBack />} onClick={() => setStep('details')} sx={{ ml: -1, mb: 1 }}>
                {t('recurring.editDetails')}
              </Button>
            ) : (
              <Button startIcon={<ArrowBack />} onClick={() => setStep('done')} sx={{ ml: -1, mb: 1 }}>
                {t('recurring.keepCard')}
              </Button>
            )}
            <Summary gift={gift} />
            <Divider sx={{ mb: 2 }} />
            <GiftCardStep
              key={started.setup.setupIntentId}
              giftId={gift.id}
              token={started.token}
              setup={started.setup}
              submitLabel={gift.status === 'setup' ? t('recurring.startGift', { frequency: gift.frequency }) : t('recurring.saveCard')}
              billing={billing}
              cardStep={cardStep}
              onSaved={saved}
            />
          </Box>
        ) : null}
        {step === 'done' && started && gift ? (
          <Done started={started} gift={gift} onOtherCard={() => void otherCard()} changingCard={changingCard} />
        ) : null}
      </Paper>
    </>
  );
}
