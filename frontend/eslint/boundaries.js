// @ts-check
// The import rules of docs/architecture.md#frontend as a local ESLint rule (no resolver packages needed): features do not
// import each other or src/app; shared folders (components, lib, config, types) import neither
// features nor app. Both `@/...` aliases and relative paths are resolved against src/.
import path from 'node:path';

const SHARED = new Set(['components', 'lib', 'config', 'types', 'i18n']);

/** @param {string} srcDir @param {string} file */
function zoneOf(srcDir, file) {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { kind: 'outside', name: '' };
  const [top, second = ''] = rel.split(path.sep);
  if (top === 'features') return { kind: 'feature', name: second };
  if (top === 'app') return { kind: 'app', name: '' };
  if (SHARED.has(top)) return { kind: 'shared', name: top };
  return { kind: 'other', name: top };
}

/** @param {string} srcDir @param {string} file @param {string} spec */
function resolve(srcDir, file, spec) {
  if (spec.startsWith('@/')) return path.join(srcDir, spec.slice(2));
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  return null;
}

export const MESSAGES = {
  feature: 'Features must not import other features; compose them in src/app instead.',
  featureApp: 'Features must not import from src/app.',
  shared: 'Shared code (components, lib, config, types) must not import features or app.',
};

/** @param {string} srcDir */
export function boundariesPlugin(srcDir) {
  /** @type {import('eslint').Rule.RuleModule} */
  const rule = {
    meta: { type: 'problem', docs: { description: 'the import boundaries of docs/architecture.md#frontend' }, schema: [] },
    create(context) {
      const file = context.filename;
      const from = zoneOf(srcDir, file);
      if (from.kind !== 'feature' && from.kind !== 'shared') return {};
      /** @param {any} node */
      function check(node) {
        const source = node.source;
        if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
        const target = resolve(srcDir, file, source.value);
        if (!target) return;
        const to = zoneOf(srcDir, target);
        let message = null;
        if (from.kind === 'feature' && to.kind === 'feature' && to.name !== from.name) message = MESSAGES.feature;
        else if (from.kind === 'feature' && to.kind === 'app') message = MESSAGES.featureApp;
        else if (from.kind === 'shared' && (to.kind === 'feature' || to.kind === 'app')) message = MESSAGES.shared;
        if (message) context.report({ node: source, message });
      }
      return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
    },
  };
  return { rules: { 'no-cross-boundary': rule } };
}
