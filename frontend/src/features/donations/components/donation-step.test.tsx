import { describe, expect, it, vi } from 'vitest';
import { makeDonationType } from '@/testing/data';
import { renderWithProviders, screen } from '@/testing/test-utils';
import { DonationStep } from './donation-step';

const annadanam = makeDonationType({ name: 'Annadanam', defaultAmount: '51.00' });
const flowers = makeDonationType({ name: 'Flowers', defaultAmount: null });

describe('DonationStep', () => {
  it('keeps Continue disabled until a type is chosen, then prefills its default amount', async () => {
    const onContinue = vi.fn();
    const { user } = renderWithProviders(<DonationStep donationTypes={[annadanam, flowers]} onContinue={onContinue} />);
    const cont = screen.getByRole('button', { name: 'Continue to Payment' });
    expect(cont).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Annadanam/ }));
    expect(screen.getByLabelText('Amount')).toHaveValue(51);
    expect(screen.getByLabelText('Amount')).toHaveAttribute('step', '0.01');
    expect(cont).toBeEnabled();
    await user.click(cont);
    expect(onContinue).toHaveBeenCalledWith({
      amount: 51,
      donationDetails: [{ donationTypeId: annadanam.id, amount: 51, name: 'Annadanam' }],
    });
  });

  it('uses 10 for a type without a default and for a custom amount', async () => {
    const onContinue = vi.fn();
    const { user } = renderWithProviders(<DonationStep donationTypes={[annadanam, flowers]} onContinue={onContinue} />);
    await user.click(screen.getByRole('radio', { name: /Flowers/ }));
    expect(screen.getByLabelText('Amount')).toHaveValue(10);
    await user.click(screen.getByRole('radio', { name: /Custom amount/ }));
    expect(screen.getByLabelText('Amount')).toHaveValue(10);
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '12.34');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(onContinue).toHaveBeenCalledWith({
      amount: 12.34,
      donationDetails: [{ donationTypeId: 'custom', amount: 12.34, name: 'Custom Donation' }],
    });
  });

  it('disables Continue for an amount of 0', async () => {
    const { user } = renderWithProviders(<DonationStep donationTypes={[annadanam]} onContinue={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: /Annadanam/ }));
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '0');
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
  });

  it('accepts only what the server accepts: $1 or more, at most 2 decimals', async () => {
    const onContinue = vi.fn();
    const { user } = renderWithProviders(<DonationStep donationTypes={[annadanam]} onContinue={onContinue} />);
    await user.click(screen.getByRole('radio', { name: /Annadanam/ }));
    const amount = screen.getByLabelText('Amount');
    const cont = screen.getByRole('button', { name: 'Continue to Payment' });
    for (const [typed, message] of [
      ['0.5', 'Amount must be at least 1'],
      ['10.125', 'Amount must have at most 2 decimal places'],
      ['1000001', 'Amount must be less than 1,000,000'],
    ]) {
      await user.clear(amount);
      await user.type(amount, typed);
      expect(cont).toBeDisabled();
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await user.clear(amount);
    await user.type(amount, '1');
    expect(cont).toBeEnabled();
    await user.click(cont);
    expect(onContinue).toHaveBeenCalledWith({ amount: 1, donationDetails: [{ donationTypeId: annadanam.id, amount: 1, name: 'Annadanam' }] });
  });

  it('renders the secondary action', () => {
    renderWithProviders(<DonationStep donationTypes={[]} onContinue={vi.fn()} secondaryAction={<button type="button">Skip</button>} />);
    expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Custom amount/ })).toBeInTheDocument();
  });
});
