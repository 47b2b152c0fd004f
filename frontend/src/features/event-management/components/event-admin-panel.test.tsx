import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeAttendee, makeEvent, makeStaff, makeUser, makeVolunteer } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { totalPeople } from '../api/events-admin';
import { EventAdminPanel } from './event-admin-panel';

const event = makeEvent({ id: 'ev-5', name: 'Navaratri' });

describe('totalPeople', () => {
  it('sums numberOfFamilyMembers + 1', () => {
    expect(totalPeople([])).toBe(0);
    expect(totalPeople([{ numberOfFamilyMembers: 0 }, { numberOfFamilyMembers: 3 }])).toBe(5);
  });
});

describe('EventAdminPanel', () => {
  it('shows the attendee total and the volunteer list with contact details', async () => {
    server.use(
      http.get('/api/events/ev-5/attendees', () =>
        HttpResponse.json([
          { ...makeAttendee({ numberOfFamilyMembers: 2 }), firstName: 'Lakshmi', lastName: 'Rao', email: 'l@example.org', phoneNumber: null },
          { ...makeAttendee({ numberOfFamilyMembers: 0 }), firstName: 'Ravi', lastName: 'K', email: 'r@example.org', phoneNumber: '555' },
        ]),
      ),
      http.get('/api/events/ev-5/volunteers', () =>
        HttpResponse.json([makeVolunteer({ name: 'Sita Devi', contactNumber: '9165550123', contactEmail: 'sita@example.org', needsCertificate: true })]),
      ),
    );
    const { user } = renderWithProviders(<EventAdminPanel event={event} onDeleted={vi.fn()} />, { as: makeUser({ isAdmin: true }) });
    expect(await screen.findByTestId('attendee-total')).toHaveTextContent('4');
    expect(screen.getByText('people attending')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: /Volunteer Management/ });
    expect(await within(section).findByText('Sita Devi')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /9165550123/ })).toHaveAttribute('href', 'tel:9165550123');
    expect(within(section).getByRole('link', { name: /sita@example.org/ })).toHaveAttribute('href', 'mailto:sita@example.org');
    expect(within(section).getByText('Certificate')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Attendee list' }));
    expect(screen.getByRole('table', { name: 'Attendees' })).toHaveTextContent('Lakshmi Rao');
  });

  it('shows the empty volunteer state and opens the edit and delete dialogs', async () => {
    server.use(
      http.get('/api/events/ev-5/attendees', () => HttpResponse.json([])),
      http.get('/api/events/ev-5/volunteers', () => HttpResponse.json([])),
    );
    const { user } = renderWithProviders(<EventAdminPanel event={event} onDeleted={vi.fn()} />, { as: makeUser({ isAdmin: true }) });
    expect(await screen.findByText('No volunteers have signed up yet.')).toBeInTheDocument();
    expect(await screen.findByTestId('attendee-total')).toHaveTextContent('0');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Event' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete Event' })).toBeInTheDocument();
  });
});

describe('EventAdminPanel by permission', () => {
  it("shows a volunteer coordinator the check-in and the volunteers, not the attendees' contacts or editing", async () => {
    const reads: string[] = [];
    server.use(
      http.get('/api/events/ev-5/attendees', () => (reads.push('attendees'), HttpResponse.json([]))),
      http.get('/api/events/ev-5/volunteers', () => HttpResponse.json([makeVolunteer({ name: 'Sita Devi' })])),
    );
    renderWithProviders(<EventAdminPanel event={event} onDeleted={vi.fn()} />, { as: makeStaff(['volunteer_coordinator']) });
    expect(await screen.findByText('Sita Devi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check-in' })).toHaveAttribute('href', '/events/ev-5/check-in');
    expect(screen.getByRole('button', { name: 'Volunteers CSV' })).toBeInTheDocument();
    for (const name of ['Edit', 'Delete', 'Attendees CSV']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign-in sheet' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('attendee-total')).not.toBeInTheDocument();
    expect(reads).toEqual([]);
  });

  it('shows an editor Edit and Delete only', async () => {
    renderWithProviders(<EventAdminPanel event={event} onDeleted={vi.fn()} />, { as: makeStaff(['editor']) });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Check-in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Volunteer Management/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Attendees')).not.toBeInTheDocument();
  });

  it('shows the front desk the attendees, the sign-in sheet and the check-in, without the CSVs', async () => {
    server.use(
      http.get('/api/events/ev-5/attendees', () =>
        HttpResponse.json([{ ...makeAttendee({ numberOfFamilyMembers: 1 }), firstName: 'Ravi', lastName: 'K', email: 'r@example.org', phoneNumber: null }]),
      ),
    );
    renderWithProviders(<EventAdminPanel event={event} onDeleted={vi.fn()} />, { as: makeStaff(['front_desk']) });
    expect(await screen.findByTestId('attendee-total')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Sign-in sheet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check-in' })).toBeInTheDocument();
    for (const name of ['Edit', 'Delete', 'Attendees CSV', 'Volunteers CSV']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
