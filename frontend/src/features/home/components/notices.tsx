import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import type { Notice } from '@/types/api';
import { t } from '../i18n';

function NoticeLink({ href }: { href: string }) {
  if (href.startsWith('/')) {
    return (
      <Link component={RouterLink} to={href} underline="always" sx={{ fontWeight: 600 }}>
        {t('home.notices.learnMore')}
      </Link>
    );
  }
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" underline="always" sx={{ fontWeight: 600 }}>
      {t('home.notices.learnMore')}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        {t('home.opensInNewTab')}
      </Box>
    </Link>
  );
}

/** Today's notices (festival dates, closings, parking changes); nothing when there are none. */
export function Notices({ notices }: { notices: Notice[] }) {
  if (notices.length === 0) return null;
  return (
    <Box component="section" aria-label={t('home.notices.label')} sx={{ pt: { xs: 3, md: 4 } }}>
      <Container sx={{ display: 'grid', gap: 1.5 }}>
        {notices.map((n) => (
          <Alert key={n.id} severity="info" icon={<CampaignOutlined />} variant="outlined" sx={{ bgcolor: 'background.paper' }}>
            <AlertTitle sx={{ fontWeight: 700 }}>{n.title}</AlertTitle>
            {n.body ? <Box sx={{ whiteSpace: 'pre-line' }}>{n.body}</Box> : null}
            {n.link ? (
              <Box sx={{ mt: n.body ? 0.5 : 0 }}>
                <NoticeLink href={n.link} />
              </Box>
            ) : null}
          </Alert>
        ))}
      </Container>
    </Box>
  );
}
