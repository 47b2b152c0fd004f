import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeDonationType } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { DonateForm } from './donate-form';

const general = makeDonationType({ name: 'General Donation', defaultAmount: '25.00' });
const noDefault = makeDonationType({ name: 'Flowers', defaultAmount: null });
const inactive = makeDonationType({ name: 'Old Fund', isActive: false });

function types(list = [general, noDefault, inactive]) {
  server.use(http.get('/api/donation-types', () => HttpResponse.json(list)));
}

async function choosePurpose(user: ReturnType<typeof renderWithProviders>['user'], name: RegExp | string) {
  await user.click(screen.getByRole('combobox', { name: /Purpose/ }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('DonateForm', () => {
  it('offers the active types plus Other', async () => {
    types();
    const { user } = renderWithProviders(<DonateForm onSubmit={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Purpose/ })).not.toHaveAttribute('aria-disabled'));
    await user.click(screen.getByRole('combobox', { name: /Purpose/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['General Donation ($25.00)', 'Flowers', 'Other']);
  });

  it('shows the validation messages on submit', async () => {
    types();
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<DonateForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Please select a donation purpose')).toBeInTheDocument();
    expect(screen.getByText('Amount must be at least 1')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sets 101 when 'Other' is chosen with no amount, and keeps a typed amount", async () => {
    types();
    const { user } = renderWithProviders(<DonateForm onSubmit={vi.fn()} />);
    await screen.findByRole('combobox', { name: /Purpose/ });
    await choosePurpose(user, 'Other');
    expect(screen.getByLabelText(/Amount/)).toHaveValue(101);
    await user.clear(screen.getByLabelText(/Amount/));
    await user.type(screen.getByLabelText(/Amount/), '33');
    await choosePurpose(user, 'Flowers');
    await choosePurpose(user, 'Other');
    expect(screen.getByLabelText(/Amount/)).toHaveValue(33);
  });

  it('fills the amount from a type with a default', async () => {
    types();
    const { user } = renderWithProviders(<DonateForm onSubmit={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Purpose/ })).not.toHaveAttribute('aria-disabled'));
    await choosePurpose(user, /General Donation/);
    expect(screen.getByLabelText(/Amount/)).toHaveValue(25);
  });

  it('shows the maximum message and submits a valid donation', async () => {
    types();
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<DonateForm onSubmit={onSubmit} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Purpose/ })).not.toHaveAttribute('aria-disabled'));
    await choosePurpose(user, /General Donation/);
    await user.clear(screen.getByLabelText(/Amount/));
    await user.type(screen.getByLabelText(/Amount/), '2000000');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Amount must be less than 1,000,000')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Amount/));
    await user.type(screen.getByLabelText(/Amount/), '40.5');
    await user.type(screen.getByLabelText(/Notes/), 'For the festival');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText(/Your name/));
    await user.paste(' Meera Iyer ');
    await user.click(screen.getByLabelText(/^Email/));
    await user.paste('meera@example.org');
    await user.click(screen.getByLabelText(/Mailing address/));
    await user.paste('1 Temple Rd');
    await user.click(screen.getByLabelText(/In honor/));
    await user.paste('In memory of my father');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        amount: 40.5,
        donationTypeId: general.id,
        notes: 'For the festival',
        purposeName: 'General Donation',
        donationDetails: [{ donationTypeId: general.id, amount: 40.5, name: 'General Donation' }],
        donor: {
          donorName: 'Meera Iyer',
          donorEmail: 'meera@example.org',
          donorAddress: '1 Temple Rd',
          inHonorOf: 'In memory of my father',
        },
        donorName: 'Meera Iyer',
        donorEmail: 'meera@example.org',
      }),
    );
  });

  it('tolerates 401 on the donation types read (guests and expired sessions)', async () => {
    server.use(http.get('/api/donation-types', () => HttpResponse.json({ message: 'Authentication required' }, { status: 401 })));
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<DonateForm onSubmit={onSubmit} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Purpose/ })).not.toHaveAttribute('aria-disabled'));
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    await choosePurpose(user, 'Other');
    await user.click(screen.getByLabelText(/Your name/));
    await user.paste('Ravi');
    await user.click(screen.getByLabelText(/^Email/));
    await user.paste('ravi@example.org');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ amount: 101, donationDetails: [{ donationTypeId: 'custom', amount: 101, name: 'Other' }] }),
      ),
    );
  });
});

