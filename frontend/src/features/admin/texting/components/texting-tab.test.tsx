import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { TextingOverview } from '@/types/api';
import { CAP_INVALID } from '../schemas';
import { CAP_HELP, monthLabel, TextingTab } from './texting-tab';

const overview: TextingOverview = {
  provider: 'folder',
  offReason: null,
  month: '2026-12',
  sentThisMonth: 2,
  monthlyCap: 500,
  recent: [
    { id: 'code:1', kind: 'code', to: '…0123', createdAt: '2026-12-05T18:00:00Z', sentAt: '2026-12-05T18:00:05Z', attempts: 1, lastError: null },
    { id: 'member:x', kind: 'confirmations', to: '…0123', createdAt: '2026-12-05T18:01:00Z', sentAt: null, attempts: 1, lastError: "the month's cap was reached" },
    { id: 'member:y', kind: 'reminders', to: '…0199', createdAt: '2026-12-06T05:30:00Z', sentAt: null, attempts: 0, lastError: null },
  ],
};

describe('TextingTab', () => {
  it('shows the provider, the month against the cap and the latest texts', async () => {
    server.use(http.get('/api/admin/texting', () => HttpResponse.json(overview)));
    renderWithProviders(<TextingTab />, { as: makeStaff(['admin']) });
    expect(await screen.findByText('This month (December 2026): 2 of 500 texts')).toBeInTheDocument();
    expect(screen.getByText('Development folder')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /2 of 500 texts/ })).toHaveAttribute('aria-valuenow', '0.4');
    const rows = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    // In the temple's zone (America/Los_Angeles): 18:00Z is 10:00 AM. Phones show the number under the kind.
    expect(rows).toEqual([
      ['Codeto …0123', '…0123', 'Dec 05, 2026 10:00 AM', 'Dec 05, 2026 10:00 AM'],
      ['Confirmationto …0123', '…0123', 'Dec 05, 2026 10:01 AM', "Not sent: the month's cap was reached"],
      ['Reminderto …0199', '…0199', 'Dec 05, 2026 9:30 PM', 'Waiting'],
    ]);
  });

  it('validates the cap as the server does before saving it', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get('/api/admin/texting', () => HttpResponse.json(overview)),
      http.put('/api/admin/texting', async ({ request }) => {
        const body = (await request.json()) as { monthlyCap: number };
        saved.push(body);
        return HttpResponse.json({ ...overview, monthlyCap: body.monthlyCap });
      }),
    );
    const { user } = renderWithProviders(<TextingTab />, { as: makeStaff(['admin']) });
    const cap = await screen.findByRole('textbox', { name: /Monthly cap/ });
    expect(cap).toHaveValue('500');
    expect(cap).toHaveAccessibleDescription(CAP_HELP);
    for (const bad of ['-5', '2.5', '1000001', 'lots']) {
      await user.clear(cap);
      await user.type(cap, bad);
      await user.click(screen.getByRole('button', { name: 'Save cap' }));
      await waitFor(() => expect(cap).toHaveAccessibleDescription(CAP_INVALID));
      expect(cap).toHaveValue(bad);
    }
    await user.clear(cap);
    await user.click(screen.getByRole('button', { name: 'Save cap' }));
    await waitFor(() => expect(cap).toHaveAccessibleDescription(CAP_INVALID));
    expect(saved).toEqual([]);
    // Once submitted, the field is checked again as it changes.
    await user.type(cap, '0');
    await waitFor(() => expect(cap).toHaveAccessibleDescription(CAP_HELP));
    await user.click(screen.getByRole('button', { name: 'Save cap' }));
    await waitFor(() => expect(saved).toEqual([{ monthlyCap: 0 }]));
    expect(await screen.findByText('This month (December 2026): 2 of 0 texts')).toBeInTheDocument();
    expect(screen.getByText(/The cap is 0: no texts are sent/)).toBeInTheDocument();
  });

  it("shows the server's message by the field", async () => {
    server.use(
      http.get('/api/admin/texting', () => HttpResponse.json(overview)),
      http.put('/api/admin/texting', () => HttpResponse.json({ message: 'Invalid input', errors: { monthlyCap: CAP_INVALID } }, { status: 400 })),
    );
    const { user } = renderWithProviders(<TextingTab />, { as: makeStaff(['admin']) });
    const cap = await screen.findByRole('textbox', { name: /Monthly cap/ });
    await user.clear(cap);
    await user.type(cap, '750');
    await user.click(screen.getByRole('button', { name: 'Save cap' }));
    await waitFor(() => expect(cap).toHaveAccessibleDescription(CAP_INVALID));
    expect(cap).toHaveValue('750');
  });

  it('says why texting is off, and when no text was sent yet', async () => {
    server.use(
      http.get('/api/admin/texting', () => HttpResponse.json({ ...overview, provider: null, offReason: 'No text provider is configured.', recent: [] })),
    );
    renderWithProviders(<TextingTab />, { as: makeStaff(['admin']) });
    expect(await screen.findByText(/Texting is off\. No text provider is configured\./)).toBeInTheDocument();
    expect(screen.getByText(/No texts yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(monthLabel('2027-01')).toBe('January 2027');
  });
});
