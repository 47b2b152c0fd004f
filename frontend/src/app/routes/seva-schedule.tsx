import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { RequirePermission } from '@/components/require-auth';
import { paths } from '@/config/paths';
import { useAllPriests } from '@/features/admin/temple/api/temple';
import { ScheduleView } from '@/features/sevas/components/schedule-view';
import { todayIn } from '@/features/sevas/lib/sankalpam';
import { useAuth } from '@/lib/auth';
import { useSite } from '@/lib/site';

function Schedule() {
  const { can } = useAuth();
  const [params, setParams] = useSearchParams();
  const { settings } = useSite();
  const { priests } = useAllPriests();
  const requested = params.get('date');
  const date = requested && /^\d{4}-\d{2}-\d{2}$/.test(requested) ? requested : todayIn(settings?.timeZone || 'America/Los_Angeles');
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      {can('manage_sevas') ? (
        <Button component={RouterLink} to={`${paths.admin.getHref()}?tab=sevas`} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1, displayPrint: 'none' }}>
          Sevas admin
        </Button>
      ) : (
        <Button component={RouterLink} to={paths.admin.getHref()} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1, displayPrint: 'none' }}>
          Admin
        </Button>
      )}
      <Typography component="h1" variant="h4" sx={{ mb: 2, displayPrint: 'none' }}>
        Seva schedule
      </Typography>
      <ScheduleView date={date} onDateChange={(d) => setParams({ date: d }, { replace: true })} priests={(priests ?? []).map((p) => ({ id: p.id, name: p.name }))} />
    </Container>
  );
}

/** /admin/sevas/schedule?date=: the priests' day view (the seva desk: front desk, admins). */
export default function SevaScheduleRoute() {
  return (
    <RequirePermission permission="seva_desk">
      <Schedule />
    </RequirePermission>
  );
}
