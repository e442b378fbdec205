import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/*
 * Import boundaries. In flat config a later block's `no-restricted-imports` (or `no-restricted-syntax`)
 * REPLACES an earlier one's for the same file; it does not add to it. So each zone below lists every
 * restriction that holds in it, and one block per zone is built from this table (a file in several
 * zones gets the last one's, which is the most specific and carries the whole set).
 * tests/unit/lint/boundaries.test.ts lints a file that breaks each boundary.
 * Each restriction is a regex on the import specifier, so the same one also catches `import()`.
 */
const NO_SERVER = { regex: '(^|/)server(/|$)', message: 'The portal never imports server code.' };
// AdminApp is the composition root: it alone reads the resource list and hands it down.
const NO_RESOURCES = {
  regex: '^@/resources(/|$)|^\\.\\.?/(.*/)?resources(/|$)',
  message: 'Shared code never imports a resource or the resource list: AdminApp hands the list down.',
};
const PURE_DOMAIN = [
  {
    regex: '^(react|react-dom|react-admin|react-router|react-router-dom|i18next|react-i18next)(/|$)|^@(mui|tanstack)/',
    message: 'src/domain is pure TypeScript shared with the server: no React, no browser-only modules.',
  },
  { regex: '^@/(?!domain(/|$))', message: 'src/domain imports only src/domain (it is bundled into the server).' },
];
const NO_HTTP_CLIENT = {
  regex: '(^@|/)dataProvider/httpClient$',
  message: 'Screens call the API through the dataProvider (useDataProvider<PortalDataProvider>() / usePortalApi()).',
};
const SERVER = [
  {
    regex: '^@/(?!domain(/|$)|i18n/[a-z]+/[\\w-]+\\.json$)',
    message: 'The server shares src/domain and the locale JSON only.',
  },
  { regex: '(^|/)src/', message: 'The server reaches shared client code through @/domain.' },
];
/**
 * A resource never imports the list that holds it nor another resource (each domain is its own lazy
 * chunk). A relative path that climbs exactly as many levels as the file is deep lands in
 * src/resources, i.e. outside its own domain; `../types` (the config type) is the one thing there.
 */
const resourceAt = (depth) => ({
  regex: `^@/resources(/(?!types$)|$)|^(\\.\\./){${depth}}(?!\\.\\./)(?!types$)|^(\\.\\./){${depth - 1}}\\.\\.$`,
  message: 'Resources never import each other nor the resource list.',
});

const PORTAL = 'src/**/*.{ts,tsx}';
const ROOT = 'src/pages/app/AdminApp.tsx';
const ZONES = [
  { name: 'portal', files: [PORTAL], restrictions: [NO_SERVER] },
  { name: 'shared', files: [PORTAL], ignores: ['src/resources/**', ROOT], restrictions: [NO_SERVER, NO_RESOURCES] },
  {
    name: 'screens',
    files: ['src/{components,features,layout,pages}/**/*.{ts,tsx}'],
    ignores: [ROOT],
    restrictions: [NO_SERVER, NO_RESOURCES, NO_HTTP_CLIENT],
  },
  { name: 'domain', files: ['src/domain/**/*.{ts,tsx}'], restrictions: [NO_SERVER, NO_RESOURCES, ...PURE_DOMAIN] },
  ...[1, 2, 3, 4, 5, 6].map((depth) => ({
    name: `resource (depth ${depth})`,
    files: [`src/resources/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    restrictions: [NO_SERVER, NO_HTTP_CLIENT, resourceAt(depth)],
  })),
  {
    name: 'server',
    files: ['server/**/*.ts'],
    restrictions: SERVER,
    // Envelope statuses are business codes: always named through ApiStatus, never a bare number.
    syntax: [
      { selector: "NewExpression[callee.name='ApiError'][arguments.1.type=/^(Literal|UnaryExpression)$/]", message: 'Envelope statuses come from ApiStatus.' },
      { selector: "Property[key.name='status'][value.type='Literal'][value.raw=/^[0-9]+$/]", message: 'Envelope statuses come from ApiStatus.' },
    ],
  },
];

const boundaryBlocks = ZONES.map(({ name, files, ignores, restrictions, syntax = [] }) => ({
  name: `boundaries/${name}`,
  files,
  ...(ignores ? { ignores } : {}),
  rules: {
    'no-restricted-imports': ['error', { patterns: restrictions.map(({ regex, message }) => ({ regex, message })) }],
    // esquery regex literals cannot hold `/`: write it \x2F.
    'no-restricted-syntax': [
      'error',
      ...restrictions.map(({ regex, message }) => ({
        selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
        message,
      })),
      ...syntax,
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'server/db/migrations/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
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
    // Zero import cycles, static or dynamic, in the portal and the server.
    name: 'cycles',
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The portal talks to the API through src/dataProvider/httpClient.ts only.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the httpClient in src/dataProvider.' }],
    },
  },
  ...boundaryBlocks,
  {
    // The public payer page (src/payer) and the public business page (src/public-page) have no merchant session and
    // must not load the admin's httpClient: they call their public endpoints themselves.
    files: ['src/i18n/**/*.ts', 'src/dataProvider/httpClient.ts', 'src/payer/**/*.ts', 'src/public-page/**/*.ts'],
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
