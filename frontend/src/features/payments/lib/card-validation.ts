// Checks for the sandbox (TEST MODE) card form. The digits never leave the browser.

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Luhn checksum over 12-19 digits. */
export function isValidCardNumber(value: string): boolean {
  const digits = digitsOnly(value);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY (or MM/YYYY) not in the past. */
export function isValidExpiry(value: string, now: Date = new Date()): boolean {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return false;
  const month = Number(m[1]);
  let year = Number(m[2]);
  if (month < 1 || month > 12) return false;
  if (year < 100) year += 2000;
  const endOfMonth = new Date(year, month, 1);
  return endOfMonth.getTime() > now.getTime();
}

export function isValidCvc(value: string): boolean {
  return /^\d{3,4}$/.test(value.trim());
}

/** '4242424242424242' -> '4242 4242 4242 4242' */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1230' -> '12/30' while typing. */
export function formatExpiry(value: string): string {
  const d = digitsOnly(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** A same-origin URL becomes an in-app path; anything else stays as given. */
export function toAppPath(url: string, origin: string = window.location.origin): string {
  try {
    const u = new URL(url, origin);
    if (u.origin === origin) return `${u.pathname}${u.search}${u.hash}`;
    return u.toString();
  } catch {
    return url;
  }
}

/** MM/YY (or MM/YYYY) as its month and four-digit year; null when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: year < 100 ? 2000 + year : year };
}

/** The last four digits of a card number as typed. */
export function lastFour(value: string): string {
  return digitsOnly(value).slice(-4);
}
