import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fyn from './eslint-rules/fyn.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**', 'src/server/test/openapi-client/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { fyn },
    rules: {
      'fyn/boundaries': 'error',
      'fyn/kebab-case-files': 'error',
      'fyn/one-table-writer': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports (docs/architecture.md#conventions).' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tools that require a default export.
    files: ['*.config.{js,ts}', 'eslint.config.js', 'eslint-rules/**', 'src/server/test/global-setup.ts', 'e2e/**/*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
