// Lint rules, including the process boundaries of DESIGN.md: the renderer and shared/ may not reach Node or Electron.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import { builtinModules } from 'node:module'

const nodeMessage = 'Node modules are not available here: ask main through the IPC contract.'
const nodeBuiltinPaths = builtinModules.map((name) => ({ name, message: nodeMessage }))
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
    rules: { 'no-restricted-imports': ['error', { paths: nodeBuiltinPaths, patterns: noElectronOrNode }] },
  },
  {
    files: ['shared/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths,
          patterns: [
            ...noElectronOrNode,
            { group: ['**/renderer/**', '**/sandbox/**'], message: 'shared/ holds only what both sides import.' },
          ],
        },
      ],
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed any.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
)
