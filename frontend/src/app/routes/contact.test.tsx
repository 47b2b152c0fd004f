import { describe, expect, it } from 'vitest';
import { directionsUrl } from '@/lib/site';
import { testSettings } from '@/testing/data';
import { screen } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('/contact', () => {
  it('shows how to reach the temple from the site settings', async () => {
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument();
    expect(await screen.findByText('Write to us any time.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: testSettings.phone })[0]).toHaveAttribute('href', 'tel:9165550100');
    expect(screen.getAllByRole('link', { name: testSettings.email })[0]).toHaveAttribute('href', `mailto:${testSettings.email}`);
    const directions = screen.getByRole('link', { name: /Get Directions/ });
    expect(directions).toHaveAttribute('href', directionsUrl('12 Test Street, Folsom, CA 95630'));
    expect(directions).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Sayanostavam every day at 8:15 PM')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
