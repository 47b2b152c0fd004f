import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { temple } from '@/config/temple';
import { initials } from '@/lib/avatar';
import { Section } from './section';

export function Priests() {
  return (
    <Section id="priests" title="Our Temple Priests" subtitle="Guiding our worship and traditions">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 960, mx: 'auto' }}>
        {temple.priests.map((p) => {
          const [first, ...rest] = p.name.replace(/^Sri\s+/, '').split(' ');
          return (
            <Card key={p.name} variant="outlined">
              <CardContent sx={{ display: 'flex', gap: 2.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
                <Avatar
                  aria-hidden
                  sx={{ width: 80, height: 80, fontSize: 28, bgcolor: 'primary.main', color: 'primary.contrastText' }}
                >
                  {initials(first, rest.join(' '))}
                </Avatar>
                <Box>
                  <Typography component="h3" variant="h6">
                    {p.name}
                  </Typography>
                  <Typography color="primary" sx={{ fontWeight: 600, mb: 1 }}>
                    {p.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                    {p.bio}
                  </Typography>
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
