import ArrowForward from '@mui/icons-material/ArrowForward';
import Diversity3Outlined from '@mui/icons-material/Diversity3Outlined';
import LocalFloristOutlined from '@mui/icons-material/LocalFloristOutlined';
import WbSunnyOutlined from '@mui/icons-material/WbSunnyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '../i18n';
import { Section } from './section';

// Message keys: the texts are looked up while rendering, in the page's language.
const services = [
  { id: 'daily', title: 'home.services.daily.title', icon: <WbSunnyOutlined />, text: 'home.services.daily.text' },
  { id: 'special', title: 'home.services.special.title', icon: <LocalFloristOutlined />, text: 'home.services.special.text' },
  { id: 'community', title: 'home.services.community.title', icon: <Diversity3Outlined />, text: 'home.services.community.text' },
] as const;

export function TempleServices() {
  return (
    <Section id="services" title={t('home.services.title')} subtitle={t('home.services.subtitle')} tinted>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {services.map((s) => (
          <Card key={s.id} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Box
                aria-hidden
                sx={{
                  width: 52,
                  height: 52,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                  mb: 2,
                  '& svg': { fontSize: 30 },
                }}
              >
                {s.icon}
              </Box>
              <Typography component="h3" variant="h6" gutterBottom>
                {t(s.title)}
              </Typography>
              <Typography color="text.secondary">{t(s.text)}</Typography>
            </CardContent>
            <Box sx={{ px: 2, pb: 2 }}>
              <Button
                component={RouterLink}
                to={paths.events.getHref()}
                endIcon={<ArrowForward />}
                aria-label={t('home.services.seeEventsLabel', { title: t(s.title) })}
              >
                {t('home.services.seeEvents')}
              </Button>
            </Box>
          </Card>
        ))}
      </Box>
    </Section>
  );
}
