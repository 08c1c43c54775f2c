import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import boundaries from './tools/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use as const objects or literal unions.' }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['fastify*', 'drizzle-orm*', 'react*', '@mui/*', 'pg', '@electric-sql/*'] }],
      'no-restricted-globals': ['error', 'fetch', 'process'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Module boundaries (issue 7 §1, docs/decisions.md "Module boundaries"). Tests, test kits and
  // the demo seed set up and inspect rows directly, so they are outside the server rules.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-test-kit.ts', 'apps/server/src/testing/**', 'apps/server/src/demo/**'],
    plugins: { funil: boundaries },
    rules: { 'funil/table-owner': 'error', 'funil/module-door': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { funil: boundaries },
    rules: { 'funil/feature-isolation': 'error' },
  },
);
