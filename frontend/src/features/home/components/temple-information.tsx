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
import { addressLines, directionsUrl, hasHours, mapEmbedUrl, mapQuery, phoneHref } from '@/lib/site';
import { useNearViewport } from '@/lib/use-near-viewport';
import type { SiteSettings } from '@/types/api';
import { t } from '../i18n';
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
  if (!value.trim()) return null;
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

/** Hours, location and contact cards from the site settings; each card hides when its settings are empty. */
export function TempleInformation({ settings }: { settings: SiteSettings | undefined }) {
  const [mapRef, mapNear] = useNearViewport<HTMLDivElement>();
  if (!settings) return null;
  const s = settings;
  const lines = addressLines(s);
  const query = mapQuery(s);
  const weekdays = s.weekdayMorning.trim() || s.weekdayEvening.trim();
  const weekends = s.weekendMorning.trim() || s.weekendEvening.trim();
  const showHours = hasHours(s);
  const showLocation = lines.length > 0 || query !== '';
  const showContact = s.phone.trim() !== '' || s.email.trim() !== '';
  const cards = [showHours, showLocation, showContact].filter(Boolean).length;
  if (cards === 0) return null;
  return (
    <Section id="temple-info" title={t('home.info.title')} subtitle={t('home.info.subtitle')}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: `repeat(${cards}, 1fr)` } }}>
        {showHours ? (
          <InfoCard icon={<AccessTimeOutlined />} title={t('home.info.hours')}>
            {weekdays ? (
              <>
                <Typography variant="subtitle2" component="p">
                  {t('home.info.weekdays')}
                </Typography>
                <HoursRow label={t('home.info.morning')} value={s.weekdayMorning} />
                <HoursRow label={t('home.info.evening')} value={s.weekdayEvening} />
              </>
            ) : null}
            {weekdays && weekends ? <Divider /> : null}
            {weekends ? (
              <>
                <Typography variant="subtitle2" component="p">
                  {t('home.info.weekends')}
                </Typography>
                <HoursRow label={t('home.info.morning')} value={s.weekendMorning} />
                <HoursRow label={t('home.info.evening')} value={s.weekendEvening} />
              </>
            ) : null}
            {s.sayanostavam.trim() ? (
              <>
                {weekdays || weekends ? <Divider /> : null}
                <HoursRow label={t('home.info.sayanostavam')} value={s.sayanostavam} />
              </>
            ) : null}
            {s.hoursNote.trim() ? (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {s.hoursNote}
              </Typography>
            ) : null}
          </InfoCard>
        ) : null}

        {showLocation ? (
          <InfoCard icon={<LocationOnOutlined />} title={t('home.info.location')}>
            {lines.length > 0 ? (
              <Box component="address" sx={{ fontStyle: 'normal' }}>
                {lines.map((line) => (
                  <Typography variant="body2" key={line}>
                    {line}
                  </Typography>
                ))}
              </Box>
            ) : null}
            {query ? (
              <>
                <Box
                  ref={mapRef}
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
                      <Typography variant="body2">{lines.at(-1) ?? query}</Typography>
                    </Box>
                  </Box>
                  {/* Only once a visitor scrolls near it: the map's request to another site must
                      not share a phone's network with the page's first paint. */}
                  {mapNear ? (
                    <Box
                      component="iframe"
                      title={t('home.info.map', { place: lines.length > 0 ? lines.join(', ') : query })}
                      src={mapEmbedUrl(query)}
                      loading="lazy"
                      referrerPolicy="no-referrer-when-downgrade"
                      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
                    />
                  ) : null}
                </Box>
                <Button
                  component="a"
                  href={directionsUrl(query)}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="contained"
                  startIcon={<DirectionsOutlined />}
                >
                  {t('home.info.directions')}
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    {t('home.opensInNewTab')}
                  </Box>
                </Button>
              </>
            ) : null}
          </InfoCard>
        ) : null}

        {showContact ? (
          <InfoCard icon={<ContactMailOutlined />} title={t('home.info.contact')}>
            <Typography variant="body2" color="text.secondary">
              {t('home.info.contactText')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 0.5 }}>
              {s.phone.trim() ? (
                <Typography variant="body2">
                  {t.rich('home.info.phone', {
                    phone: (
                      <Link href={phoneHref(s.phone)} underline="hover">
                        {s.phone}
                      </Link>
                    ),
                  })}
                </Typography>
              ) : null}
              {s.email.trim() ? (
                <Typography variant="body2">
                  {t.rich('home.info.email', {
                    email: (
                      <Link href={`mailto:${s.email}`} underline="hover">
                        {s.email}
                      </Link>
                    ),
                  })}
                </Typography>
              ) : null}
            </Box>
            <Button component={RouterLink} to={paths.contact.getHref()} variant="outlined">
              {t('home.info.contact')}
            </Button>
          </InfoCard>
        ) : null}
      </Box>
    </Section>
  );
}
