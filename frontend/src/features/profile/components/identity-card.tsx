import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { formatMonthYear } from '@/lib/format';
import type { User } from '@/types/api';
import { t } from '../i18n';

/** Dashboard card: who is signed in, with a link to the profile. */
export function IdentityCard({ user }: { user: User }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', minWidth: 0 }}>
          <UserAvatar email={user.email} firstName={user.firstName} lastName={user.lastName} displaySize={56} />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="h6" noWrap>
              {user.firstName} {user.lastName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('profile.memberSince', { date: formatMonthYear(user.createdAt) })}
            </Typography>
          </Box>
        </Box>
        <Button component={RouterLink} to={paths.profile.getHref()} variant="outlined">
          {t('profile.viewProfile')}
        </Button>
      </CardContent>
    </Card>
  );
}
