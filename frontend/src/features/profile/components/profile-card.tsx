import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SpaOutlined from '@mui/icons-material/SpaOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { UserAvatar } from '@/components/ui/user-avatar';
import { formatDate, formatMonthYear } from '@/lib/format';
import { formatGotram } from '@/lib/gotrams';
import type { User } from '@/types/api';
import { useUserGotram } from '../api/get-gotram';
import { t } from '../i18n';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', '& > svg': { color: 'text.secondary', mt: 0.25 } }}>
      {icon}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </Typography>
      </Box>
    </Box>
  );
}

export function ProfileCard({ user }: { user: User }) {
  const gotram = useUserGotram(user);
  const gotramText = gotram ? formatGotram(gotram) : user.customGotram || t('profile.noGotram');
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', justifyItems: 'center', textAlign: 'center', gap: 1 }}>
          <UserAvatar email={user.email} firstName={user.firstName} lastName={user.lastName} size={256} displaySize={128} />
          <Typography component="h2" variant="h5">
            {user.firstName} {user.lastName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('profile.memberSince', { date: formatMonthYear(user.createdAt) })}
          </Typography>
        </Box>
        <Divider />
        <Row icon={<EmailOutlined fontSize="small" />} label={t('profile.email')}>
          {user.email}
        </Row>
        {user.phoneNumber ? (
          <Row icon={<PhoneOutlined fontSize="small" />} label={t('profile.phone')}>
            {user.phoneNumber}
          </Row>
        ) : null}
        <Row icon={<CalendarMonthOutlined fontSize="small" />} label={t('profile.joined')}>
          {formatDate(user.createdAt)}
        </Row>
        <Row icon={<SpaOutlined fontSize="small" />} label={t('profile.gotram')}>
          {gotramText}
        </Row>
      </CardContent>
    </Card>
  );
}
