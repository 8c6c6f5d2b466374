// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Imports each layer must not make (docs/architecture.md, "Layers"). */
const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'http',
  'https',
  'net',
  'path',
  'os',
  'child_process',
];
// Browser globals whose names are also common variable names: a reference left over after its
// local was removed would silently read the window's (`status` is `window.status`, an empty string).
const confusingBrowserGlobals = [
  'status',
  'name',
  'event',
  'length',
  'origin',
  'top',
  'parent',
  'self',
  'closed',
  'opener',
].map((name) => ({ name, message: `the browser's global ${name}; use a local or window.${name}` }));
// A feature (main/features/<name>/) holds its own core, adapters and app parts; each part obeys
// the rules of its layer, as if it stood in main/core, main/adapters or main/app.
const CORE = ['main/core/**', 'main/features/*/core/**'];
const ADAPTERS = ['main/adapters/**', 'main/features/*/adapters/**'];
const APP = ['main/app/**', 'main/features/*/app/**'];
const layer = (/** @type {string[]} */ groups, /** @type {string} */ why) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message: why }] }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'out/',
      'release/',
      'release-inspect/',
      'test-output/',
      'test/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // zod's `z` is a namespace of all it exports, its 40 locales included: imported as
          // `{ z }`, a bundler keeps every part (530 KB more in the headless bundle, 6 MB more
          // idle RSS; issue 21); `import * as z` lets it keep only the parts used.
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "import * as z from 'zod': a bundler then keeps only the parts used",
        },
      ],
    },
  },
  {
    // Tests poke at payloads field by field; `any` keeps that readable.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Small functions with one idea each: a longer one is a sign that a step wants its own name.
    files: ['main/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, IIFEs: true }] },
  },
  {
    // The window's components too: markup takes room, so up to about 120 lines (blank lines and
    // comments not counted); past that, a part of the view wants a component of its own.
    files: ['renderer/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Every folder of main/ (and any file at its root) but the Electron glue: no Electron. The
    // blocks below narrow each layer further (a later block's list replaces this one).
    files: ['main/**'],
    ignores: ['main/electron/**'],
    rules: layer(['electron', 'electron/*'], 'only main/electron/ talks to Electron.'),
  },
  {
    files: APP,
    rules: layer(
      ['electron', 'electron/*', '**/electron/**', '**/headless/**', '**/hosts/**'],
      'the app object is shared by both hosts: it takes their ports, never imports them.',
    ),
  },
  {
    files: ['shared/**'],
    rules: layer(
      ['electron', 'electron/*', 'express', ...nodeBuiltins, '**/main/**', '**/renderer/**'],
      'shared/ holds pure schemas and helpers: zod only.',
    ),
  },
  {
    files: CORE,
    rules: layer(
      [
        'electron',
        'electron/*',
        'express',
        'electron-store',
        ...nodeBuiltins,
        '**/adapters/**',
        '**/app/**',
        '**/electron/**',
        '**/headless/**',
        '**/hosts/**',
      ],
      'main/core/ decides; I/O goes through ports implemented in main/adapters/, and the app object composes it, never the other way round.',
    ),
  },
  {
    files: ADAPTERS,
    rules: layer(
      ['electron', 'electron/*', '**/electron/**', '**/headless/**', '**/app/**', '**/hosts/**'],
      "adapters do I/O without Electron APIs, behind the core's ports (main/core/plug-ins.ts), never the app object.",
    ),
  },
  {
    // What both hosts share (the popup buttons' runner, the popups' health): over the app object,
    // without either host.
    files: ['main/hosts/**'],
    rules: layer(
      ['electron', 'electron/*', '**/electron/**', '**/headless/**', '**/app/**'],
      'main/hosts/ holds what both hosts use (the app through its one entry, main/app/index.ts); each host imports it, never the other way round.',
    ),
  },
  {
    files: ['main/headless/**'],
    rules: layer(
      ['electron', 'electron/*', '**/electron/**', '**/app/**'],
      'headless mode runs the core without Electron, and the app through its one entry (main/app/index.ts).',
    ),
  },
  {
    // Each host stands on the app object and main/hosts; neither host imports the other.
    files: ['main/electron/**'],
    rules: layer(
      ['**/headless/**', '**/app/**'],
      'the desktop host never imports headless mode, and reaches the app through its one entry (main/app/index.ts).',
    ),
  },
  {
    // The benches measure the app in plain Node: no Electron, no host of it, no window.
    files: ['bench/**'],
    rules: layer(
      ['electron', 'electron/*', '**/main/electron/**', '**/renderer/**'],
      'a bench runs the app in plain Node, without Electron or the window.',
    ),
  },
  {
    // Build, release and check scripts run in plain Node. They may read constants of main/ (a
    // file name, an id the installer must carry), never run the app's decisions or its window.
    files: ['tools/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'tools run in plain Node, without Electron.' }],
          patterns: [
            {
              group: [
                '**/main/core/**',
                '**/main/features/**',
                '**/main/app/**',
                '**/renderer/src/**',
              ],
              message: 'tools build, package and check the app; they never run its decisions.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**'],
    ignores: ['renderer/preload/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...layer(
        ['electron', 'electron/*', ...nodeBuiltins, '**/main/**'],
        'the window talks to main only through the preload API.',
      ),
      'no-restricted-globals': ['error', ...confusingBrowserGlobals],
    },
  },
  {
    files: ['renderer/preload/**'],
    rules: layer([...nodeBuiltins, '**/main/**'], 'the preload exposes the IPC contract only.'),
  },
);
