/** Reads the e-mails the server wrote as `.eml` files (no SMTP server is configured in tests). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { outboxDir } from './env';

export type Mail = { file: string; headers: Record<string, string>; to: string; subject: string; body: string };

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeaderWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')));
}

function parsePart(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  let body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  let last = '';
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && last) {
      headers[last] += ' ' + line.trim();
    } else {
      const m = /^([^:]+):\s*(.*)$/.exec(line);
      if (m) {
        last = m[1].toLowerCase();
        headers[last] = m[2];
      }
    }
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1).filter((p) => !p.startsWith('--'));
    const decoded = parts.map((p) => parsePart(p.replace(/^\r?\n/, '')));
    const plain = decoded.find((p) => /text\/plain/i.test(p.headers['content-type'] ?? 'text/plain')) ?? decoded[0];
    return { headers, body: plain ? plain.body : '' };
  }
  const cte = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (cte === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (cte === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, body };
}

export function readMails(): Mail[] {
  const dir = outboxDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = readFileSync(path.join(dir, f), 'utf8');
      const { headers, body } = parsePart(raw);
      return { file: f, headers, to: decodeHeaderWords(headers.to ?? ''), subject: decodeHeaderWords(headers.subject ?? ''), body };
    });
}

/** Waits for the newest e-mail to `email` whose body matches `pattern`, and returns the first match. */
export async function waitForMailLink(email: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readMails().filter((m) => m.to.toLowerCase().includes(email.toLowerCase())).reverse();
    for (const mail of mails) {
      const m = pattern.exec(mail.body);
      if (m) return m[0];
    }
    if (Date.now() > deadline) {
      throw new Error(`no e-mail to ${email} matching ${pattern} in ${outboxDir()} (${mails.length} e-mails to that address)`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function verificationLink(email: string) {
  return waitForMailLink(email, /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[A-Za-z0-9_\-%.]+/);
}

export function resetLink(email: string) {
  return waitForMailLink(email, /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_\-%.]+/);
}

/** The link of the newest invitation to the staff e-mailed to `email` (Admin → User Management → Invite staff). */
export function staffInviteLink(email: string) {
  return waitForMailLink(email, /https?:\/\/[^\s"<>]+\/staff-invite\?token=[A-Za-z0-9_\-%.]+/);
}
