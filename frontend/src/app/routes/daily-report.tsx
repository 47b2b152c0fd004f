import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { RequirePermission } from '@/components/require-auth';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { DailyReportView } from '@/features/reports/components/daily-report';
import { isDay } from '@/features/reports/lib/report';
import { todayIn } from '@/lib/dates';
import { useAuth } from '@/lib/auth';
import { useSite } from '@/lib/site';

function DailyReport() {
  const { can } = useAuth();
  const [params, setParams] = useSearchParams();
  const { settings } = useSite();
  const today = todayIn(settings?.timeZone || env.timeZone);
  const requested = params.get('date');
  const date = isDay(requested) ? requested : today;
  const back = can('counter') ? { to: paths.counter.getHref(), label: 'Counter' } : { to: paths.admin.getHref(), label: 'Admin' };
  return (
    <Container className="print-sheet" sx={{ py: { xs: 2, md: 4 }, display: 'grid', gap: 1 }}>
      <Button component={RouterLink} to={back.to} startIcon={<ArrowBack />} sx={{ ml: -1, justifySelf: 'start', displayPrint: 'none' }}>
        {back.label}
      </Button>
      <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
        Daily report
      </Typography>
      <DailyReportView date={date} today={today} onDateChange={(d) => setParams(d === today ? {} : { date: d }, { replace: true })} />
    </Container>
  );
}

/** /reports/daily?date=: the day's totals (`read_daily_report`: treasurers, the front desk); signed-out visitors go to /sign-in, anyone else to /. */
export default function DailyReportRoute() {
  return (
    <RequirePermission permission="read_daily_report">
      <DailyReport />
    </RequirePermission>
  );
}
