import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '../support/fixtures';
import { api, createEvent, newMember, registerForEvent } from '../support/api';
import { expectNoAxeViolations, expectNoHorizontalOverflow, expectToast } from '../support/ui';

// Issue 32, text messages (ADR 0148): a member verifies a number with the code texted to it (the
// development folder provider writes each text to a file), agrees to confirmations, and the next
// registration's confirmation lands as a text that says how to stop.

/** The texts the server wrote for `phone` (E.164), oldest first. */
function textsTo(phone: string): string[] {
  const dir = path.join(process.env.MANDIR_E2E_TMP ?? '', 'texts');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(path.join(dir, f), 'utf8')).filter((t) => t.startsWith(`To: ${phone}\n`));
}

/** A fixed-offset zone (Etc/GMT...) where it is now about `hour` o'clock. */
function zoneAtHour(hour: number): string {
  let offset = (((hour - new Date().getUTCHours()) % 24) + 24) % 24;
  if (offset > 14) offset -= 24;
  // IANA's Etc zones have the sign the other way round: Etc/GMT-5 is UTC+5.
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

async function textContaining(phone: string, needle: string): Promise<string> {
  let found = '';
  await expect.poll(() => (found = textsTo(phone).find((t) => t.includes(needle)) ?? ''), { timeout: 90_000 }).not.toBe('');
  return found;
}

test('a member verifies a number by its texted code, agrees to confirmations and gets one by text', async ({ page, signInAs }) => {
  // The registration's confirmation goes with the send-member-emails job, once a minute.
  test.setTimeout(150_000);
  const digits = String(Date.now()).slice(-4);
  const phone = `+1916555${digits}`;
  const member = await newMember({ firstName: 'Lakshmi', lastName: 'Iyer' });
  await signInAs(member);
  await page.goto('/profile?tab=settings');
  const section = page.getByRole('region', { name: 'Text messages' });
  await expect(section).toBeVisible();
  const number = section.getByLabel(/Mobile number/);
  await number.fill(`(916) 555-${digits}`);
  await section.getByRole('button', { name: 'Send code' }).click();
  await expect(section.getByText(/We texted a code to/)).toBeVisible();
  const codeText = await textContaining(phone, 'your code is');
  expect(codeText).toContain('Reply STOP to opt out.');
  const code = /your code is (\d{6})/.exec(codeText)?.[1] ?? '';
  await expect(section.getByText(/By verifying, you agree to get automated texts from/)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await section.getByLabel(/^Code/).fill(code);
  await section.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Number verified');
  await expect(section.getByText(/Texts go to/)).toContainText(`(916) 555-${digits}`);
  await expect(section.getByRole('checkbox', { name: /Confirmations/ })).toBeChecked();

  // No text goes between 9 PM and 8 AM in the member's zone: the journey runs at any hour, so the
  // member's zone is one where it is early afternoon now.
  await api('PUT', '/api/account/texting', { token: member.token, body: { kinds: ['confirmations'], timeZone: zoneAtHour(13) } });
  const event = await createEvent({ name: `Texted ${digits} Satyanarayana Puja` });
  await registerForEvent(member.token, event.id);
  const confirmation = await textContaining(phone, event.name);
  expect(confirmation).toContain('You are registered for');
  expect(confirmation.trim().endsWith('Reply STOP to opt out.')).toBe(true);
});