describe('DonateForm for a fund (the donate page opened from a fund page)', () => {
  const building = { id: 'f-building', name: 'Building Fund' };
  const oldBrick = makeDonationType({ name: 'Old brick', defaultAmount: '5.00', fundId: building.id, isActive: false });
  const brick = makeDonationType({ name: 'Brick', defaultAmount: '51.00', fundId: building.id });
  const pillar = makeDonationType({ name: 'Pillar', defaultAmount: '1001.00', fundId: building.id });

  it("chooses the fund's first active type with its default amount, and says where the gift goes", async () => {
    types([general, oldBrick, brick, pillar, noDefault]);
    const { user } = renderWithProviders(<DonateForm fund={building} onSubmit={vi.fn()} />);
    const purpose = screen.getByRole('combobox', { name: /Purpose/ });
    await waitFor(() => expect(purpose).toHaveTextContent('Brick ($51.00)'));
    expect(screen.getByLabelText(/Amount/)).toHaveValue(51);
    expect(purpose).toHaveAccessibleDescription('Your gift goes to the Building Fund.');
    // No purpose is added for a fund that has a type.
    await user.click(purpose);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'General Donation ($25.00)',
      'Brick ($51.00)',
      'Pillar ($1,001.00)',
      'Flowers',
      'Other',
    ]);
    await user.click(screen.getByRole('option', { name: 'Pillar ($1,001.00)' }));
    expect(screen.getByLabelText(/Amount/)).toHaveValue(1001);
    expect(screen.getByText('Your gift goes to the Building Fund.')).toBeInTheDocument();
    await choosePurpose(user, 'Flowers');
    expect(screen.queryByText(/Your gift goes to/)).not.toBeInTheDocument();
  });

  it('adds a purpose named after a fund without a type, chosen, and sends one custom line to the fund', async () => {
    types();
    const temple = { id: 'f-temple', name: 'Temple Building' };
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<DonateForm fund={temple} onSubmit={onSubmit} />);
    const purpose = screen.getByRole('combobox', { name: /Purpose/ });
    await waitFor(() => expect(purpose).toHaveTextContent('Temple Building'));
    // As 'Other': 101 when no amount is typed.
    expect(screen.getByLabelText(/Amount/)).toHaveValue(101);
    expect(screen.getByText('Your gift goes to the Temple Building fund.')).toBeInTheDocument();
    await user.click(purpose);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Temple Building', 'General Donation ($25.00)', 'Flowers', 'Other']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByLabelText(/Your name/));
    await user.paste('Meera Iyer');
    await user.click(screen.getByLabelText(/^Email/));
    await user.paste('meera@example.org');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          amount: 101,
          purposeName: 'Temple Building',
          donationDetails: [{ donationTypeId: 'custom', amount: 101, name: 'Temple Building', fundId: 'f-temple' }],
        }),
      ),
    );
  });

  it('leaves a purpose the donor chose before the fund was known', async () => {
    types();
    function FundKnownLater() {
      const [fund, setFund] = useState<{ id: string; name: string } | null>(null);
      return (
        <>
          <button type="button" onClick={() => setFund({ id: 'f-temple', name: 'Temple Building' })}>
            The fund is known
          </button>
          <DonateForm fund={fund} onSubmit={vi.fn()} />
        </>
      );
    }
    const { user } = renderWithProviders(<FundKnownLater />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Purpose/ })).not.toHaveAttribute('aria-disabled'));
    await choosePurpose(user, 'Flowers');
    await user.click(screen.getByRole('button', { name: 'The fund is known' }));
    await user.click(screen.getByRole('combobox', { name: /Purpose/ }));
    // The fund's purpose is offered, not chosen over the donor's.
    expect(await screen.findByRole('option', { name: 'Temple Building' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: /Purpose/ })).toHaveTextContent('Flowers');
    expect(screen.queryByText(/Your gift goes to/)).not.toBeInTheDocument();
  });
});
