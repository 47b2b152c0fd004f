import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { formatUSD } from '@/lib/format';
import type { DonationDetail, DonationType } from '@/types/api';
import { t } from '../i18n';
import { CUSTOM_DONATION_NAME, CUSTOM_TYPE_ID } from '../lib/amounts';
import { DonationStep, type DonationSelection } from './donation-step';

type Props = {
  /** The payment step for a selection (the app passes the payment selector). */
  renderPayment: (selection: DonationSelection) => ReactNode;
  donationTypes?: DonationType[];
  /** Next to 'Continue to Payment' in the first step (e.g. 'Skip'). */
  secondaryAction?: ReactNode;
};

/** A line's name as shown: a custom amount's fixed name in the page's language. */
function lineName(d: DonationDetail): string {
  return d.donationTypeId === CUSTOM_TYPE_ID && d.name === CUSTOM_DONATION_NAME ? t('donations.customDonation') : d.name;
}

/** Donation step, then payment: choose a type or custom amount, continue, pay; Back returns. */
export function DonationFlow({ renderPayment, donationTypes, secondaryAction }: Props) {
  const [selection, setSelection] = useState<DonationSelection | null>(null);
  if (selection) {
    return (
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Button startIcon={<ArrowBack />} onClick={() => setSelection(null)} sx={{ ml: -1 }}>
            {t('donations.flow.change')}
          </Button>
          <Typography color="text.secondary">
            {t.rich('donations.flow.summary', {
              names: selection.donationDetails.map(lineName).join(', '),
              amount: formatUSD(selection.amount),
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </Typography>
        </Box>
        {renderPayment(selection)}
      </Box>
    );
  }
  return <DonationStep donationTypes={donationTypes} onContinue={setSelection} secondaryAction={secondaryAction} />;
}
