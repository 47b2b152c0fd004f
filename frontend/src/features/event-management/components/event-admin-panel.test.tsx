import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeAttendee, makeEvent, makeVolunteer } from '@/testing/data';
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
    const { user } = renderWithProviders(<EventAdminPanel event={event} onDeleted={vi.fn()} />);
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
    const { user } = renderWithProviders(<EventAdminPanel event={event} onDeleted={vi.fn()} />);
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
