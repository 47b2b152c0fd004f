import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { makeUser } from '@/testing/data';
import { screen, signInAs, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';
import { todayIn } from '@/lib/dates';
import { noticeStatus } from './notices-section';

describe('Admin → Temple', () => {
  it('saves the site settings with a toast', async () => {
    signInAs(makeUser({ isAdmin: true }));
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.put('/api/admin/site', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(sent);
      }),
    );
    const { user } = renderApp('/admin?tab=temple');
    expect(await screen.findByRole('heading', { name: 'Site settings' })).toBeInTheDocument();
    const morning = screen.getByLabelText('Weekdays morning');
    await user.clear(morning);
    await user.type(morning, '7 AM');
    await user.click(screen.getByRole('combobox', { name: 'Receipt printer' }));
    await user.click(await screen.findByRole('option', { name: '80 mm receipt printer' }));
    await user.click(screen.getByRole('button', { name: 'Save site settings' }));
    expect(await screen.findByText('Site settings saved')).toBeInTheDocument();
    expect(sent).toMatchObject({ weekdayMorning: '7 AM', templeName: 'Sri Venkateswara Temple of Folsom', videoStart: 27, receiptPaper: 'thermal' });
  }, 60_000);

  it('checks the temple name and links before sending', async () => {
    signInAs(makeUser({ isAdmin: true }));
    const { user } = renderApp('/admin?tab=temple');
    const name = await screen.findByLabelText('Temple name');
    await user.clear(name);
    await user.type(screen.getByLabelText('X link'), 'http://x.com');
    await user.click(screen.getByRole('button', { name: 'Save site settings' }));
    expect(await screen.findByText('Temple name must be 2 to 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter a full link starting with https://')).toBeInTheDocument();
  });

  it('lists notices with their status and adds one with a preview', async () => {
    signInAs(makeUser({ isAdmin: true }));
    let created: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/admin/notices', async ({ request }) => {
        created = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 'n2', body: '', link: null, ...created }, { status: 201 });
      }),
    );
    const { user } = renderApp('/admin?tab=temple');
    const section = (await screen.findByRole('heading', { name: 'Notices' })).closest('div')!.parentElement!.parentElement!;
    expect(await within(section).findByText('Parking moves to the community center')).toBeInTheDocument();
    expect(within(section).getByText('Current')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Add notice' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Title'), 'Temple closed for the eclipse');
    expect(within(dialog).getAllByText('Temple closed for the eclipse').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Add notice' }));
    expect(await screen.findByText('Notice created successfully')).toBeInTheDocument();
    expect(created).toMatchObject({ title: 'Temple closed for the eclipse', link: null });
  });

  it('computes a notice status from the temple date', () => {
    expect(todayIn('America/Los_Angeles', new Date('2026-03-14T06:00:00Z'))).toBe('2026-03-13');
    expect(noticeStatus({ startsOn: '2026-03-01', endsOn: '2026-03-12' }, '2026-03-13')).toBe('Ended');
    expect(noticeStatus({ startsOn: '2026-03-13', endsOn: '2026-03-13' }, '2026-03-13')).toBe('Current');
    expect(noticeStatus({ startsOn: '2026-03-14', endsOn: '2026-03-20' }, '2026-03-13')).toBe('Scheduled');
  });
});
