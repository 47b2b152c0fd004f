import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { UntilHydrated, UntilHydratedButton } from './until-hydrated';

function Form() {
  return (
    <UntilHydrated>
      <form aria-label="Sign in">
        <input aria-label="Email" />
        <button type="submit">Sign In</button>
      </form>
    </UntilHydrated>
  );
}

/** The server's markup in a container, as the browser has it before the scripts run. */
function serverMarkup(ui: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.appendChild(container);
  return container;
}

describe('UntilHydrated', () => {
  it('sends a form inert, under a "Loading…" status, until the page is hydrated', async () => {
    const container = serverMarkup(<Form />);
    expect(container.querySelector('fieldset')).toHaveAttribute('inert');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    await act(async () => {
      render(<Form />, { container, hydrate: true });
    });
    expect(container.querySelector('fieldset')).not.toHaveAttribute('inert');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    container.remove();
  });

  it('shows nothing on a page rendered in the browser alone', () => {
    render(<Form />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});

describe('UntilHydratedButton', () => {
  it('is sent disabled, reading "Loading…", and becomes the button once hydrated', async () => {
    const onClick = vi.fn();
    const ui = <UntilHydratedButton onClick={onClick}>Share</UntilHydratedButton>;
    const container = serverMarkup(ui);
    const before = screen.getByRole('button', { name: 'Share, loading…' });
    expect(before).toBeDisabled();
    expect(before).toHaveAttribute('aria-disabled', 'true');
    expect(before).toHaveTextContent('Loading…');

    await act(async () => {
      render(ui, { container, hydrate: true });
    });
    const after = screen.getByRole('button', { name: 'Share' });
    expect(after).toBeEnabled();
    expect(after).not.toHaveAttribute('aria-disabled');
    after.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    container.remove();
  });
});
