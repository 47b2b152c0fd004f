/** Values shared by global setup, helpers and tests. */
export const ADMIN = {
  email: 'e2e-admin@mandir.test',
  password: 'e2e-admin-password',
  firstName: 'Temple',
  lastName: 'Admin',
} as const;

export function baseURL(): string {
  const url = process.env.MANDIR_E2E_BASE_URL;
  if (!url) throw new Error('MANDIR_E2E_BASE_URL is not set: the suite must run through playwright.config.ts (global setup)');
  return url;
}

export function outboxDir(): string {
  const dir = process.env.MANDIR_E2E_OUTBOX;
  if (!dir) throw new Error('MANDIR_E2E_OUTBOX is not set');
  return dir;
}

/** The development folder the server writes its text messages to (MANDIR_TEXT_OUTBOX). */
export function textsDir(): string {
  const dir = process.env.MANDIR_E2E_TEXTS;
  if (!dir) throw new Error('MANDIR_E2E_TEXTS is not set');
  return dir;
}

/** Debian's Chromium, never a downloaded browser, with what a hermetic CI machine needs. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
