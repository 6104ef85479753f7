import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.test-output/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Every text on screen comes from the catalogue (docs/decisions/008): no literal text in JSX, and
    // none in the props that reach the screen or a screen reader.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['label', 'placeholder', 'title', 'aria-label', 'alt', 'description', 'message', 'error', 'confirmLabel', 'cancelLabel', 'nothingFoundMessage', 'children', 'tooltip'],
          },
        },
      ],
    },
  },
  {
    // Only the db layer and repositories speak Kysely; services get repositories.
    files: ['apps/server/src/**/*.service.ts', 'apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: 'Only repositories and the db layer import Kysely.' }] }],
    },
  },
);
