import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import ContactMailOutlined from '@mui/icons-material/ContactMailOutlined';
import DirectionsOutlined from '@mui/icons-material/DirectionsOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { paths } from '@/config/paths';
import { directionsUrl, mapEmbedUrl, temple, templeHours } from '@/config/temple';
import { Section } from './section';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
          {icon}
          <Typography component="h3" variant="h6" sx={{ color: 'text.primary' }}>
            {title}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function HoursRow({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

export function TempleInformation() {
  return (
    <Section id="temple-info" title="Temple Information" subtitle="Plan your visit">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <InfoCard icon={<AccessTimeOutlined />} title="Temple Hours">
          <Typography variant="subtitle2">Weekdays (Mon - Fri)</Typography>
          <HoursRow label="Morning" value={templeHours.weekdays.morning} />
          <HoursRow label="Evening" value={templeHours.weekdays.evening} />
          <Divider />
          <Typography variant="subtitle2">Weekends (Sat - Sun)</Typography>
          <HoursRow label="Morning" value={templeHours.weekends.morning} />
          <HoursRow label="Evening" value={templeHours.weekends.evening} />
          <Divider />
          <HoursRow label="Sayanostavam (every day)" value={templeHours.sayanostavam} />
        </InfoCard>

        <InfoCard icon={<LocationOnOutlined />} title="Location">
          <Box component="address" sx={{ fontStyle: 'normal' }}>
            <Typography variant="body2">{temple.address.street}</Typography>
            <Typography variant="body2">{temple.address.cityLine}</Typography>
          </Box>
          <Box
            sx={{
              position: 'relative',
              aspectRatio: '4 / 3',
              borderRadius: 2,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
              bgcolor: 'action.hover',
            }}
          >
            {/* Fallback under the map: visible while it loads or when the map service is unreachable. */}
            <Box
              aria-hidden
              sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'text.secondary', textAlign: 'center' }}
            >
              <Box>
                <MapOutlined sx={{ fontSize: 40 }} />
                <Typography variant="body2">{temple.address.cityLine}</Typography>
              </Box>
            </Box>
            <Box
              component="iframe"
              title={`Map showing the temple at ${temple.address.street}, ${temple.address.cityLine}`}
              src={mapEmbedUrl}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
            />
          </Box>
          <Button
            component="a"
            href={directionsUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
            startIcon={<DirectionsOutlined />}
          >
            Get Directions
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (opens in a new tab)
            </Box>
          </Button>
        </InfoCard>

        <InfoCard icon={<ContactMailOutlined />} title="Contact Us">
          <Typography variant="body2" color="text.secondary">
            Questions about pujas, events or volunteering? We are happy to help.
          </Typography>
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <Typography variant="body2">
              Phone:{' '}
              <Link href={temple.phoneHref} underline="hover">
                {temple.phone}
              </Link>
            </Typography>
            <Typography variant="body2">
              E-mail:{' '}
              <Link href={`mailto:${temple.email}`} underline="hover">
                {temple.email}
              </Link>
            </Typography>
          </Box>
          <Button component={RouterLink} to={paths.contact.getHref()} variant="outlined">
            Contact Us
          </Button>
        </InfoCard>
      </Box>
    </Section>
  );
}
