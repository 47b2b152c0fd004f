import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '../i18n';

type Props = {
  templeName: string | null;
  welcomeText?: string;
  signedIn: boolean;
  /** A line above the welcome (today's panchangam), in a place of its own that does not move the rest. */
  today?: ReactNode;
};

export function Hero({ templeName, welcomeText, signedIn, today }: Props) {
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        py: { xs: 8, md: 14 },
        background: 'linear-gradient(135deg, #7c2d12 0%, #9a3412 45%, #b45309 100%)',
        color: '#ffffff',
        ...theme.applyStyles('dark', {
          background: 'linear-gradient(135deg, #2a1208 0%, #431407 50%, #5a2a0c 100%)',
        }),
      })}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          opacity: 0.12,
          backgroundImage:
            'radial-gradient(circle at 20% 20%, #fde68a 0, transparent 35%), radial-gradient(circle at 80% 70%, #fdba74 0, transparent 40%)',
        }}
      />
      <Container sx={{ position: 'relative', textAlign: 'center' }}>
        {today ? (
          <Box
            sx={{
              minHeight: { xs: '3rem', sm: '1.75rem' },
              mt: { xs: -3, md: -6 },
              mb: { xs: 3, md: 5 },
              display: 'flex',
              justifyContent: 'center',
              alignItems: 'center',
              fontSize: { xs: '0.95rem', md: '1rem' },
            }}
          >
            {today}
          </Box>
        ) : null}
        <Typography
          id="hero-heading"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '2.25rem', sm: '3rem', md: '3.75rem' }, lineHeight: 1.1, mb: 2 }}
        >
          {t.rich('home.hero.welcome', {
            templeName: (
              <Box component="span" sx={{ display: 'block', color: '#fde68a' }}>
                {templeName ?? <Skeleton sx={{ bgcolor: 'rgba(255,255,255,0.2)', mx: 'auto' }} width="60%" />}
              </Box>
            ),
          })}
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, maxWidth: 720, mx: 'auto', mb: 4, opacity: 0.95 }}>
          {/* The product's default intro sentence, shown until the temple writes its own welcome text. */}
          {welcomeText?.trim() || t('home.hero.defaultWelcome')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button
            component={RouterLink}
            to={paths.events.getHref()}
            size="large"
            variant="contained"
            endIcon={<ArrowForward />}
            sx={{ bgcolor: '#ffffff', color: '#7c2d12', '&:hover': { bgcolor: '#ffedd5' } }}
          >
            {t('home.exploreEvents')}
          </Button>
          {signedIn ? (
            <Button
              component={RouterLink}
              to={paths.dashboard.getHref()}
              size="large"
              variant="outlined"
              sx={{ color: '#ffffff', borderColor: 'rgba(255,255,255,0.8)', '&:hover': { borderColor: '#ffffff', bgcolor: 'rgba(255,255,255,0.1)' } }}
            >
              {t('home.hero.viewDashboard')}
            </Button>
          ) : (
            <Button
              component={RouterLink}
              to={paths.signUp.getHref()}
              size="large"
              variant="outlined"
              sx={{ color: '#ffffff', borderColor: 'rgba(255,255,255,0.8)', '&:hover': { borderColor: '#ffffff', bgcolor: 'rgba(255,255,255,0.1)' } }}
            >
              {t('home.hero.joinCommunity')}
            </Button>
          )}
        </Box>
      </Container>
    </Box>
  );
}
