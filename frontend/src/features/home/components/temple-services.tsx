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
import { Section } from './section';

const services = [
  {
    title: 'Daily Rituals',
    icon: <WbSunnyOutlined />,
    text: 'Suprabhatam, archana and aarti performed every day by our priests, with evening Sayanostavam.',
  },
  {
    title: 'Special Pujas',
    icon: <LocalFloristOutlined />,
    text: 'Abhishekams, homams, kalyanotsavams and festival pujas, performed for families on request.',
  },
  {
    title: 'Community Support',
    icon: <Diversity3Outlined />,
    text: 'Cultural classes, volunteering, seva opportunities and support for families in our community.',
  },
];

export function TempleServices() {
  return (
    <Section id="services" title="Temple Services" subtitle="Worship, celebrate and serve with us" tinted>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {services.map((s) => (
          <Card key={s.title} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
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
                {s.title}
              </Typography>
              <Typography color="text.secondary">{s.text}</Typography>
            </CardContent>
            <Box sx={{ px: 2, pb: 2 }}>
              <Button
                component={RouterLink}
                to={paths.events.getHref()}
                endIcon={<ArrowForward />}
                aria-label={`${s.title}: see events`}
              >
                See events
              </Button>
            </Box>
          </Card>
        ))}
      </Box>
    </Section>
  );
}
