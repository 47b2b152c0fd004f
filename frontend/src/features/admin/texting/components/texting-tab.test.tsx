import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import type { TextingOverview } from '@/types/api';
import { CAP_MESSAGE, capSchema, monthLabel, TextingTab } from './texting-tab';

const overview: TextingOverview = {
  provider: 'folder',
  offReason: null,
  month: '2026-12',
  sentThisMonth: 2,
  monthlyCap: 500,
  recent: [
    { id: 'code:1', kind: 'code', to: '…0123', createdAt: '2026-12-05T18:00:00Z', sentAt: '2026-12-05T18:00:00Z', attempts: 1, lastError: null },
    { id: 'confirmations:x', kind: 'confirmations', to: null, createdAt: '2026-12-05T18:01:00Z', sentAt: null, attempts: 1, lastError: "the month's cap was reached" },
  ],
};

describe('capSchema', () => {
  it('takes whole numbers from 0 to 1,000,000', async () => {
    await expect(capSchema.validate({ monthlyCap: '0' })).resolves.toBeTruthy();
    await expect(capSchema.validate({ monthlyCap: '1000000' })).resolves.toBeTruthy();
    for (const bad of ['-1', '2.5', 'lots', '1000001', '']) {
      await expect(capSchema.validate({ monthlyCap: bad })).rejects.toThrow(CAP_MESSAGE);
    }
  });
});

describe('TextingTab', () => {
  it('shows the provider, the month against the cap and the latest texts, and saves a new cap', async () => {
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
    expect(await screen.findByText('December 2026: 2 of 500 texts')).toBeInTheDocument();
    expect(screen.getByText(/the development folder/)).toBeInTheDocument();
    expect(screen.getByText("Not sent: the month's cap was reached")).toBeInTheDocument();
    const cap = screen.getByLabelText('Monthly cap');
    await user.clear(cap);
    await user.type(cap, '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CAP_MESSAGE)).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.clear(cap);
    await user.type(cap, '250');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ monthlyCap: 250 }]));
  });

  it('says why texting is off', async () => {
    server.use(http.get('/api/admin/texting', () => HttpResponse.json({ ...overview, provider: null, offReason: 'No text provider is configured.', recent: [] })));
    renderWithProviders(<TextingTab />, { as: makeStaff(['admin']) });
    expect(await screen.findByText(/Texting is off\. No text provider is configured\./)).toBeInTheDocument();
    expect(screen.getByText(/No texts yet/)).toBeInTheDocument();
    expect(monthLabel('2027-01')).toBe('January 2027');
  });
});
