// The event page's member dialogs, composed from their features and loaded on first use.
import Button from '@mui/material/Button';
import { DonationDialog } from '@/features/donations/components/donation-dialog';
import { DonationFlow } from '@/features/donations/components/donation-flow';
import type { DonationSelection } from '@/features/donations/components/donation-step';
import { PaymentSelector } from '@/features/payments/components/payment-selector';
import { CancelRegistrationDialog } from '@/features/registrations/components/cancel-registration-dialog';
import { LeaveWaitlistDialog } from '@/features/registrations/components/leave-waitlist-dialog';
import { RegistrationDialog } from '@/features/registrations/components/registration-dialog';
import { LeaveVolunteerDialog } from '@/features/volunteers/components/leave-volunteer-dialog';
import { VolunteerDialog } from '@/features/volunteers/components/volunteer-dialog';
import type { Event, Volunteer } from '@/types/api';
import { t } from './i18n';

export type EventDialogKind = 'register' | 'update' | 'waitlist' | 'donate' | 'volunteer' | 'cancel' | 'leave-volunteer' | 'leave-waitlist';

type Props = {
  event: Event;
  kind: EventDialogKind;
  /** The member's volunteer record, for 'leave-volunteer'. */
  volunteer: Volunteer | null;
  open: boolean;
  onClose: () => void;
};

export default function EventDialogs({ event, kind, volunteer, open, onClose }: Props) {
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
            <DonationFlow renderPayment={renderPayment} secondaryAction={<Button onClick={done}>{t('flows.donation.skip')}</Button>} />
          )}
        />
      );
    case 'waitlist':
      return <RegistrationDialog open={open} onClose={onClose} event={event} mode="waitlist" />;
    case 'leave-waitlist':
      return <LeaveWaitlistDialog open={open} onClose={onClose} event={event} />;
    case 'donate':
      return <DonationDialog open={open} onClose={onClose} event={event} renderPayment={renderPayment} />;
    case 'volunteer':
      return <VolunteerDialog open={open} onClose={onClose} event={event} />;
    case 'cancel':
      return <CancelRegistrationDialog open={open} onClose={onClose} event={event} />;
    case 'leave-volunteer':
      return volunteer ? <LeaveVolunteerDialog open={open} onClose={onClose} event={event} volunteer={volunteer} /> : null;
  }
}
