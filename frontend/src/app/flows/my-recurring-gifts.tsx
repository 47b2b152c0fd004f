// My Donations' "Recurring gifts", composed from the recurring gifts feature and the payments
// feature's card form. Loaded by the page on its own, after the page: its chunks are not listed in
// the entry's map of the page's chunks (docs/architecture.md#budgets).
import { MyRecurringGifts } from '@/features/recurring-gifts/components/my-recurring-gifts';
import { saveCardStep } from './save-card-step';

export default function MyRecurringGiftsSection() {
  return <MyRecurringGifts cardStep={saveCardStep} />;
}
