import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen } from '@/testing/test-utils';
import { SevasTab } from './sevas-tab';

describe('SevasTab booking settings', () => {
  it('shows the unpaid-place limits and saves them, refusing values the server refuses', async () => {
    let saved: unknown;
    server.use(
      http.get('/api/sevas', () => HttpResponse.json([])),
      http.get('/api/seva-settings', () =>
        HttpResponse.json({ zellePendingConfirms: false, cancellationPolicy: null, zelleHoldHours: 48, maxUnpaidHolds: 3 }),
      ),
      http.put('/api/seva-settings', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ zellePendingConfirms: false, cancellationPolicy: null, zelleHoldHours: 24, maxUnpaidHolds: 4 });
      }),
    );
    const { user } = renderWithProviders(<SevasTab />);
    const hours = await screen.findByLabelText('Hours a Zelle booking waits for its payment');
    const unpaid = screen.getByLabelText('Unpaid bookings a member may have at once');
    expect(hours).toHaveValue('48');
    expect(unpaid).toHaveValue('3');

    await user.clear(hours);
    await user.type(hours, '0');
    expect(screen.getByText('Hours must be a whole number from 1 to 336')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(saved).toBeUndefined();

    await user.clear(hours);
    await user.type(hours, '24');
    await user.clear(unpaid);
    await user.type(unpaid, '4');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Booking settings saved')).toBeInTheDocument();
    expect(saved).toEqual({ zellePendingConfirms: false, cancellationPolicy: null, zelleHoldHours: 24, maxUnpaidHolds: 4 });
  });
});
