import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

import { readdirSync } from 'node:fs';

const FEATURES = readdirSync('web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', '.tmp/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'multi-line'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['bench/**/*.ts', 'server/cli/**/*.ts'], rules: { 'no-console': 'off' } },
  // Plain Node scripts (scripts/ensure-browser.mjs): Node's globals.
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  // The browser extension (extension/): plain browser scripts sharing settings.js's functions.
  {
    files: ['extension/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        ['chrome', 'document', 'location', 'fetch', 'URL', 'URLSearchParams', 'setTimeout', 'Event', 'HTMLInputElement', 'HTMLTextAreaElement', 'MutationObserver', 'btoa', 'importScripts', 'loadSettings', 'saveSettings', 'normalizeServer', 'msg', 'localizePage'].map((g) => [g, 'readonly']),
      ),
    },
    rules: { 'no-redeclare': 'off', '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^(loadSettings|saveSettings|normalizeServer|msg|localizePage)$' }] },
  },
  // Import boundaries (docs/ARCHITECTURE.md): shared is isomorphic; web never reaches the server;
  // a web feature never imports another feature (routes and the root compose them).
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['#server/*', '#web/*', '**/server/**', '**/web/**', 'node:*'], message: 'shared/ imports neither server/ nor web/ nor node built-ins.' }] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/entry.server.tsx', 'web/lib/i18n.server.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['#server/*', '**/server/**'], message: 'web/ does not import server code.' }] }],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#server/*'], message: 'web/ does not import server code.' },
            { group: FEATURES.filter((f) => f !== feature).flatMap((f) => [`#web/features/${f}/*`, `**/features/${f}/**`]), message: 'Features do not import each other; compose them in routes.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    ignores: ['web/lib/i18n.server.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['#server/*', '#web/features/*', '#web/routes/*', '**/features/**'], message: 'components/ and lib/ import no feature, route or server code.' }] }],
    },
  },
);
