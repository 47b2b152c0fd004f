import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { formatUSD } from '@/lib/format';
import type { DonationType } from '@/types/api';
import { DonationStep, type DonationSelection } from './donation-step';

type Props = {
  /** The payment step for a selection (the app passes the payment selector). */
  renderPayment: (selection: DonationSelection) => ReactNode;
  donationTypes?: DonationType[];
  /** Next to 'Continue to Payment' in the first step (e.g. 'Skip'). */
  secondaryAction?: ReactNode;
};

/** Donation step, then payment: choose a type or custom amount, continue, pay; Back returns. */
export function DonationFlow({ renderPayment, donationTypes, secondaryAction }: Props) {
  const [selection, setSelection] = useState<DonationSelection | null>(null);
  if (selection) {
    return (
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Button startIcon={<ArrowBack />} onClick={() => setSelection(null)} sx={{ ml: -1 }}>
            Change donation
          </Button>
          <Typography color="text.secondary">
            {selection.donationDetails.map((d) => d.name).join(', ')}: <strong>{formatUSD(selection.amount)}</strong>
          </Typography>
        </Box>
        {renderPayment(selection)}
      </Box>
    );
  }
  return <DonationStep donationTypes={donationTypes} onContinue={setSelection} secondaryAction={secondaryAction} />;
}
