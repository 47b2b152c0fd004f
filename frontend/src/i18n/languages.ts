// The languages of the site (docs/decisions/0149-languages.md): English, the default, with the
// product's exact texts, and Telugu, Tamil, Hindi and Kannada. Small on purpose: every page's entry
// carries it (the switcher's names), while each language's catalogue is a chunk of its own.

export const LANGUAGES = [
  { code: 'en', tag: 'en-US', native: 'English' },
  { code: 'te', tag: 'te-IN', native: 'తెలుగు' },
  { code: 'ta', tag: 'ta-IN', native: 'தமிழ்' },
  { code: 'hi', tag: 'hi-IN', native: 'हिन्दी' },
  { code: 'kn', tag: 'kn-IN', native: 'ಕನ್ನಡ' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

/** The cookie a visitor's choice is kept in (the server reads it too: crates/http/src/language.rs). */
export const LANGUAGE_COOKIE = 'mandir_lang';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

/** The BCP 47 tag dates, times and amounts are formatted in: `en-US`, `te-IN`, … */
export function formattingTag(code: Language): string {
  return LANGUAGES.find((l) => l.code === code)?.tag ?? 'en-US';
}
