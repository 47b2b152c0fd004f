// The event page's member dialogs, composed from their features and loaded on first use.
import Button from '@mui/material/Button';
import { DonationDialog } from '@/features/donations/components/donation-dialog';
import { DonationFlow } from '@/features/donations/components/donation-flow';
import type { DonationSelection } from '@/features/donations/components/donation-step';
import { PaymentSelector } from '@/features/payments/components/payment-selector';
import { RegistrationDialog } from '@/features/registrations/components/registration-dialog';
import { VolunteerDialog } from '@/features/volunteers/components/volunteer-dialog';
import type { Event } from '@/types/api';

export type EventDialogKind = 'register' | 'update' | 'donate' | 'volunteer';

type Props = {
  event: Event;
  kind: EventDialogKind;
  open: boolean;
  onClose: () => void;
};

export default function EventDialogs({ event, kind, open, onClose }: Props) {
  const renderPayment = (s: DonationSelection) => (
    <PaymentSelector amount={s.amount} donationDetails={s.donationDetails} eventId={event.id} />
  );
  switch (kind) {
    case 'register':
    case 'update':
      return (
        <RegistrationDialog
          open={open}
          onClose={onClose}
          event={event}
          mode={kind}
          renderDonationStep={(done) => (
            <DonationFlow renderPayment={renderPayment} secondaryAction={<Button onClick={done}>Skip</Button>} />
          )}
        />
      );
    case 'donate':
      return <DonationDialog open={open} onClose={onClose} event={event} renderPayment={renderPayment} />;
    case 'volunteer':
      return <VolunteerDialog open={open} onClose={onClose} event={event} />;
  }
}
