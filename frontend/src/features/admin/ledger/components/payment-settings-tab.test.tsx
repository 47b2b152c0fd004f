import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePaymentMethod } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { PaymentMethod } from '@/types/api';
import { PaymentSettingsTab } from './payment-settings-tab';

function serve(initial: PaymentMethod[]) {
  let list = initial;
  server.use(
    http.get('/api/payment-methods', () => HttpResponse.json(list)),
    http.get('/api/payment-methods/active', () => HttpResponse.json(list.filter((m) => m.isActive))),
  );
  return (next: PaymentMethod[]) => (list = next);
}

const stripe = makePaymentMethod({ id: 'pm-1', name: 'stripe', displayName: 'Credit Card', sortOrder: 0 });
const zelle = makePaymentMethod({ id: 'pm-2', name: 'zelle', displayName: 'Zelle', icon: 'bank', sortOrder: 1, isActive: false });

describe('PaymentSettingsTab', () => {
  it('lists the methods in order with their active switch', async () => {
    serve([zelle, stripe]);
    renderWithProviders(<PaymentSettingsTab />);
    const table = await screen.findByRole('table', { name: 'Payment methods' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Credit Card');
    expect(rows[1]).toHaveTextContent('Zelle');
    expect(screen.getByRole('switch', { name: 'Credit Card active' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Zelle active' })).not.toBeChecked();
  });

  it('shows the empty state', async () => {
    serve([]);
    renderWithProviders(<PaymentSettingsTab />);
    expect(await screen.findByText('No payment methods found')).toBeInTheDocument();
  });

  it('toggles a method with PATCH {isActive}', async () => {
    const set = serve([stripe, zelle]);
    let body: unknown;
    server.use(
      http.patch('/api/payment-methods/pm-2', async ({ request }) => {
        body = await request.json();
        set([stripe, { ...zelle, isActive: true }]);
        return HttpResponse.json({ ...zelle, isActive: true });
      }),
    );
    const { user } = renderWithProviders(<PaymentSettingsTab />);
    await user.click(await screen.findByRole('switch', { name: 'Zelle active' }));
    expect(await screen.findByText('Payment method status updated')).toBeInTheDocument();
    expect(body).toEqual({ isActive: true });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Zelle active' })).toBeChecked());
  });

  it('reports a failed toggle', async () => {
    serve([stripe]);
    server.use(http.patch('/api/payment-methods/pm-1', () => HttpResponse.json({ message: 'Admin access required' }, { status: 403 })));
    const { user } = renderWithProviders(<PaymentSettingsTab />);
    await user.click(await screen.findByRole('switch', { name: 'Credit Card active' }));
    expect(await screen.findByText('Failed to update payment method status: Admin access required')).toBeInTheDocument();
  });

  it("shows the first validation error as a 'Validation Error' toast", async () => {
    serve([]);
    const { user } = renderWithProviders(<PaymentSettingsTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Payment Method' });
    expect(within(dialog).getByText('Internal identifier: lowercase, no spaces (e.g. stripe, zelle)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const toast = await screen.findByRole('alert', { hidden: true });
    await waitFor(() => expect(toast).toHaveTextContent('Validation Error'));
    expect(toast).toHaveTextContent('Name must be at least 2 characters');
    expect(within(dialog).getByText('Display name must be at least 2 characters')).toBeInTheDocument();
  });

  it('creates a method, and reports a duplicate name', async () => {
    const set = serve([]);
    let body: unknown;
    let fail = true;
    server.use(
      http.post('/api/payment-methods', async ({ request }) => {
        body = await request.json();
        if (fail) return HttpResponse.json({ message: 'A payment method with this name already exists' }, { status: 409 });
        set([makePaymentMethod({ name: 'cash', displayName: 'Cash at the temple' })]);
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<PaymentSettingsTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Payment Method' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Payment Method' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'cash');
    await user.type(within(dialog).getByLabelText(/Display name/), 'Cash at the temple');
    await user.click(within(dialog).getByRole('combobox', { name: 'Icon' }));
    await user.click(await screen.findByRole('option', { name: 'Cash' }));
    await user.clear(within(dialog).getByLabelText(/Sort order/));
    await user.type(within(dialog).getByLabelText(/Sort order/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Unable to Create Payment Method')).toBeInTheDocument();
    expect(screen.getByText('A payment method with this name already exists')).toBeInTheDocument();
    expect(body).toEqual({ name: 'cash', displayName: 'Cash at the temple', description: null, isActive: true, sortOrder: 3, icon: 'cash' });
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Payment method created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await screen.findByRole('table', { name: 'Payment methods' })).getByText('Cash at the temple')).toBeInTheDocument();
  });

  it('edits a method and reports update failures', async () => {
    serve([stripe]);
    let fail = false;
    server.use(
      http.patch('/api/payment-methods/pm-1', () =>
        fail ? HttpResponse.json({ message: 'Nope' }, { status: 400 }) : HttpResponse.json(stripe),
      ),
    );
    const { user } = renderWithProviders(<PaymentSettingsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Credit Card' }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('stripe');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Payment method updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Edit Credit Card' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Unable to Update Payment Method')).toBeInTheDocument();
  });

  it('deletes a method after noting that old payments keep referring to it', async () => {
    const set = serve([stripe]);
    let fail = true;
    server.use(
      http.delete('/api/payment-methods/pm-1', () => {
        if (fail) return HttpResponse.json({ message: 'Server error' }, { status: 500 });
        set([]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<PaymentSettingsTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete Credit Card' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Payment Method' });
    expect(dialog).toHaveTextContent('Payments already made with this method keep their records and still reference it.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete payment method: Server error')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Payment method deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No payment methods found')).toBeInTheDocument();
  });
});
