import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useAppConfig } from '@/lib/app-config';
import { addressLines, phoneHref, socialLinks, useSite } from '@/lib/site';
import { useNow } from '@/lib/render-instant';
import { t } from './i18n';

// The footer has placeholder links (docs/product.md#audiences-and-page-frame), rendered as plain text (not dead anchors).
// Social icons link to the temple's pages set in Admin → Temple; unset ones are hidden.
// Message keys: the texts are looked up while rendering, in the page's language.
const placeholderGroups = [
  { title: 'footer.group.temple', items: ['footer.aboutUs', 'footer.ourDeities', 'footer.priests', 'footer.templeHours'] },
  { title: 'footer.group.getInvolved', items: ['footer.volunteer', 'footer.membership', 'footer.sponsorships', 'footer.newsletter'] },
  { title: 'footer.group.resources', items: ['footer.pujaServices', 'footer.festivalCalendar', 'footer.privacyPolicy', 'footer.termsOfUse'] },
] as const;

const socialIcons: Record<'Facebook' | 'Instagram' | 'YouTube' | 'X', ReactNode> = {
  Facebook: <Facebook fontSize="small" />,
  Instagram: <Instagram fontSize="small" />,
  YouTube: <YouTube fontSize="small" />,
  X: <X fontSize="small" />,
};

export function Footer() {
  const { templeName: configName } = useAppConfig();
  const { settings } = useSite();
  const templeName = settings?.templeName || configName;
  const year = useNow().getFullYear();
  const lines = settings ? addressLines(settings) : [];
  const socials = settings ? socialLinks(settings) : [];
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 8 }}>
      <Container sx={{ py: 6 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' },
          }}
        >
          <Box>
            <Typography component="p" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              {templeName}
            </Typography>
            {settings?.tagline ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {settings.tagline}
              </Typography>
            ) : null}
            <Box component="address" sx={{ fontStyle: 'normal', display: 'grid', gap: 0.75 }}>
              {lines.length > 0 ? (
                <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <LocationOnOutlined fontSize="small" aria-hidden /> {lines.join(', ')}
                </Typography>
              ) : null}
              {settings?.phone ? (
                <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <PhoneOutlined fontSize="small" aria-hidden />
                  <Link href={phoneHref(settings.phone)} color="inherit" underline="hover">
                    {settings.phone}
                  </Link>
                </Typography>
              ) : null}
              {settings?.email ? (
                <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <EmailOutlined fontSize="small" aria-hidden />
                  <Link href={`mailto:${settings.email}`} color="inherit" underline="hover">
                    {settings.email}
                  </Link>
                </Typography>
              ) : null}
            </Box>
          </Box>
          {placeholderGroups.map((group) => (
            <Box key={group.title}>
              <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
                {t(group.title)}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
                {group.items.map((item) => (
                  <Typography component="li" variant="body2" color="text.secondary" key={item}>
                    {t(item)}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        <Box
          sx={{
            mt: 5,
            pt: 3,
            borderTop: 1,
            borderColor: 'divider',
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 2,
            justifyContent: 'space-between',
            alignItems: { sm: 'center' },
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {t('footer.copyright', { year: String(year), templeName })}
          </Typography>
          {socials.length > 0 ? (
            <Box component="ul" aria-label={t('footer.socialMedia')} sx={{ display: 'flex', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
              {socials.map((s) => (
                <li key={s.label}>
                  <Box
                    component="a"
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('footer.socialLink', { name: s.label })}
                    title={s.label}
                    sx={{
                      width: 36,
                      height: 36,
                      borderRadius: '50%',
                      display: 'grid',
                      placeItems: 'center',
                      border: 1,
                      borderColor: 'divider',
                      color: 'text.secondary',
                      '&:hover': { color: 'primary.main', borderColor: 'primary.main' },
                    }}
                  >
                    {socialIcons[s.label]}
                  </Box>
                </li>
              ))}
            </Box>
          ) : null}
        </Box>
      </Container>
    </Box>
  );
}
