import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from 'date-fns';

/**
 * One message as the build hands it over (scripts/icu-catalogues.mjs): its text when it is plain
 * text, else its ICU syntax tree, parsed at build time so no page carries the ICU parser.
 */
export type Message = string | MessageFormatElement[];

/** Messages by key; each area's keys start with its name (`sevas.`, `nav.`, …). */
export type Catalogue = Record<string, Message>;

/** A language other than English, as its chunk brings it: every area's messages and date-fns's locale. */
export interface LoadedLanguage {
  messages: Catalogue;
  dateLocale: Locale;
}
