import Container from '@mui/material/Container';
import { useParams, useSearchParams } from 'react-router';
import { RecurringGiftPage } from '@/features/recurring-gifts/components/recurring-gift-page';
import { saveCardStep } from '../flows/save-card-step';

/** /giving/recurring/:id: a recurring gift by its signed link (`?token=`, a guest's) or for its member. */
export default function RecurringGiftRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <RecurringGiftPage id={id} token={params.get('token')} cardStep={saveCardStep} />
    </Container>
  );
}
