// @ts-check
// The areas whose every user-facing text comes from the message catalogues (ADR 0149), for the
// `ui-text/no-literal-ui-text` lint rule: each `translated/*.json` names files (`files`) and the
// staff-only files among them (`ignores`), which stay English-only for now (docs/product.md,
// "Languages"). An area joins when it is translated.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'translated');

/** @type {{ files: string[], ignores: string[] }[]} */
const areas = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));

export const TRANSLATED = areas.flatMap((a) => a.files);
export const STAFF_ONLY = areas.flatMap((a) => a.ignores ?? []);
