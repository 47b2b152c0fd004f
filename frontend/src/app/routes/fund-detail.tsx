import Container from '@mui/material/Container';
import { useParams } from 'react-router';
import { FundDetail } from '@/features/funds/components/fund-detail';

/** /funds/:id: one fund with what it has raised and a way to give. */
export default function FundDetailRoute() {
  const { id = '' } = useParams();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <FundDetail id={id} />
    </Container>
  );
}
