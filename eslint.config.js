// Lint rules, including the boundaries of docs/ARCHITECTURE.md: which process and which layer may import what.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import { builtinModules } from 'node:module'

const nodeMessage = 'Node modules are not available here: ask main through the IPC contract.'
const nodeBuiltinPaths = builtinModules.map((name) => ({ name, message: nodeMessage }))
const noRenderer = { group: ['**/renderer/**'], message: 'The renderer is another process: talk to it by IPC.' }
/** One rule block of restricted imports (each block replaces the rule's options for its files, so they add up here). */
const restrict = (files, patterns, { ignores = [], paths = [] } = {}) => ({
  files,
  ignores: ['**/*.test.ts', ...ignores],
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
})
const noElectronOrNode = [
  { group: ['electron', 'electron/*'], message: 'Only the main process and the preload may use Electron.' },
  { group: ['node:*'], message: nodeMessage },
  { group: ['**/electron/**', '**/electron'], message: 'Import main-process code only through the IPC contract.' },
]

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'bench/results/**', 'test-results/**', 'release/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        extraFileExtensions: ['.svelte'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Fastify hooks and IPC handlers are async by contract even when a body has nothing to await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser },
      globals: { ...globals.browser },
    },
  },
  {
    files: ['renderer/src/**'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  restrict(['renderer/src/**'], noElectronOrNode, { paths: nodeBuiltinPaths }),
  restrict(
    ['shared/**'],
    [
      ...noElectronOrNode,
      { group: ['**/renderer/**', '**/sandbox/**'], message: 'shared/ holds only what both sides import.' },
    ],
    { paths: nodeBuiltinPaths },
  ),
  // Main and web mode run in Node: the renderer is another process, reached only through the IPC contract.
  restrict(['electron/**'], [noRenderer]),
  // The preload exposes the contract's channel names and nothing else.
  restrict(
    ['electron/preload/**'],
    [
      noRenderer,
      { group: ['node:*'], message: nodeMessage },
      {
        group: ['**/shared/api', '**/shared/api/**', '**/shared/ipc/*', '!**/shared/ipc/channels', '**/main/**'],
        message: 'The preload imports only shared/ipc/channels: it must stay tiny and know nothing else.',
      },
    ],
    { paths: nodeBuiltinPaths },
  ),
  // Layers point one way: services and what they build on never reach up into the IPC layer that calls them.
  restrict(
    ['electron/main/{services,offline,api,auth,secrets,profiles,local-server,broadcast}/**', 'electron/main/*.ts'],
    [
      noRenderer,
      { group: ['./ipc/*', '../ipc/*', '../../ipc/*'], message: 'A lower layer must not know the IPC layer above it.' },
    ],
    { ignores: ['electron/main/composition.ts', 'electron/main/index.ts'] },
  ),
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed any.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
)
