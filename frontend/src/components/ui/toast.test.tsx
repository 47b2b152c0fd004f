import { render, screen } from '@testing-library/react';
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
  it('shows one toast at a time with title and description', async () => {
    const user = userEvent.setup();
    render(<TestProviders><Buttons /></TestProviders>);
    await user.click(screen.getByText('first'));
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.getByText('one')).toBeInTheDocument();
    await user.click(screen.getByText('second'));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('two');
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });
});
