import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { format, Locale } from 'date-fns';

/**
 * One message as the build hands it over (vite-plugins/icu-catalogues.ts), parsed at build time so
 * no page carries the ICU parser: its text when it is plain text; its parts, texts and arguments'
 * names taking turns from a text, when it has plain arguments only (`["Welcome to ", "name", ""]`);
 * else (plurals, selects, numbers, markup) its ICU syntax tree, which intl-messageformat formats.
 */
export type Message = string | string[] | MessageFormatElement[];

/** Messages by key; each area's keys start with its name (`sevas.`, `nav.`, …). */
export type Catalogue = Record<string, Message>;

/** A language other than English, as its chunk brings it: every area's messages and date-fns's locale. */
export interface LoadedLanguage {
  messages: Catalogue;
  dateLocale: Locale;
  /** date-fns's `format`, brought by the language's chunk (src/i18n/runtime.ts, `localizedFormat`). */
  format: typeof format;
}
