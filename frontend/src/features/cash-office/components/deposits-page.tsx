import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatUSD } from '@/lib/format';
import { DepositList } from './deposit-list';
import { ReadyToDeposit } from './ready-to-deposit';
import { Section } from './section';

/** /deposits: what is ready to go to the bank, to make a deposit of; and the deposits made. */
export function DepositsPage() {
  const { can } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  return (
    <Container sx={{ py: { xs: 2, md: 4 }, display: 'grid', gap: 2 }} maxWidth="md">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: -1 }}>
        <Button component={RouterLink} to={paths.admin.getHref()} startIcon={<ArrowBack />}>
          Admin
        </Button>
        {can('count_collections') ? (
          <>
            <Button component={RouterLink} to={paths.collections.getHref()}>
              Hundi counts
            </Button>
            <Button component={RouterLink} to={paths.checks.getHref()}>
              Enter checks
            </Button>
          </>
        ) : null}
      </Box>
      <div>
        <Typography component="h1" variant="h4">
          Deposits
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Choose what goes to the bank together, make the deposit and print its slip. Mark it cleared once the bank shows the money.
        </Typography>
      </div>
      <ReadyToDeposit
        onMade={(made) => {
          toast({ title: `Deposit ${made.deposit.number} made`, description: `${formatUSD(made.deposit.total)}: print its slip for the bank.`, variant: 'success' });
          navigate(paths.depositSlip.getHref(made.deposit.id));
        }}
      />
      <Section title="Deposits made" id="deposits-made-title">
        <DepositList />
      </Section>
    </Container>
  );
}
