import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The server's modules in layers, lowest first (ARCHITECTURE.md, "Layering"): a module may import
 * only modules on lower lines, so no two modules can depend on each other, however indirectly. A
 * new dependency that breaks this asks for a module to move up a line, on purpose.
 */
const serverLayers = [
  ['files', 'health', 'mail', 'metrics'],
  ['dev', 'people'],
  ['audit', 'ledger', 'notifications'],
  ['auth', 'content', 'money', 'payments'],
  ['holds', 'live', 'members', 'onboarding'],
  ['transfers'],
  ['accounts', 'bill-pay', 'cards', 'deposits'],
  ['statements'],
  ['admin', 'scheduled-work'],
  ['seed'],
  ['site'],
  ['secrets'],
];
const layeringZones = serverLayers.flatMap((layer, index) =>
  layer.flatMap((module) =>
    serverLayers
      .slice(index)
      .flat()
      .filter((other) => other !== module)
      .map((other) => ({
        target: `apps/server/src/modules/${module}`,
        from: `apps/server/src/modules/${other}`,
        message:
          `modules/${module} is below modules/${other} (eslint.config.js, serverLayers): ` +
          'move the code down, or the module up a layer',
      })),
  ),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/artifacts/**',
      'apps/server/drizzle/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Prettier wraps code at 120 but leaves a long string or class list whole; this catches those.
      'max-len': ['error', { code: 120 }],
    },
  },
  {
    // No import circles (ARCHITECTURE.md, "Layering"): a file never depends on itself through others.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layeringZones }] },
  },
  {
    // The server's test files share one module graph per worker (vitest.config.ts): a mock made in
    // one would miss modules another file loaded first, or leak into the next.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.mocked.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name="vi"][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]',
          message: 'Mock modules only in a *.mocked.test.ts file: those run with a module graph of their own.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web reaches the API only through the typed client and the contract (ARCHITECTURE.md,
    // "How a request flows"): no path is typed out, so a renamed route breaks the build.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Declare the endpoint in packages/shared/src/contract and call it with call()/urlOf().',
        },
        {
          // What an expression-bodied effect returns is taken for its cleanup: Chromium's
          // scrollIntoView returns a promise, and React threw on it as the component left. An arrow
          // returning the cleanup itself (`() => () => clearTimeout(…)`) is what it is for.
          selector: [
            'CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/]',
            '> ArrowFunctionExpression[expression=true]:not([body.type="ArrowFunctionExpression"])',
          ].join(' '),
          message: 'Give an effect a block body: React takes whatever it returns for its cleanup.',
        },
      ],
    },
  },
  {
    // Components show; hooks fetch. A screen gets its data from its feature's hooks file.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api'],
              importNames: ['call', 'callReading', 'callForm', 'fetchFile'],
              message: "Call the API from the feature's hooks file (TanStack Query), not from a component.",
            },
          ],
        },
      ],
    },
  },
);
