import ArrowBack from '@mui/icons-material/ArrowBack';
import DirectionsOutlined from '@mui/icons-material/DirectionsOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { paths } from '@/config/paths';
import { addressLines, directionsUrl, hasHours, mapQuery, phoneHref, useSite } from '@/lib/site';
import { t } from './i18n';

// The home page's contact card links to /contact, which the product rules do not describe; a visitor
// who follows it expects the temple's address, phone, e-mail and hours, so that is what it shows.

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
          {icon}
          <Typography component="h2" variant="h6" sx={{ color: 'text.primary' }}>
            {title}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export default function ContactRoute() {
  const { settings: s } = useSite();
  const lines = s ? addressLines(s) : [];
  const query = s ? mapQuery(s) : '';
  const hours = (morning: string, evening: string) => {
    const [first = '', second] = [morning, evening].filter((v) => v.trim());
    return second === undefined ? first : t('page.contact.morningAndEvening', { morning: first, evening: second });
  };
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Button component={RouterLink} to={paths.home.getHref()} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('page.contact.back')}
      </Button>
      <Typography component="h1" variant="h3" gutterBottom>
        {t('page.contact.title')}
      </Typography>
      {s?.contactText ? (
        <Typography color="text.secondary" sx={{ mb: 4, whiteSpace: 'pre-line' }}>
          {s.contactText}
        </Typography>
      ) : null}
      {s ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          {s.phone ? (
            <ContactCard icon={<PhoneOutlined />} title={t('page.contact.call')}>
              <Link href={phoneHref(s.phone)} underline="hover" variant="body1">
                {s.phone}
              </Link>
            </ContactCard>
          ) : null}
          {s.email ? (
            <ContactCard icon={<EmailOutlined />} title={t('page.contact.write')}>
              <Link href={`mailto:${s.email}`} underline="hover" variant="body1">
                {s.email}
              </Link>
            </ContactCard>
          ) : null}
          {lines.length > 0 || query ? (
            <ContactCard icon={<LocationOnOutlined />} title={t('page.contact.visit')}>
              <Box component="address" sx={{ fontStyle: 'normal' }}>
                {lines.map((line) => (
                  <Typography key={line}>{line}</Typography>
                ))}
              </Box>
              {query ? (
                <Button
                  component="a"
                  href={directionsUrl(query)}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="contained"
                  startIcon={<DirectionsOutlined />}
                  sx={{ justifySelf: 'start' }}
                >
                  {t('page.contact.directions')}
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    {t('page.contact.opensInNewTab')}
                  </Box>
                </Button>
              ) : null}
            </ContactCard>
          ) : null}
          {hasHours(s) ? (
            <ContactCard icon={<LocationOnOutlined sx={{ visibility: 'hidden' }} />} title={t('page.contact.hours')}>
              {hours(s.weekdayMorning, s.weekdayEvening) ? (
                <Typography variant="body2">{t('page.contact.weekdays', { hours: hours(s.weekdayMorning, s.weekdayEvening) })}</Typography>
              ) : null}
              {hours(s.weekendMorning, s.weekendEvening) ? (
                <Typography variant="body2">{t('page.contact.weekends', { hours: hours(s.weekendMorning, s.weekendEvening) })}</Typography>
              ) : null}
              {s.sayanostavam ? <Typography variant="body2">{t('page.contact.sayanostavam', { time: s.sayanostavam })}</Typography> : null}
              {s.hoursNote ? (
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                  {s.hoursNote}
                </Typography>
              ) : null}
            </ContactCard>
          ) : null}
        </Box>
      ) : null}
    </Container>
  );
}
