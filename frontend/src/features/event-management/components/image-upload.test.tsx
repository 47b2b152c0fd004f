import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { ImageUpload } from './image-upload';

const png = () => new File(['png-bytes'], 'temple.png', { type: 'image/png' });

function setup(readFile?: (f: File) => Promise<string>) {
  const onUploaded = vi.fn();
  const onPendingChange = vi.fn();
  renderWithProviders(<ImageUpload onUploaded={onUploaded} onPendingChange={onPendingChange} readFile={readFile} />);
  const user = userEvent.setup({ applyAccept: false });
  const input = screen.getByTestId('image-file-input') as HTMLInputElement;
  return { onUploaded, onPendingChange, user, input };
}

describe('ImageUpload', () => {
  it('rejects files that are not JPEG, PNG, GIF or WebP', async () => {
    const { user, input, onPendingChange } = setup();
    await user.upload(input, new File(['%PDF'], 'flyer.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Please select a valid image file (JPEG, PNG, GIF, or WebP)')).toBeInTheDocument();
    expect(onPendingChange).toHaveBeenLastCalledWith(false);
  });

  it('rejects files over 5MB', async () => {
    const { user, input } = setup();
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(screen.getByText('File size exceeds 5MB limit')).toBeInTheDocument();
  });

  it('previews a chosen file, flags it pending, and uploads it after about a second', async () => {
    const { user, input, onUploaded, onPendingChange } = setup();
    await user.upload(input, png());
    expect(await screen.findByAltText('Preview of the chosen image')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(onPendingChange).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Upload Image' }));
    expect(screen.getByRole('button', { name: 'Uploading Image...' })).toBeDisabled();
    expect(onUploaded).not.toHaveBeenCalled();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.stringMatching(/^data:image\/png;base64,/)), { timeout: 2500 });
    expect(onPendingChange).toHaveBeenLastCalledWith(false);
    expect(await screen.findByText('Image Uploaded Successfully')).toBeInTheDocument();
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
  });

  it('reports a processing failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const readFile = vi.fn(async () => {
      calls += 1;
      if (calls > 1) throw new Error('unreadable');
      return 'data:image/png;base64,AAAA';
    });
    const { user, input, onUploaded, onPendingChange } = setup(readFile);
    await user.upload(input, png());
    await user.click(await screen.findByRole('button', { name: 'Upload Image' }));
    expect(await screen.findByText('Image upload failed!', {}, { timeout: 2500 })).toBeInTheDocument();
    expect(await screen.findByText('Image Processing Failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error processing your image. Please try again.')).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
    expect(onPendingChange).toHaveBeenLastCalledWith(true);
  });

  it('remove clears the file, the preview and the errors', async () => {
    const { user, input, onPendingChange } = setup();
    await user.upload(input, png());
    await screen.findByAltText('Preview of the chosen image');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByAltText('Preview of the chosen image')).not.toBeInTheDocument();
    expect(screen.getByText('Choose an image')).toBeInTheDocument();
    expect(onPendingChange).toHaveBeenLastCalledWith(false);
    expect(input.value).toBe('');
  });
});
