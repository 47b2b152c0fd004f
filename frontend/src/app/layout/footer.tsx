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
import { temple } from '@/config/temple';
import { useAppConfig } from '@/lib/app-config';

// The spec's footer has placeholder links and social icons without targets: they are rendered as
// plain text and labelled icons (not dead anchors) until the temple provides real destinations.
const placeholderGroups = [
  { title: 'Temple', items: ['About Us', 'Our Deities', 'Priests', 'Temple Hours'] },
  { title: 'Get Involved', items: ['Volunteer', 'Membership', 'Sponsorships', 'Newsletter'] },
  { title: 'Resources', items: ['Puja Services', 'Festival Calendar', 'Privacy Policy', 'Terms of Use'] },
];

const socials = [
  { label: 'Facebook', icon: <Facebook fontSize="small" /> },
  { label: 'Instagram', icon: <Instagram fontSize="small" /> },
  { label: 'YouTube', icon: <YouTube fontSize="small" /> },
  { label: 'X', icon: <X fontSize="small" /> },
];

export function Footer() {
  const { templeName } = useAppConfig();
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
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {temple.tagline}
            </Typography>
            <Box component="address" sx={{ fontStyle: 'normal', display: 'grid', gap: 0.75 }}>
              <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <LocationOnOutlined fontSize="small" aria-hidden /> {temple.address.street}, {temple.address.cityLine}
              </Typography>
              <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <PhoneOutlined fontSize="small" aria-hidden /> {temple.phone}
              </Typography>
              <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <EmailOutlined fontSize="small" aria-hidden /> {temple.email}
              </Typography>
            </Box>
          </Box>
          {placeholderGroups.map((group) => (
            <Box key={group.title}>
              <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
                {group.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
                {group.items.map((item) => (
                  <Typography component="li" variant="body2" color="text.secondary" key={item}>
                    {item}
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
            © {new Date().getFullYear()} {templeName}. All rights reserved.
          </Typography>
          <Box component="ul" aria-label="Social media" sx={{ display: 'flex', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
            {socials.map((s) => (
              <li key={s.label}>
                {/* Placeholder icons without targets (spec section 1): an image with a name, not a link. */}
                <Box
                  role="img"
                  aria-label={s.label}
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
                  }}
                >
                  {s.icon}
                </Box>
              </li>
            ))}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
