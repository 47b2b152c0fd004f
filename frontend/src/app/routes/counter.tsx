import { RequirePermission } from '@/components/require-auth';
import { CounterPage } from '@/features/counter/components/counter-page';
import { useDonationTypes } from '@/features/donations/api/get-donation-types';
import { useEvents } from '@/features/events/api/get-events';
import { ChargeCardForm } from '@/features/payments/components/charge-card-form';
import { useSevas } from '@/features/sevas/api/sevas';
import { CounterReceipt } from '../flows/counter-receipt';

/** The counter with what it sells: the active donation types and sevas. */
function Counter() {
  const { donationTypes } = useDonationTypes();
  const { sevas } = useSevas();
  const { events } = useEvents();
  return (
    <CounterPage
      donationTypes={donationTypes}
      sevas={sevas ?? []}
      events={events ?? []}
      renderReceipt={(sale, next) => <CounterReceipt sale={sale} onNewSale={next} />}
      renderCardForm={(card) => <ChargeCardForm {...card} />}
    />
  );
}

/** /counter: the front desk's sales (`counter`); signed-out visitors go to /sign-in, anyone else to /. */
export default function CounterRoute() {
  return (
    <RequirePermission permission="counter">
      <Counter />
    </RequirePermission>
  );
}
