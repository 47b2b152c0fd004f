import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { initials } from '@/lib/avatar';
import { usePriests } from '../api/get-priests';
import { t } from '../i18n';
import { Section } from './section';

/** The temple's priests in the admins' order; hidden while there are none. */
export function Priests() {
  const { priests } = usePriests();
  if (!priests || priests.length === 0) return null;
  return (
    <Section id="priests" title={t('home.priests.title')} subtitle={t('home.priests.subtitle')}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 960, mx: 'auto' }}>
        {priests.map((p) => {
          const [first, ...rest] = p.name.replace(/^Sri\s+/, '').split(' ');
          return (
            <Card key={p.id} variant="outlined">
              <CardContent sx={{ display: 'flex', gap: 2.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
                <Avatar
                  src={p.photoUrl ?? undefined}
                  alt={p.photoUrl ? t('home.priests.photo', { name: p.name }) : undefined}
                  aria-hidden={p.photoUrl ? undefined : true}
                  slotProps={{ img: { width: 80, height: 80, loading: 'lazy', decoding: 'async' } }}
                  sx={{ width: 80, height: 80, fontSize: 28, bgcolor: 'primary.main', color: 'primary.contrastText' }}
                >
                  {initials(first, rest.join(' '))}
                </Avatar>
                <Box>
                  <Typography component="h3" variant="h6">
                    {p.name}
                  </Typography>
                  {p.title ? (
                    <Typography color="primary" sx={{ fontWeight: 600, mb: 1 }}>
                      {p.title}
                    </Typography>
                  ) : null}
                  {p.bio ? (
                    <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                      {p.bio}
                    </Typography>
                  ) : null}
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    {p.specialties.map((s) => (
                      <Chip key={s} label={s} size="small" />
                    ))}
                  </Box>
                </Box>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Section>
  );
}
