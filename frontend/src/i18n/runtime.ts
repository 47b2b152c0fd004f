// The site's messages at run time (docs/decisions/0149-languages.md). Each area keeps its English
// messages in `i18n/en.json` beside its code, in the area's own chunk, and makes its translator
// with `translator(en)`; the other languages' messages of every area come as one chunk per language,
// loaded before the page renders (src/main.tsx) or, in the page renderer, all at once
// (src/entry-render.tsx). A page is in one language from its first render to its last: choosing
// another reloads it, so the server renders it in that language and nothing shows two.
import { IntlMessageFormat } from 'intl-messageformat';
import { createElement, Fragment, type ReactNode } from 'react';
import type { Locale } from 'date-fns';
import { formattingTag, type Language } from './languages';
import type { Catalogue, LoadedLanguage, Message } from './types';

let current: Language = 'en';
let messages: Catalogue = {};
let dateLocale: Locale | undefined;
/** Compiled messages by language and key. */
const compiled = new Map<string, IntlMessageFormat>();

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: LoadedLanguage }>> = {
  te: () => import('./catalogues/te'),
  ta: () => import('./catalogues/ta'),
  hi: () => import('./catalogues/hi'),
  kn: () => import('./catalogues/kn'),
};

/** The language the page is in. */
export function currentLanguage(): Language {
  return current;
}

/** date-fns's locale of the page's language; `undefined` for English (date-fns's default, en-US). */
export function currentDateLocale(): Locale | undefined {
  return dateLocale;
}

/** Makes `code` the page's language with its loaded messages (none for English). */
export function setPageLanguage(code: Language, loaded?: LoadedLanguage): void {
  current = code;
  messages = code === 'en' ? {} : (loaded?.messages ?? {});
  dateLocale = code === 'en' ? undefined : loaded?.dateLocale;
}

/** Loads `code`'s messages: a chunk of its own for each language but English. */
export async function loadLanguage(code: Language): Promise<LoadedLanguage | undefined> {
  return code === 'en' ? undefined : (await loaders[code]()).default;
}

/** Loads `code`'s messages and makes it the page's language. */
export async function switchToLanguage(code: Language): Promise<void> {
  setPageLanguage(code, await loadLanguage(code));
}

export type Values = Record<string, string | number | Date | null | undefined>;
export type RichValues = Record<string, string | number | Date | ReactNode | ((chunks: ReactNode[]) => ReactNode) | null | undefined>;

function formatter(key: string, message: Message): IntlMessageFormat {
  const id = `${current}\u0000${key}`;
  let f = compiled.get(id);
  if (!f) {
    // Never a string: the build hands plain texts over as strings and the rest as syntax trees.
    f = new IntlMessageFormat(message as Exclude<Message, string>, formattingTag(current));
    compiled.set(id, f);
  }
  return f;
}

function lookup<K extends string>(english: Record<K, Message | string>, key: K): Message {
  return messages[key] ?? (english[key] as Message);
}

export interface Translate<K extends string> {
  /** The message `key` in the page's language (English when it has none), with `values` put in. */
  (key: K, values?: Values): string;
  /** The same with markup: `<link>…</link>` in the message calls `values.link` with its text. */
  rich(key: K, values: RichValues): ReactNode;
}

/**
 * The translator of one area, from its English messages (`import en from './i18n/en.json'`): keys
 * are checked by TypeScript, and a missing translation falls back to English (the catalogue test
 * makes sure none is missing).
 */
export function translator<K extends string>(english: Record<K, Message | string>): Translate<K> {
  const t = ((key: K, values?: Values) => {
    const message = lookup(english, key);
    if (typeof message === 'string') return message;
    return String(formatter(key, message).format(values as Record<string, string | number | Date>));
  }) as Translate<K>;
  t.rich = (key: K, values: RichValues) => {
    const message = lookup(english, key);
    if (typeof message === 'string') return message;
    const parts = formatter(key, message).format<ReactNode>(values as never);
    return Array.isArray(parts) ? createElement(Fragment, null, ...(parts as ReactNode[])) : (parts as ReactNode);
  };
  return t;
}
