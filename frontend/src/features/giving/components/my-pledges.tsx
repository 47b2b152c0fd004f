import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { errorMessage } from '@/lib/api-client';
import { todayIn } from '@/lib/dates';
import { isFulfilled } from '@/lib/pledges';
import { useSite } from '@/lib/site';
import type { Pledge } from '@/types/api';
import { useCancelPledge, useMyPledges } from '../api/pledges';
import { t } from '../i18n';
import { pledgeProgressLine, pledgeSummaryText } from '../lib/pledge-text';
import { PledgeDialog } from './pledge-dialog';

/** The link's fund to pledge to: `/my-donations?pledgeFund=<id>` opens the form with it chosen. */
export const PLEDGE_FUND_PARAM = 'pledgeFund';

function PledgeCard({ pledge, onCancel }: { pledge: Pledge; onCancel: (pledge: Pledge) => void }) {
  const cancelled = pledge.status === 'cancelled';
  const fulfilled = isFulfilled(pledge);
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1.25 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {pledge.fundName}
            </Typography>
            {cancelled ? <Chip size="small" variant="outlined" label={t('giving.pledges.cancelled')} /> : null}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {pledgeSummaryText(pledge)}
          </Typography>
        </Box>
        {cancelled ? null : (
          <Button size="small" color="error" onClick={() => onCancel(pledge)} aria-label={t('giving.pledges.cancelAria', { fund: pledge.fundName })}>
            {t('giving.pledges.cancel')}
          </Button>
        )}
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, pledge.percent))}
        color={cancelled ? 'inherit' : fulfilled ? 'success' : 'primary'}
        aria-label={t('giving.pledges.progress', { fund: pledge.fundName })}
        aria-valuetext={t('giving.pledges.progressValue', { percent: String(pledge.percent) })}
        sx={{ height: 8, borderRadius: 99, color: cancelled ? 'text.disabled' : undefined }}
      />
      <Typography variant="body2" sx={{ fontWeight: fulfilled ? 600 : 400 }}>
        {pledgeProgressLine(pledge)}
      </Typography>
      {pledge.note ? (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {pledge.note}
        </Typography>
      ) : null}
    </Paper>
  );
}

/**
 * The member's pledges on My Donations: each with its fund, amount and period, how much of it was
 * given (the server counts the member's gifts to the fund in the period, net of refunds), and a
 * cancel action; a form makes a new one.
 */
export function MyPledges() {
  const { toast } = useToast();
  const { pledges, error, isLoading, refresh } = useMyPledges();
  const cancelPledge = useCancelPledge();
  const { settings } = useSite();
  const today = todayIn(settings?.timeZone || env.timeZone);
  const [params, setParams] = useSearchParams();
  const linkedFund = params.get(PLEDGE_FUND_PARAM) ?? '';
  // A new session (a fresh form) each time the form opens; a link's fund opens it at once.
  const [form, setForm] = useState(() => ({ session: linkedFund ? 1 : 0, open: Boolean(linkedFund), fundId: linkedFund }));
  // The pledge asked about stays while the confirmation closes, so its text does not blank out.
  const [cancel, setCancel] = useState<{ open: boolean; pledge: Pledge | null }>({ open: false, pledge: null });
  const [cancelling, setCancelling] = useState(false);

  const openForm = () => setForm((f) => ({ session: f.session + 1, open: true, fundId: '' }));
  function closeForm() {
    setForm((f) => ({ ...f, open: false }));
    if (params.has(PLEDGE_FUND_PARAM)) {
      setParams(
        (p) => {
          p.delete(PLEDGE_FUND_PARAM);
          return p;
        },
        { replace: true },
      );
    }
  }

  async function confirmCancel() {
    const pledge = cancel.pledge;
    if (!pledge) return;
    setCancelling(true);
    try {
      await cancelPledge(pledge.id);
      toast({ title: t('giving.pledges.cancelledToast'), description: pledge.fundName });
      setCancel({ open: false, pledge });
    } catch (err) {
      toast({ title: t('giving.error'), description: errorMessage(err, t('giving.pledges.cancelFailed')), variant: 'destructive' });
    } finally {
      setCancelling(false);
    }
  }

  const makeButton = (
    <Button variant="contained" startIcon={<Add />} onClick={openForm}>
      {t('giving.pledge.make')}
    </Button>
  );

  let body;
  if (isLoading) {
    body = (
      <LoadingRegion label={t('giving.pledges.loading')} sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={112} />
        <Skeleton variant="rounded" height={112} />
      </LoadingRegion>
    );
  } else if (error) {
    body = <RetryAlert onRetry={() => void refresh()}>{t('giving.pledges.loadFailed')}</RetryAlert>;
  } else if (!pledges || pledges.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560, mx: 'auto' }}>
          {t('giving.pledges.empty')}
        </Typography>
        {makeButton}
      </Paper>
    );
  } else {
    body = (
      <Box component="ul" aria-label={t('giving.pledges.list')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
        {pledges.map((p) => (
          <PledgeCard key={p.id} pledge={p} onCancel={(pledge) => setCancel({ open: true, pledge })} />
        ))}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="pledges-heading" sx={{ mt: 5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="pledges-heading" component="h2" variant="h5">
          {t('giving.pledges.heading')}
        </Typography>
        {pledges && pledges.length > 0 ? makeButton : null}
      </Box>
      {body}
      {form.session > 0 ? <PledgeDialog key={form.session} open={form.open} onClose={closeForm} today={today} fundId={form.fundId} /> : null}
      <ConfirmDialog
        open={cancel.open}
        title={t('giving.pledges.confirmTitle')}
        confirmLabel={t('giving.pledges.cancel')}
        cancelLabel={t('giving.pledges.keep')}
        busyLabel={t('giving.pledges.cancelling')}
        busy={cancelling}
        destructive
        onConfirm={() => void confirmCancel()}
        onClose={() => setCancel((c) => ({ ...c, open: false }))}
      >
        {cancel.pledge
          ? t('giving.pledges.confirmText', { fund: cancel.pledge.fundName, summary: pledgeSummaryText(cancel.pledge) })
          : null}
      </ConfirmDialog>
    </Box>
  );
}
