import { fireEvent } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tiltFor } from '@/features/home/components/promo-video';
import { stepIndex } from '@/features/events/components/recent-events-carousel';
import { makeEvent, makePriest, makeService, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { screen, signInAs, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('home page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the guest hero, sections and closing call to action', async () => {
    server.use(
      http.get('/api/priests', () => HttpResponse.json([makePriest()])),
      http.get('/api/services', () => HttpResponse.json([makeService()])),
    );
    renderApp('/');
    const hero = await screen.findByRole('heading', { level: 1 });
    expect(hero).toHaveTextContent('Welcome to');
    expect(await screen.findByText('Sri Venkateswara Temple of Folsom', { selector: 'h1 span' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Explore Events/ })[0]).toHaveAttribute('href', '/events');
    expect(screen.getByRole('link', { name: 'Join Community' })).toHaveAttribute('href', '/sign-up');
    expect(screen.queryByRole('link', { name: 'View Dashboard' })).not.toBeInTheDocument();

    for (const name of ['Experience Our Temple', 'Temple Services', 'Temple Information', 'Temple Events', 'Our Temple Priests']) {
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByText('Recent Event Celebrations')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/sign-up');
    expect(screen.queryByRole('link', { name: 'Browse Events' })).not.toBeInTheDocument();
  });

  it('offers the dashboard and event browsing when signed in', async () => {
    signInAs(makeUser());
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'View Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Join Community' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
    expect(screen.queryByRole('link', { name: 'Sign Up Now' })).not.toBeInTheDocument();
  });

  it('links the three service cards to /events', async () => {
    renderApp('/');
    for (const name of ['Daily Rituals', 'Special Pujas', 'Community Support']) {
      expect(await screen.findByRole('heading', { name, level: 3 })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: `${name}: see events` })).toHaveAttribute('href', '/events');
    }
  });

  it('shows hours, map with directions in a new tab, contact link, recurring services, and no hard-coded special event', async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly report: IntersectionObserverCallback) {}
        observe() {
          this.report([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        }
        disconnect() {}
      },
    );
    server.use(
      http.get('/api/services', () =>
        HttpResponse.json([
          makeService({ name: 'Vishnu Sahasranamam Parayanam', schedule: 'Every day, 7:00 PM' }),
          makeService({ name: 'Venkateshwara Suprabhatam' }),
          makeService({ name: 'Ended Service', nextOccurrence: null }),
        ]),
      ),
      http.get('/api/priests', () => HttpResponse.json([makePriest({ title: 'Founder and Head Priest', photoUrl: '/api/priests/p1/photo?v=abc' })])),
    );
    renderApp('/');
    expect(await screen.findByText('9:30 AM - 11:30 AM')).toBeInTheDocument();
    expect(screen.getByText('6:00 PM - 8:30 PM')).toBeInTheDocument();
    expect(screen.getByText('9:00 AM - 1:00 PM')).toBeInTheDocument();
    expect(screen.getByText('5:30 PM - 8:30 PM')).toBeInTheDocument();
    expect(screen.getByText('Sayanostavam (every day)')).toBeInTheDocument();
    expect(screen.getByText('8:15 PM')).toBeInTheDocument();
    // The map is loaded once a visitor scrolls near it (this observer says at once that it is).
    expect(await screen.findByTitle(/^Map showing the temple/)).toHaveAttribute('src', expect.stringContaining('output=embed'));
    const directions = screen.getByRole('link', { name: /Get Directions/ });
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(await screen.findByText('Vishnu Sahasranamam Parayanam')).toBeInTheDocument();
    expect(screen.getByText('Every Saturday, 9:00 AM')).toBeInTheDocument();
    // Ended services are left out; the next date is the server's local date and time.
    expect(screen.queryByText('Ended Service')).toBeNull();
    expect(screen.getAllByText(/^Next:/)).toHaveLength(2);
    expect(screen.getAllByText('Sat, Mar 14 · 9:00 AM')).toHaveLength(2);
    // Special events are notices with dates now, never a fixed text in the code.
    expect(screen.queryByText(/Eclipse/i)).toBeNull();
    expect(await screen.findByText('Founder and Head Priest')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Sri Example Sharma' })).toHaveAttribute('src', '/api/priests/p1/photo?v=abc');
  });

  it('hides the recurring services and priests while there are none', async () => {
    renderApp('/');
    expect(await screen.findByText('9:30 AM - 11:30 AM')).toBeInTheDocument();
    expect(screen.queryByText('Daily & Recurring Events')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Our Temple Priests' })).toBeNull();
  });

  it('loads the privacy-enhanced video from 27 s only when play is pressed', async () => {
    const { user } = renderApp('/');
    const play = await screen.findByRole('button', { name: /^Play video/ });
    expect(document.querySelector('iframe[src*="youtube"]')).toBeNull();
    await user.click(play);
    const frame = document.querySelector('iframe[src*="youtube"]');
    expect(frame?.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?start=27/);
  });

  it('tilts the video card with the pointer and resets on leave', async () => {
    renderApp('/');
    const card = await screen.findByTestId('promo-video-card');
    card.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerMove(card, { clientX: 200, clientY: 0, pointerType: 'mouse' });
    expect(card.style.transform).toBe('rotateX(10deg) rotateY(10deg)');
    expect(card.style.transition).toContain('0.15s');
    fireEvent.pointerLeave(card);
    expect(card.style.transform).toBe('rotateX(0deg) rotateY(0deg)');
    expect(card.style.transition).toContain('0.3s');
  });

  it('computes the tilt within ±10 degrees', () => {
    expect(tiltFor(100, 50, 200, 100)).toEqual({ rotateX: 0, rotateY: 0 });
    expect(tiltFor(0, 100, 200, 100)).toEqual({ rotateX: -10, rotateY: -10 });
    expect(tiltFor(999, -50, 200, 100)).toEqual({ rotateX: 10, rotateY: 10 });
  });
});

