import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import type { Seva } from '@/types/api';
import { useSevas } from '../api/sevas';
import { t } from '../i18n';
import { categoryLabel, formatCents } from '../lib/sankalpam';
import { LoadingRegion } from '@/components/ui/loading-region';

export function priceLabel(seva: Pick<Seva, 'priceCents' | 'priceKind'>): string {
  if (seva.priceKind === 'suggestedDonation') return t('sevas.price.suggested', { amount: formatCents(seva.priceCents) });
  return seva.priceCents === 0 ? t('sevas.price.noCharge') : formatCents(seva.priceCents);
}

function SevaCard({ seva }: { seva: Seva }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={paths.sevaDetail.getHref(seva.id)} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        {seva.imageUrl ? <CardMedia component="img" height="160" image={seva.imageUrl} alt="" sx={{ objectFit: 'cover' }} /> : null}
        <CardContent sx={{ flexGrow: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
          <Typography component="h2" variant="h6">
            {seva.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={categoryLabel(seva.category)} />
            <Chip size="small" variant="outlined" label={t('sevas.list.minutes', { minutes: seva.durationMinutes })} />
          </Box>
          {seva.description ? (
            <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {seva.description}
            </Typography>
          ) : null}
          <Typography sx={{ fontWeight: 600 }}>{priceLabel(seva)}</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /sevas: the active sevas as cards, each opening its booking page. */
export function SevaList() {
  const { sevas, error, isLoading, refresh } = useSevas();
  if (isLoading) {
    return (
      <LoadingRegion label={t('sevas.list.loading')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={200} />
        ))}
      </LoadingRegion>
    );
  }
  if (error) return <RetryAlert onRetry={() => void refresh()}>{t('sevas.list.loadFailed')}</RetryAlert>;
  if (!sevas || sevas.length === 0) {
    return <Typography color="text.secondary">{t('sevas.list.empty')}</Typography>;
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
      {sevas.map((s) => (
        <li key={s.id}>
          <SevaCard seva={s} />
        </li>
      ))}
    </Box>
  );
}
