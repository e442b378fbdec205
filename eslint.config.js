import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'server/db/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The portal talks to the API through src/dataProvider/httpClient.ts only.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the httpClient in src/dataProvider.' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '../server/*'], message: 'The portal never imports server code.' }] }],
    },
  },
  {
    // Shared code (domain, storage, i18n, components, layout, dataProvider, authProvider) never imports a resource.
    files: ['src/domain/**', 'src/storage/**', 'src/i18n/**', 'src/components/**', 'src/dataProvider/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/resources/*', '**/resources/*'], message: 'Shared code never imports a resource.' }] }],
    },
  },
  {
    // src/domain is shared with the server: pure TypeScript, no React, no browser-only modules.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['react', 'react-admin', '@mui/material'], patterns: [{ group: ['@/resources/*', '@/storage/*', '@/dataProvider/*'], message: 'src/domain is pure and shared with the server.' }] }],
    },
  },
  {
    // Resources never import each other nor the list that holds them: each domain is its own lazy chunk.
    files: ['src/resources/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@/resources', message: 'A resource never imports the resource list.' }],
          patterns: [{ group: ['@/resources/*/*', '../*/*', '../index'], message: 'Resources never import each other.' }],
        },
      ],
    },
  },
  {
    files: ['src/i18n/**/*.ts', 'src/dataProvider/httpClient.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['tests/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-globals': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