describe('recent events carousel', () => {
  it('shows 3 skeletons while loading', async () => {
    server.use(http.get('/api/events', async () => { await delay('infinite'); return HttpResponse.json([]); }));
    renderApp('/');
    const loading = await screen.findByTestId('recent-events-loading');
    expect(loading.children).toHaveLength(3);
  });

  it('renders nothing when there are no events', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Temple Services' });
    expect(screen.queryByRole('heading', { name: 'Recent Events' })).not.toBeInTheDocument();
  });

  it('shows at most 6 events, newest first, with date badge, location and time, linking to details', async () => {
    const events = Array.from({ length: 8 }, (_, i) =>
      makeEvent({ name: `Festival ${i + 1}`, eventDate: `2026-0${i + 1}-15T02:30:00Z`, location: `Hall ${i + 1}` }),
    );
    server.use(http.get('/api/events', () => HttpResponse.json(events)));
    const { user } = renderApp('/');
    const region = await screen.findByRole('region', { name: 'Recent Events' });
    expect(screen.getByText('Check out our recent temple events and celebrations')).toBeInTheDocument();
    const slides = within(region).getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(6);
    expect(slides.map((s) => within(s).getByRole('heading', { hidden: true }).textContent)).toEqual([
      'Festival 8', 'Festival 7', 'Festival 6', 'Festival 5', 'Festival 4', 'Festival 3',
    ]);
    const first = slides[0];
    expect(within(first).getByText('Hall 8')).toBeInTheDocument();
    expect(within(first).getByText('7:30 PM')).toBeInTheDocument(); // 2026-08-15T02:30Z = Aug 14, 7:30 PM PDT
    expect(within(first).getByText('Aug')).toBeInTheDocument();
    expect(within(first).getByText('14')).toBeInTheDocument();
    expect(within(first).getByRole('link')).toHaveAttribute('href', `/events/${events[7].id}`);
    expect(within(first).getByRole('img', { name: 'Festival 8 (no image)' })).toBeInTheDocument();

    // One card per view at phone width: 6 positions, looping.
    expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(6);
    expect(slides[0]).toHaveAttribute('aria-hidden', 'false');
    await user.click(screen.getByRole('button', { name: 'Previous events' }));
    expect(slides[5]).toHaveAttribute('aria-hidden', 'false');
    expect(slides[0]).toHaveAttribute('aria-hidden', 'true');
    await user.click(screen.getByRole('button', { name: 'Next events' }));
    expect(slides[0]).toHaveAttribute('aria-hidden', 'false');
    await user.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(slides[2]).toHaveAttribute('aria-hidden', 'false');
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'View All Events' })).toHaveAttribute('href', '/events');
  });

  it('loops over the snap positions', () => {
    expect(stepIndex(3, 1, 6, 3)).toBe(0);
    expect(stepIndex(0, -1, 6, 3)).toBe(3);
    expect(stepIndex(0, 1, 6, 1)).toBe(1);
    expect(stepIndex(5, 1, 6, 1)).toBe(0);
  });
});
