/** Accepted image types (docs/product.md#event-images) and the size limit. */
export const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'];
export const IMAGE_EXTENSIONS = ['.jpeg', '.jpg', '.png', '.gif', '.webp'];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The simulated upload takes this long (docs/product.md#event-images). */
export const UPLOAD_DELAY_MS = 1000;

/** The error message for a chosen file, or null when it is acceptable. */
export function validateImageFile(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  const typeOk = type ? IMAGE_TYPES.includes(type) : IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!typeOk) return 'Please select a valid image file (JPEG, PNG, GIF, or WebP)';
  if (file.size > MAX_IMAGE_BYTES) return 'File size exceeds 5MB limit';
  return null;
}

/** The file as a data: URL (base64). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('Unexpected file reader result'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('File could not be read'));
    reader.readAsDataURL(file);
  });
}
