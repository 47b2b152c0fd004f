import { describe, expect, it } from 'vitest';
import { directionsUrl, temple } from '@/config/temple';
import { renderApp, screen } from '@/testing/test-utils';

describe('/contact', () => {
  it('shows how to reach the temple instead of the not-found page', async () => {
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: temple.phone })).toHaveAttribute('href', temple.phoneHref);
    expect(screen.getByRole('link', { name: temple.email })).toHaveAttribute('href', `mailto:${temple.email}`);
    const directions = screen.getByRole('link', { name: /Get Directions/ });
    expect(directions).toHaveAttribute('href', directionsUrl);
    expect(directions).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
