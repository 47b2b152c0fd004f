// The site's messages at run time (docs/decisions/0149-languages.md). Each area keeps its English
// messages in `i18n/en.json` beside its code, in the area's own chunk, and makes its translator
// with `translator(en)`; the other languages' messages of every area come as one chunk per language,
// loaded before the page renders (src/main.tsx) or, in the page renderer, all at once
// (src/entry-render.tsx). A page is in one language from its first render to its last: choosing
// another reloads it, so the server renders it in that language and nothing shows two.
//
// Plain texts and texts with plain arguments are put together here; plurals, selects, numbers and
// markup by intl-messageformat, which is a chunk of its own loaded with the language
// (`loadMessageFormat`), so a page whose first render needs none of them does not wait for it.
import { createElement, Fragment, type ReactNode } from 'react';
import type { Locale } from 'date-fns';
import type { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formattingTag, type Language } from './languages';
import type { LoadedLanguage, Message } from './types';

let current: Language = 'en';
/** The page's language's messages, date-fns locale and `format`; none for English. */
let loadedLanguage: LoadedLanguage | undefined;
let MessageFormat: typeof IntlMessageFormat | undefined;
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
  return loadedLanguage?.dateLocale;
}

/** A plain message of the page's loaded language (never English), e.g. a panchangam name; `undefined` when it has none. */
export function translatedName(key: string): string | undefined {
  const message = loadedLanguage?.messages[key];
  return typeof message === 'string' ? message : undefined;
}

/**
 * `date` written with date-fns's `pattern` in the page's language; `undefined` for English, whose
 * callers write dates their own way (date-fns's `format` comes with the language's chunk, so pages
 * in English that need no date-fns do not load it).
 */
export function localizedFormat(date: Date, pattern: string): string | undefined {
  return loadedLanguage ? loadedLanguage.format(date, pattern, { locale: loadedLanguage.dateLocale }) : undefined;
}

/** Makes `code` the page's language with its loaded messages (none for English). */
export function setPageLanguage(code: Language, loaded?: LoadedLanguage): void {
  current = code;
  loadedLanguage = code === 'en' ? undefined : loaded;
}

/** Loads intl-messageformat, for plurals, selects, numbers and markup. */
export async function loadMessageFormat(): Promise<void> {
  MessageFormat ??= (await import('intl-messageformat')).IntlMessageFormat;
}

/** Loads `code`'s messages: a chunk of its own for each language but English. */
export async function loadLanguage(code: Language): Promise<LoadedLanguage | undefined> {
  return code === 'en' ? undefined : (await loaders[code]()).default;
}

/** Loads `code`'s messages and intl-messageformat, and makes it the page's language. */
export async function switchToLanguage(code: Language): Promise<void> {
  const [loaded] = await Promise.all([loadLanguage(code), loadMessageFormat()]);
  setPageLanguage(code, loaded);
}

export type Values = Record<string, string | number | Date | null | undefined>;
export type RichValues = Record<string, string | number | Date | ReactNode | ((chunks: ReactNode[]) => ReactNode) | null | undefined>;

function formatter(key: string, message: MessageFormatElement[]): IntlMessageFormat {
  if (!MessageFormat) throw new Error(`${key}: intl-messageformat is not loaded (loadMessageFormat)`);
  const id = `${current}\u0000${key}`;
  let f = compiled.get(id);
  if (!f) {
    f = new MessageFormat(message, formattingTag(current));
    compiled.set(id, f);
  }
  return f;
}

function lookup<K extends string>(english: Record<K, Message | string>, key: K): Message {
  return loadedLanguage?.messages[key] ?? (english[key] as Message);
}

/** Whether `message` is text with plain arguments (its parts), not a syntax tree. */
function isParts(message: Message): message is string[] {
  return Array.isArray(message) && typeof message[0] === 'string';
}

/** The parts of a text with plain arguments, each argument's value in its place. */
function fill<T>(parts: string[], value: (name: string) => T): (string | T)[] {
  return parts.map((part, i) => (i % 2 === 1 ? value(part) : part));
}

const text = (value: Values[string] | undefined): string => (value === null || value === undefined ? '' : String(value));

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
    if (isParts(message)) return fill(message, (name) => text(values?.[name])).join('');
    return String(formatter(key, message).format(values as Record<string, string | number | Date>));
  }) as Translate<K>;
  t.rich = (key: K, values: RichValues) => {
    const message = lookup(english, key);
    if (typeof message === 'string') return message;
    const parts = isParts(message)
      ? fill(message, (name) => values[name] as ReactNode)
      : formatter(key, message).format<ReactNode>(values as never);
    return Array.isArray(parts) ? createElement(Fragment, null, ...(parts as ReactNode[])) : (parts as ReactNode);
  };
  return t;
}
