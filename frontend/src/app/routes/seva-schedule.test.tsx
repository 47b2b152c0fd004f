import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';
import type { SevaSchedule } from '@/types/api';

const schedule: SevaSchedule = {
  timeZone: 'America/Los_Angeles',
  entries: [
    {
      booking: {
        id: 'b-1',
        sevaId: 's-1',
        sevaName: 'Satyanarayana Puja',
        userId: 'u-1',
        date: '2030-03-14',
        slot: '09:00',
        slotLabel: '9:00 AM',
        startsAt: '2030-03-14T16:00:00Z',
        status: 'confirmed',
        participants: [{ name: 'Lakshmi Rao', gotram: 'Kashyapa', nakshatram: 'Rohini', rasi: null }],
        address: null,
        note: null,
        amountCents: 5100,
        paymentId: 'p-1',
        priestId: null,
        holdExpiresAt: null,
        cancelledAt: null,
        completedAt: null,
        createdAt: '2030-03-01T00:00:00Z',
      },
      memberName: 'Lakshmi Rao',
      memberEmail: 'lakshmi@example.org',
      memberPhone: null,
      paid: 'paid',
      paymentMethod: 'zelle',
      priestName: null,
    },
  ],
};

const walkIn: SevaSchedule['entries'][number] = {
  ...schedule.entries[0]!,
  booking: {
    ...schedule.entries[0]!.booking,
    id: 'b-2',
    sevaName: 'Archana',
    userId: null,
    slot: '10:00',
    slotLabel: '10:00 AM',
    participants: [{ name: 'Gopal Iyer', gotram: null, nakshatram: null, rasi: null }],
  },
  memberName: 'Gopal Iyer',
  memberEmail: '',
  paymentMethod: 'cash',
};

describe('/admin/sevas/schedule', () => {
  it('opens for the front desk, who assign priests and mark sevas completed', async () => {
    signInAs(makeStaff(['front_desk']));
    server.use(http.get('/api/admin/sevas/schedule', () => HttpResponse.json({ ...schedule, entries: [...schedule.entries, walkIn] })));
    renderApp('/admin/sevas/schedule?date=2030-03-14');
    const entry = await screen.findByRole('article', { name: '9:00 AM Satyanarayana Puja' });
    expect(entry).toHaveTextContent('Booked by Lakshmi Rao · lakshmi@example.org');
    // A walk-in booked at the counter has no account and, here, no e-mail.
    const counter = screen.getByRole('article', { name: '10:00 AM Archana' });
    expect(counter).toHaveTextContent('Booked by Gopal Iyer (walk-in at the counter)');
    expect(counter).not.toHaveTextContent('(walk-in at the counter) ·');
    expect(within(entry).getByRole('combobox', { name: 'Priest' })).toBeInTheDocument();
    expect(within(entry).getByRole('button', { name: 'Mark completed' })).toBeInTheDocument();
    // The seva catalogue is the admins': the way back is the admin area itself.
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('link', { name: 'Sevas admin' })).not.toBeInTheDocument();
  });

  it('sends staff without the seva desk home', async () => {
    signInAs(makeStaff(['treasurer']));
    renderApp('/admin/sevas/schedule');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('sends members home', async () => {
    signInAs(makeUser());
    renderApp('/admin/sevas/schedule');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
