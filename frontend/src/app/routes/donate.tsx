import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { paths } from '@/config/paths';
import { DonateForm, type DonateSubmission } from '@/features/donations/components/donate-form';
import { useFund } from '@/features/funds/api/get-funds';
import { PaymentSelector } from '@/features/payments/components/payment-selector';
import type { PaymentCompletion } from '@/features/payments/types';
import { formatUSD } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import { t } from './i18n';

/**
 * The active fund `?fund=` names (a fund page's Give), or null: an unknown or inactive fund is
 * ignored. Read once hydrated: the page's markup is the same for every query (ADR 0120).
 */
function useChosenFund() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const { fund } = useFund(hydrated ? (params.get('fund') ?? '') : '');
  return fund?.isActive ? fund : null;
}

/** /donate: step 1 amount, purpose and notes; step 2 'Complete Your Donation' with the payment method. */
export default function DonateRoute() {
  const [submission, setSubmission] = useState<DonateSubmission | null>(null);
  const fund = useChosenFund();
  const { toast } = useToast();
  const navigate = useNavigate();
  const step = submission ? 1 : 0;

  function handleComplete(c: PaymentCompletion) {
    if (c.status === 'succeeded') {
      toast({ title: t('page.donate.successTitle'), description: t('page.donate.successText') });
    }
    navigate(c.redirectUrl);
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, textAlign: 'center' }}>
        {step === 0 ? t('page.donate.title') : t('page.donate.titlePay')}
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1, mb: 3 }}>
        {step === 0 ? t('page.donate.intro') : t('page.donate.introPay')}
      </Typography>
      {step === 0 ? (
        <>
          <Typography variant="body2" sx={{ textAlign: 'center', mt: -2, mb: 2 }}>
            <Link component={RouterLink} to={paths.funds.getHref()}>
              {t('page.donate.fundsLink')}
            </Link>
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 3 }}>
            <Typography variant="body2" color="text.secondary">
              {t('page.donate.givingRegularly')}
            </Typography>
            <Button component={RouterLink} to={paths.donateMonthly.getHref(fund?.id)} variant="outlined" size="small">
              {t('page.donate.giveMonthly')}
            </Button>
          </Box>
        </>
      ) : null}
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        <Step>
          <StepLabel>{t('page.donate.stepDetails')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('page.donate.stepPayment')}</StepLabel>
        </Step>
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {submission ? (
          <Box>
            <Button startIcon={<ArrowBack />} onClick={() => setSubmission(null)} sx={{ ml: -1, mb: 1 }}>
              {t('page.donate.edit')}
            </Button>
            <Box sx={{ display: 'grid', gap: 0.5, mb: 2 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography color="text.secondary">{t('page.donate.purpose')}</Typography>
                <Typography sx={{ fontWeight: 600 }}>{submission.purposeName}</Typography>
              </Box>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography color="text.secondary">{t('page.donate.amount')}</Typography>
                <Typography sx={{ fontWeight: 600 }}>{formatUSD(submission.amount)}</Typography>
              </Box>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography color="text.secondary">{t('page.donate.receiptTo')}</Typography>
                <Typography sx={{ textAlign: 'right', wordBreak: 'break-word' }}>
                  {`${submission.donorName} (${submission.donorEmail})`}
                </Typography>
              </Box>
              {submission.donor.inHonorOf ? (
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <Typography color="text.secondary">{t('page.donate.inHonor')}</Typography>
                  <Typography sx={{ textAlign: 'right', wordBreak: 'break-word' }}>{submission.donor.inHonorOf}</Typography>
                </Box>
              ) : null}
              {submission.notes ? (
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <Typography color="text.secondary">{t('page.donate.notes')}</Typography>
                  <Typography sx={{ textAlign: 'right', wordBreak: 'break-word' }}>{submission.notes}</Typography>
                </Box>
              ) : null}
            </Box>
            <Divider sx={{ mb: 2 }} />
            <PaymentSelector
              amount={submission.amount}
              donationDetails={submission.donationDetails}
              notes={submission.notes}
              donor={submission.donor}
              billingName={submission.donorName}
              billingEmail={submission.donorEmail}
              tolerate401
              onComplete={handleComplete}
            />
          </Box>
        ) : (
          <UntilHydrated>
            <DonateForm fund={fund} onSubmit={setSubmission} />
          </UntilHydrated>
        )}
      </Paper>
    </Container>
  );
}
