// The message catalogues (ADR 0149): every area's `i18n/en.json` has its four translations with the
// same keys, every message is valid ICU (the build's plugin parses each one on import and throws on a
// bad one), a translation uses exactly the arguments and markup tags of its English message, and no
// key is defined by two areas.
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import type { Catalogue, Message } from './types';

const files = import.meta.glob<Catalogue>('../**/i18n/*.json', { eager: true, import: 'default' });

const areas = new Map<string, Map<string, Catalogue>>();
for (const [file, catalogue] of Object.entries(files)) {
  const [, area, lang] = /^(.*)\/i18n\/([a-z]{2})\.json$/.exec(file) ?? [];
  if (!area) throw new Error(`unexpected catalogue ${file}`);
  if (!areas.has(area)) areas.set(area, new Map());
  areas.get(area)!.set(lang, catalogue);
}

/** The arguments and tags a message uses, sorted: `{name}`, `<link>`, plurals' and selects' own. */
function argumentsOf(message: Message): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
      found.add(e.type === TYPE.tag ? `<${e.value}>` : `{${e.value}}`);
      if (e.type === TYPE.tag) walk(e.children);
      if (e.type === TYPE.plural || e.type === TYPE.select) for (const option of Object.values(e.options)) walk(option.value);
    }
  };
  if (Array.isArray(message) && typeof message[0] === 'string') {
    (message as string[]).forEach((part, i) => i % 2 === 1 && found.add(`{${part}}`));
  } else if (typeof message !== 'string') walk(message as MessageFormatElement[]);
  return [...found].sort();
}

describe('message catalogues', () => {
  it('exist', () => {
    expect(areas.size).toBeGreaterThan(0);
  });

  for (const [area, catalogues] of areas) {
    describe(area, () => {
      const english = catalogues.get('en');

      it('have English and every other language', () => {
        expect([...catalogues.keys()].sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
      });

      for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
        it(`${code} has the same keys and arguments as English`, () => {
          const translated = catalogues.get(code) ?? {};
          expect(Object.keys(translated).sort()).toEqual(Object.keys(english ?? {}).sort());
          for (const [key, message] of Object.entries(english ?? {})) {
            expect({ key, args: argumentsOf(translated[key]) }).toEqual({ key, args: argumentsOf(message) });
            expect({ key, empty: translated[key] === '' }).toEqual({ key, empty: message === '' });
          }
        });
      }
    });
  }

  it('define each key in one area only', () => {
    const owner = new Map<string, string>();
    for (const [area, catalogues] of areas) {
      for (const key of Object.keys(catalogues.get('en') ?? {})) {
        expect({ key, also: owner.get(key) }).toEqual({ key, also: undefined });
        owner.set(key, area);
      }
    }
  });
});
