import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDonationType, makeFund, makeGeneralFund } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { DonationType, Fund } from '@/types/api';
import { DonationTypesTab } from './donation-types-tab';

function serve(initial: DonationType[]) {
  let list = initial;
  server.use(http.get('/api/donation-types', () => HttpResponse.json(list)));
  return (next: DonationType[]) => (list = next);
}

const general = makeGeneralFund();
const building = makeFund({ id: 'f-building', name: 'Building Fund' });
const temple = makeFund({ id: 'f-temple', name: 'Temple Priests', restricted: true });
const roof = makeFund({ id: 'f-roof', name: 'Old Roof', isActive: false });

/** Serves every fund (GET /api/funds?all=true). */
function serveFunds(funds: Fund[]) {
  server.use(http.get('/api/funds', () => HttpResponse.json(funds)));
}

describe('DonationTypesTab funds', () => {
  it("names each type's fund, none being the General fund", async () => {
    serve([makeDonationType({ name: 'Annadanam', fundId: null }), makeDonationType({ name: 'Bricks', fundId: 'f-building' })]);
    serveFunds([general, building]);
    renderWithProviders(<DonationTypesTab />);
    const table = await screen.findByRole('table', { name: 'Donation types' });
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(await within(row('Bricks')).findByText('Building Fund')).toBeInTheDocument();
    expect(within(row('Annadanam')).getByText('General')).toBeInTheDocument();
  });

  it('offers the active funds, General for none, and sends the fund chosen', async () => {
    const t = makeDonationType({ id: 'dt-1', name: 'Bricks', fundId: null });
    serve([t]);
    serveFunds([general, building, temple, roof]);
    let body: unknown;
    server.use(
      http.patch('/api/donation-types/dt-1', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(t);
      }),
    );
    const { user } = renderWithProviders(<DonationTypesTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Bricks' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Donation Type' });
    await waitFor(() => expect(within(dialog).getByText('Where its gifts go')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('combobox', { name: /Fund/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['General', 'Building Fund', 'Temple Priests (restricted)']);
    await user.click(screen.getByRole('option', { name: 'Building Fund' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Donation type updated')).toBeInTheDocument();
    expect(body).toMatchObject({ name: 'Bricks', fundId: 'f-building' });
  });

  it("keeps a type's inactive fund shown, and sends General as null", async () => {
    serve([makeDonationType({ name: 'Roof tiles', fundId: 'f-roof' })]);
    serveFunds([general, building, roof]);
    let body: unknown;
    server.use(
      http.post('/api/donation-types', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeDonationType(), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<DonationTypesTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Roof tiles' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Donation Type' });
    expect(await within(edit).findByRole('combobox', { name: /Fund/ })).toHaveTextContent('Old Roof (inactive)');
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add Donation Type' }));
    const add = screen.getByRole('dialog', { name: 'Add Donation Type' });
    expect(within(add).getByRole('combobox', { name: /Fund/ })).toHaveTextContent('General');
    await user.click(within(add).getByLabelText(/Name/));
    await user.paste('Flowers');
    await user.click(within(add).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Donation type created')).toBeInTheDocument();
    expect(body).toMatchObject({ name: 'Flowers', fundId: null });
  });

  it("shows the server's refusal of a fund on the Fund field", async () => {
    serve([]);
    serveFunds([general, building]);
    server.use(
      http.post('/api/donation-types', () =>
        HttpResponse.json({ message: 'Validation failed', errors: { fundId: 'Choose a fund that exists' } }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<DonationTypesTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Donation Type' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Donation Type' });
    await waitFor(() => expect(within(dialog).getByText('Where its gifts go')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('combobox', { name: /Fund/ }));
    await user.click(await screen.findByRole('option', { name: 'Building Fund' }));
    await user.click(within(dialog).getByLabelText(/Name/));
    await user.paste('Bricks');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose a fund that exists')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Fund/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('DonationTypesTab', () => {
  it('lists the types with amount and status', async () => {
    serve([makeDonationType({ name: 'Annadanam', defaultAmount: '51.00' }), makeDonationType({ name: 'Old', isActive: false, defaultAmount: null })]);
    renderWithProviders(<DonationTypesTab />);
    const table = await screen.findByRole('table', { name: 'Donation types' });
    expect(within(table).getByText('Annadanam')).toBeInTheDocument();
    expect(within(table).getByText('$51.00')).toBeInTheDocument();
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
  });

  it('shows the empty and error states', async () => {
    serve([]);
    const { unmount } = renderWithProviders(<DonationTypesTab />);
    expect(await screen.findByText('No donation types found. Create your first one!')).toBeInTheDocument();
    unmount();
    server.use(http.get('/api/donation-types', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderWithProviders(<DonationTypesTab />);
    expect(await screen.findByText('Failed to load donation types. Please try again.')).toBeInTheDocument();
  });

  it('creates a type, sending an empty default amount as null', async () => {
    const set = serve([]);
    let body: unknown;
    server.use(
      http.post('/api/donation-types', async ({ request }) => {
        body = await request.json();
        set([makeDonationType({ name: 'Flowers', defaultAmount: null })]);
        return HttpResponse.json(makeDonationType(), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<DonationTypesTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Donation Type' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Donation Type' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Name/), 'Flowers');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Donation type created')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Flowers', description: null, defaultAmount: null, isActive: true, fundId: null });
    expect(await screen.findByRole('cell', { name: /^Flowers/ })).toBeInTheDocument();
  });

  it('edits a type and reports failures', async () => {
    const t = makeDonationType({ id: 'dt-1', name: 'Annadanam', defaultAmount: '51.00' });
    serve([t]);
    let body: unknown;
    server.use(
      http.patch('/api/donation-types/dt-1', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(t);
      }),
    );
    const { user } = renderWithProviders(<DonationTypesTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Annadanam' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Donation Type' });
    expect(within(dialog).getByLabelText(/Default amount/)).toHaveValue(51);
    await user.clear(within(dialog).getByLabelText(/Default amount/));
    await user.type(within(dialog).getByLabelText(/Default amount/), '101');
    await user.click(within(dialog).getByRole('switch', { name: /Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Donation type updated')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Annadanam', description: 'Supports the temple', defaultAmount: '101.00', isActive: false, fundId: null });

    server.use(http.patch('/api/donation-types/dt-1', () => HttpResponse.text('', { status: 500 })));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Annadanam' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save donation type')).toBeInTheDocument();
  });

  it('warns that an active type may be in use before deleting it', async () => {
    const t = makeDonationType({ id: 'dt-2', name: 'Annadanam', isActive: true });
    const set = serve([t]);
    server.use(
      http.delete('/api/donation-types/dt-2', () => {
        set([]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<DonationTypesTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete Annadanam' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Donation Type' });
    expect(dialog).toHaveTextContent('permanently');
    expect(dialog).toHaveTextContent('may be in use');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Donation type deleted')).toBeInTheDocument();
    expect(await screen.findByText('No donation types found. Create your first one!')).toBeInTheDocument();
  });

  it('does not say an inactive type may be in use, and reports delete failures', async () => {
    const t = makeDonationType({ id: 'dt-3', name: 'Old', isActive: false });
    serve([t]);
    server.use(http.delete('/api/donation-types/dt-3', () => HttpResponse.json({ message: 'Payments refer to it' }, { status: 409 })));
    const { user } = renderWithProviders(<DonationTypesTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete Old' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Donation Type' });
    expect(dialog).not.toHaveTextContent('may be in use');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Payments refer to it')).toBeInTheDocument();
  });
});
