// Choosing a language (ADR 0149), from the header's switcher or Account Settings: remembered in the
// visitor's cookie and, for a member, on their account (which also sets the cookie), then the page
// is loaded again without any `?lang=` so the server renders it in the new language from the start.
import { api } from '@/lib/api-client';
import { isLanguage, LANGUAGE_COOKIE, type Language } from './languages';
import { currentLanguage } from './runtime';

/** Remembers `code` in this browser's language cookie for a year. */
export function rememberLanguage(code: Language): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** The page's URL without its `lang` parameter. */
function withoutLang(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('lang');
  return url.toString();
}

/** Makes `code` the language of the site for this visitor (and member, when signed in), and reloads the page in it. */
export async function chooseLanguage(code: Language, signedIn: boolean): Promise<void> {
  rememberLanguage(code);
  if (signedIn) await api.put('/api/account/language', { language: code });
  window.location.assign(withoutLang());
}

const FOLLOWED = 'mandir:language-followed';

/**
 * A signed-in member's pages are in their account's language: a page in another one is loaded
 * again in it (once per tab session, so nothing can loop). A `?lang=` in the page's URL is a
 * choice made now, and becomes the account's language instead.
 */
export function followAccountLanguage(account: string): void {
  if (!isLanguage(account)) return;
  const fromUrl = new URL(window.location.href).searchParams.get('lang');
  if (isLanguage(fromUrl)) {
    if (fromUrl !== account) void api.put('/api/account/language', { language: fromUrl }).catch(() => undefined);
    return;
  }
  if (account === currentLanguage()) return;
  if (window.sessionStorage.getItem(FOLLOWED) === account) return;
  window.sessionStorage.setItem(FOLLOWED, account);
  rememberLanguage(account);
  window.location.reload();
}
