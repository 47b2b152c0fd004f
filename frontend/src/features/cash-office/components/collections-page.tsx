import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { todayIn } from '@/lib/dates';
import { formatUSD } from '@/lib/format';
import { useSite } from '@/lib/site';
import type { DonationType } from '@/types/api';
import { useCollection } from '../api/collections';
import { CollectionDetail } from './collection-detail';
import { CollectionList } from './collection-list';
import { CountForm } from './count-form';
import { Section } from './section';

const listHref = paths.collections.getHref();
const countHref = (id: string) => `${listHref}?count=${encodeURIComponent(id)}`;

/** The correction of a count: its form once the count is read. */
function Correction({ id, donationTypes, today, onDone }: { id: string; donationTypes: readonly DonationType[]; today: string; onDone: () => void }) {
  const { toast } = useToast();
  const { collection, error, isLoading, refresh } = useCollection(id);
  if (isLoading) {
    return (
      <LoadingRegion label="Loading the count">
        <Skeleton variant="rounded" height={480} />
      </LoadingRegion>
    );
  }
  if (error instanceof ApiError && error.status === 404) return <Alert severity="info">This count is not here any more: it may have been discarded.</Alert>;
  if (error || !collection) return <RetryAlert onRetry={() => void refresh()}>The count could not be loaded.</RetryAlert>;
  if (collection.locked) return <Alert severity="info">This count is confirmed by two people and locked: it can no longer be corrected.</Alert>;
  return (
    <CountForm
      donationTypes={donationTypes}
      count={collection}
      today={today}
      onCancel={onDone}
      onSaved={(saved) => {
        toast({ title: 'Count corrected', description: `${formatUSD(saved.total)}: two people confirm it again.`, variant: 'success' });
        onDone();
      }}
    />
  );
}

/**
 * /collections: the hundi counts. The list, with "New count" (`?new`), a count's page (`?count=`)
 * and its correction (`?count=&correct`): each a link, so Back goes where the treasurer was.
 * `donationTypes` are the funds a count may go to (the route gives the active ones).
 */
export function CollectionsPage({ donationTypes }: { donationTypes: readonly DonationType[] }) {
  const { can } = useAuth();
  const { toast } = useToast();
  const { settings } = useSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const today = todayIn(settings?.timeZone || env.timeZone);
  const countId = params.get('count');
  const creating = params.has('new');
  const correcting = countId !== null && params.has('correct');

  let content;
  if (creating) {
    content = (
      <CountForm
        donationTypes={donationTypes}
        count={null}
        today={today}
        onCancel={() => navigate(listHref)}
        onSaved={(saved) => {
          toast({ title: 'Count recorded', description: `${formatUSD(saved.total)}: now two people confirm it.`, variant: 'success' });
          navigate(countHref(saved.id), { replace: true });
        }}
      />
    );
  } else if (correcting) {
    content = <Correction id={countId} donationTypes={donationTypes} today={today} onDone={() => navigate(countHref(countId), { replace: true })} />;
  } else if (countId) {
    content = <CollectionDetail id={countId} onCorrect={() => navigate(`${countHref(countId)}&correct`)} onDiscarded={() => navigate(listHref, { replace: true })} />;
  } else {
    content = (
      <Section
        title="Counts"
        id="counts-title"
        action={
          <Button component={RouterLink} to={`${listHref}?new`} variant="contained" startIcon={<Add />}>
            New count
          </Button>
        }
      >
        <CollectionList hrefOf={countHref} />
      </Section>
    );
  }

  return (
    <Container sx={{ py: { xs: 2, md: 4 }, display: 'grid', gap: 2 }} maxWidth="md">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: -1 }}>
        {countId || creating ? (
          <Button component={RouterLink} to={listHref} startIcon={<ArrowBack />}>
            All counts
          </Button>
        ) : (
          <Button component={RouterLink} to={paths.admin.getHref()} startIcon={<ArrowBack />}>
            Admin
          </Button>
        )}
        {can('make_deposits') ? (
          <Button component={RouterLink} to={paths.deposits.getHref()}>
            Deposits
          </Button>
        ) : null}
      </Box>
      <div>
        <Typography component="h1" variant="h4">
          Hundi counts
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Count each box by bill and coin. Two different people confirm a count; the second confirmation locks it and records it in the ledger.
        </Typography>
      </div>
      {content}
    </Container>
  );
}
