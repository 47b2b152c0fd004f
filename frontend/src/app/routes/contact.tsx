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
import { directionsUrl, temple, templeHours } from '@/config/temple';

// The spec links the home page's contact card to /contact without describing the page; a visitor
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
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Button component={RouterLink} to={paths.home.getHref()} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        Back to Home
      </Button>
      <Typography component="h1" variant="h3" gutterBottom>
        Contact Us
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Questions about pujas, events, volunteering or donations? Call, write or visit us during temple hours.
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        <ContactCard icon={<PhoneOutlined />} title="Call">
          <Link href={temple.phoneHref} underline="hover" variant="body1">
            {temple.phone}
          </Link>
        </ContactCard>
        <ContactCard icon={<EmailOutlined />} title="Write">
          <Link href={`mailto:${temple.email}`} underline="hover" variant="body1">
            {temple.email}
          </Link>
        </ContactCard>
        <ContactCard icon={<LocationOnOutlined />} title="Visit">
          <Box component="address" sx={{ fontStyle: 'normal' }}>
            <Typography>{temple.address.street}</Typography>
            <Typography>{temple.address.cityLine}</Typography>
          </Box>
          <Button
            component="a"
            href={directionsUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
            startIcon={<DirectionsOutlined />}
            sx={{ justifySelf: 'start' }}
          >
            Get Directions
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (opens in a new tab)
            </Box>
          </Button>
        </ContactCard>
        <ContactCard icon={<LocationOnOutlined sx={{ visibility: 'hidden' }} />} title="Temple Hours">
          <Typography variant="body2">
            Weekdays: {templeHours.weekdays.morning} and {templeHours.weekdays.evening}
          </Typography>
          <Typography variant="body2">
            Weekends: {templeHours.weekends.morning} and {templeHours.weekends.evening}
          </Typography>
          <Typography variant="body2">Sayanostavam every day at {templeHours.sayanostavam}</Typography>
        </ContactCard>
      </Box>
    </Container>
  );
}
