// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { boundariesPlugin } from './eslint/boundaries.js';
import { uiTextPlugin } from './eslint/ui-text.js';
import { STAFF_ONLY, TRANSLATED } from './eslint/translated.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'node_modules'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
      // docs/architecture.md#frontend: features do not import each other; shared folders do not import features or app.
      boundaries: boundariesPlugin(path.join(here, 'src')),
      'import-x': importX,
    },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(here, 'tsconfig.json') })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': 'off',
      'boundaries/no-cross-boundary': 'error',
      // No two modules import each other, directly or through others, lazy imports included
      // (docs/architecture.md#frontend); the Rust side is tools/check-cycles.py.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false }],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The translated areas (ADR 0149): every user-facing text from the message catalogues.
    files: TRANSLATED,
    ignores: ['**/*.test.{ts,tsx}', '**/__tests__/**', ...STAFF_ONLY],
    plugins: { 'ui-text': uiTextPlugin },
    rules: { 'ui-text/no-literal-ui-text': 'error' },
  },
  {
    // Inlined into the public pages as a classic script (scripts/prerender.mjs).
    files: ['scripts/after-paint-loader.js'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2020, sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['vite.config.ts', 'eslint.config.js', 'eslint/**/*.js'],
    languageOptions: { globals: globals.node },
  },
);
