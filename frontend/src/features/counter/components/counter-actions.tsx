import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { DrawerCloseButton } from './drawer-close';

/** The counter's header actions: closing the drawer, and the day's report for those who read it. */
export function CounterActions() {
  const { can } = useAuth();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <DrawerCloseButton />
      {can('read_daily_report') ? (
        <Button component={RouterLink} to={paths.dailyReport.getHref()} startIcon={<AssessmentOutlined />}>
          Daily report
        </Button>
      ) : null}
    </Box>
  );
}
