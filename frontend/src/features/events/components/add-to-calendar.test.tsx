import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddToCalendar } from './add-to-calendar';

const event = { id: 'e1', name: 'Maha Shivaratri', description: null, location: 'Main Hall', eventDate: '2026-02-15T02:30:00Z' };

describe('Add to calendar', () => {
  it("is a link to the event's .ics file in the server's markup, which works before the scripts run", () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<AddToCalendar event={event} />);
    const link = within(container).getByRole('link', { name: 'Add to calendar' });
    expect(link).toHaveAttribute('href', '/api/events/e1/event.ics');
    expect(link).toHaveAttribute('download', 'event.ics');
    // It opens nothing before the scripts run.
    expect(link).not.toHaveAttribute('aria-haspopup');
  });

  it('opens the calendars menu once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<AddToCalendar event={event} />);
    document.body.appendChild(container);
    await act(async () => {
      render(<AddToCalendar event={event} />, { container, hydrate: true });
    });
    const link = screen.getByRole('link', { name: 'Add to calendar' });
    expect(link).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.setup({ delay: null }).click(link);
    const menu = await screen.findByRole('menu', { name: 'Add to calendar' });
    expect(within(menu).getByRole('menuitem', { name: /Download \.ics/ })).toHaveAttribute('href', '/api/events/e1/event.ics');
    expect(within(menu).getByRole('menuitem', { name: /Google Calendar/ }).getAttribute('href')).toMatch(/^https:\/\/calendar\.google\.com\//);
    expect(link).toHaveAttribute('aria-expanded', 'true');
    container.remove();
  });
});
