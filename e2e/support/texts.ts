/**
 * Reads the text messages the server wrote with the development folder provider (ADR 0148): each a
 * `.txt` file in MANDIR_TEXT_OUTBOX whose first line is `To: +1…`, then `Channel:`, then the body.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { textsDir } from './env';

/** The texts written for `phone` (E.164), oldest first, each as the whole file. */
export function textsTo(phone: string): string[] {
  const dir = textsDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((t) => t.startsWith(`To: ${phone}\n`) || t.startsWith(`To: ${phone}\r\n`));
}

/** Waits for the newest text to `phone` that contains `needle`, and returns it. */
export async function textContaining(phone: string, needle: string, timeout = 15_000): Promise<string> {
  let found = '';
  await expect
    .poll(() => (found = textsTo(phone).reverse().find((t) => t.includes(needle)) ?? ''), {
      timeout,
      message: `a text to ${phone} containing ${JSON.stringify(needle)} in ${textsDir()}`,
    })
    .not.toBe('');
  return found;
}

/** The six-digit code of the newest verification text to `phone` ("…: your code is 123456. …"). */
export async function textedCode(phone: string): Promise<string> {
  const text = await textContaining(phone, 'your code is');
  const code = /your code is (\d{6})\./.exec(text)?.[1];
  if (!code) throw new Error(`no code in the text to ${phone}:\n${text}`);
  return code;
}

/** A fixed-offset zone (Etc/GMT...) where it is now about `hour` o'clock, for a member's quiet hours. */
export function zoneAtHour(hour: number): string {
  let offset = (((hour - new Date().getUTCHours()) % 24) + 24) % 24;
  if (offset > 14) offset -= 24;
  // IANA's Etc zones have the sign the other way round: Etc/GMT-5 is UTC+5.
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
