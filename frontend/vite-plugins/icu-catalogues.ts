// Vite plugin: each area's message catalogue (`src/**/i18n/<language>.json`, ADR 0149) parsed at
// build time. A plain text stays a string; a message with arguments, plurals or markup becomes its
// ICU syntax tree, which intl-messageformat formats without its parser, so no page carries the parser
// (vite.config.ts aliases it away). A message that does not parse fails the build (and the tests,
// which import the catalogues through the same plugin).
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]i18n[\\/][a-z]{2}\.json$/;

/**
 * The message as the runtime takes it (src/i18n/types.ts): a string for plain text, its parts for
 * text with plain arguments, else its syntax tree.
 */
export function compileMessage(text: string, where: string): string | string[] | MessageFormatElement[] {
  let ast: MessageFormatElement[];
  try {
    ast = parse(text, { shouldParseSkeletons: true, requiresOtherClause: true });
  } catch (e) {
    throw new Error(`${where}: not a valid ICU message (${(e as Error).message}): ${text}`, { cause: e });
  }
  if (ast.length === 0) return '';
  const [first] = ast;
  if (ast.length === 1 && first.type === TYPE.literal) return first.value;
  // Text with plain arguments only (`Welcome to {name}`), the most common kind: its parts, texts and
  // arguments' names taking turns from a text (`["Welcome to ", "name", ""]`), put together without
  // intl-messageformat.
  if (ast.every((e) => e.type === TYPE.literal || e.type === TYPE.argument)) {
    const parts: string[] = [''];
    for (const e of ast) {
      if (e.type === TYPE.literal) parts[parts.length - 1] += e.value;
      else parts.push(e.value, '');
    }
    return parts;
  }
  return ast;
}

export function icuCatalogues(): Plugin {
  return {
    name: 'mandir-icu-catalogues',
    enforce: 'pre',
    transform(code: string, id: string) {
      const file = id.split('?')[0];
      if (!CATALOGUE.test(file)) return null;
      const messages = JSON.parse(code) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, text] of Object.entries(messages)) {
        if (typeof text !== 'string') throw new Error(`${file}: ${key} is not a string`);
        out[key] = compileMessage(text, `${file}: ${key}`);
      }
      return { code: JSON.stringify(out), map: null };
    },
  };
}
