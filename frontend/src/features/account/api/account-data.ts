import { api, downloadFile } from '@/lib/api-client';
import type { DeleteAccountBody } from '@/types/api';

/** GET /api/account/export: saves my-data.json. */
export function downloadMyData(): Promise<string> {
  return downloadFile('/api/account/export', 'my-data.json');
}

/** DELETE /api/account (204): the account is gone, and with it every session. */
export function deleteAccount(body: DeleteAccountBody): Promise<void> {
  return api.delete('/api/account', { body });
}
