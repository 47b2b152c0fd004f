import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/testing/test-utils';
import { useToast } from './toast';

function Buttons() {
  const { toast } = useToast();
  return (
    <>
      <button onClick={() => toast({ title: 'First', description: 'one' })}>first</button>
      <button onClick={() => toast({ title: 'Second', description: 'two', variant: 'destructive' })}>second</button>
    </>
  );
}

describe('toasts', () => {
  it('queues toasts fired in a row: the second shows when the first closes', async () => {
    const user = userEvent.setup();
    render(<TestProviders><Buttons /></TestProviders>);
    await user.click(screen.getByText('first'));
    await user.click(screen.getByText('second'));
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.getByText('one')).toBeInTheDocument();
    // The second waits instead of replacing the first.
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('two');
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
  });
});
