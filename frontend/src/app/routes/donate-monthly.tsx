import Container from '@mui/material/Container';
import { useSearchParams } from 'react-router';
import { StartRecurringGift } from '@/features/recurring-gifts/components/start-recurring-gift';
import { saveCardStep } from '../flows/save-card-step';

/** /donate/monthly: a recurring gift by card (`?fund=` chooses its fund), then its card, then done. */
export default function DonateMonthlyRoute() {
  const [params] = useSearchParams();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <StartRecurringGift cardStep={saveCardStep} fundId={params.get('fund') ?? undefined} />
    </Container>
  );
}
