import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '../i18n';

export function ClosingCta({ signedIn }: { signedIn: boolean }) {
  return (
    <Box component="section" aria-labelledby="cta-heading" sx={{ py: { xs: 6, md: 9 } }}>
      <Container maxWidth="md">
        <Box
          sx={(theme) => ({
            textAlign: 'center',
            borderRadius: 4,
            px: { xs: 3, md: 8 },
            py: { xs: 5, md: 7 },
            color: '#ffffff',
            background: 'linear-gradient(135deg, #7c2d12, #9a3412)',
            ...theme.applyStyles('dark', { background: 'linear-gradient(135deg, #2a1208, #5a2a0c)' }),
          })}
        >
          <Typography id="cta-heading" component="h2" variant="h4" sx={{ mb: 1.5, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
            {signedIn ? t('home.cta.titleMember') : t('home.cta.titleGuest')}
          </Typography>
          <Typography sx={{ mb: 4, opacity: 0.95 }}>
            {signedIn ? t('home.cta.textMember') : t('home.cta.textGuest')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
            {signedIn ? (
              <Button
                component={RouterLink}
                to={paths.events.getHref()}
                size="large"
                variant="contained"
                sx={{ bgcolor: '#ffffff', color: '#7c2d12', '&:hover': { bgcolor: '#ffedd5' } }}
              >
                {t('home.cta.browseEvents')}
              </Button>
            ) : (
              <Button
                component={RouterLink}
                to={paths.signUp.getHref()}
                size="large"
                variant="contained"
                sx={{ bgcolor: '#ffffff', color: '#7c2d12', '&:hover': { bgcolor: '#ffedd5' } }}
              >
                {t('home.cta.signUpNow')}
              </Button>
            )}
            <Button
              component={RouterLink}
              to={paths.events.getHref()}
              size="large"
              variant="text"
              sx={{ color: '#ffffff', textDecoration: 'underline', '&:hover': { bgcolor: 'rgba(255,255,255,0.1)', textDecoration: 'underline' } }}
            >
              {t('home.exploreEvents')}
            </Button>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
