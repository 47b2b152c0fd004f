import { useSearchParams } from 'react-router';
import { PanchangamPage } from '@/features/panchangam/components/panchangam-page';

export default function PanchangamRoute() {
  const [params] = useSearchParams();
  return <PanchangamPage monthParam={params.get('month')} />;
}
