import { test, expect } from '../support/fixtures';
import { api, createEvent, newMember, registerForEvent } from '../support/api';
import { textContaining, textedCode, zoneAtHour } from '../support/texts';
import { expectNoAxeViolations, expectNoHorizontalOverflow, expectToast } from '../support/ui';

// Issue 32, text messages (ADR 0148): a member verifies a number with the code texted to it (the
// development folder provider writes each text to a file, MANDIR_TEXT_OUTBOX), agrees to
// confirmations with the consent shown, and the next registration's confirmation lands as a text
// that says how to stop.


test('a member verifies a number by its texted code, agrees to confirmations and gets one by text', async ({ page, signInAs }) => {
  // The registration's confirmation goes with the send-member-emails job, once a minute.
  test.setTimeout(150_000);
  const { templeName } = await api<{ templeName: string }>('GET', '/api/config');
  const digits = String(Date.now()).slice(-4);
  const phone = `+1916555${digits}`;
  const shown = `(916) 555-${digits}`;
  const member = await newMember({ firstName: 'Lakshmi', lastName: 'Iyer' });
  await signInAs(member);
  await page.goto('/profile?tab=settings');
  const section = page.getByRole('region', { name: 'Text messages' });
  await expect(section).toBeVisible();

  // The number, and its code by text.
  await section.getByRole('textbox', { name: /Mobile number/ }).fill(shown);
  await section.getByRole('button', { name: 'Send code' }).click();
  await expectToast(page, 'Code sent');
  await expect(section.getByText(/We texted a code to/)).toContainText(shown);
  const codeText = await textContaining(phone, 'your code is');
  expect(codeText).toContain(`${templeName}: your code is`);
  expect(codeText.trim().endsWith('Reply STOP to opt out.')).toBe(true);
  const code = await textedCode(phone);

  // The consent, word for word with the temple's name, before anything is ticked; nothing is ticked for them.
  await expect(
    section.getByText(
      `By verifying, you agree to get automated texts from ${templeName} about what you tick. Msg & data rates may apply. ` +
        'Message frequency varies. Reply STOP to opt out, HELP for help. Agreeing is not a condition of any donation or booking.',
      { exact: true },
    ),
  ).toBeVisible();
  for (const kind of [/Confirmations/, /Reminders/, /Receipts/]) await expect(section.getByRole('checkbox', { name: kind })).not.toBeChecked();
  await expect(section.getByRole('combobox', { name: 'My time zone' })).toHaveText('Pacific (Los Angeles)');
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);

  await section.getByRole('checkbox', { name: /Confirmations/ }).check();
  await section.getByRole('textbox', { name: /^Code/ }).fill(code);
  await section.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Number verified');
  await expect(section.getByText(/Texts go to/)).toHaveText(`Texts go to ${shown}.`);
  await expect(section.getByRole('checkbox', { name: /Confirmations/ })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: /Reminders/ })).not.toBeChecked();

  // The server kept it: after a reload the verified number and the consent are there.
  await page.reload();
  await expect(section.getByText(/Texts go to/)).toHaveText(`Texts go to ${shown}.`);
  await expect(section.getByRole('checkbox', { name: /Confirmations/ })).toBeChecked();
  await expect(section.getByRole('button', { name: 'Remove number' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);

  // No text goes between 9 PM and 8 AM in the member's zone: the journey runs at any hour, so the
  // member's zone is one where it is early afternoon now.
  await api('PUT', '/api/account/texting', { token: member.token, body: { kinds: ['confirmations'], timeZone: zoneAtHour(13) } });
  const event = await createEvent({ name: `Texted ${digits} Satyanarayana Puja` });
  await registerForEvent(member.token, event.id);
  const confirmation = await textContaining(phone, event.name, 90_000);
  expect(confirmation).toContain('You are registered for');
  expect(confirmation.trim().endsWith('Reply STOP to opt out.')).toBe(true);
});
