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
/**
 * The layers of the main process, top first (docs/ARCHITECTURE.md): a folder may import folders of the layers below
 * its own, never one of its own layer or above. index.ts and composition.ts wire them all; the small modules beside
 * them (app-error.ts, clock.ts, event-bus.ts, …) import no folder at all.
 */
const MAIN_LAYERS = [
  ['ipc'],
  ['hub'],
  ['broadcast', 'floor', 'devices'],
  ['services'],
  ['venue'],
  ['sync', 'store', 'auth', 'profiles'],
  ['db', 'api', 'secrets', 'local-server', 'obs'],
]
const MAIN_FOLDERS = MAIN_LAYERS.flat()
/** The import specifiers that reach a folder of main from a file one or two folders deep in it. */
const reaching = (folder) => [`./${folder}`, `./${folder}/*`, `../${folder}`, `../${folder}/*`, `../../${folder}/*`]
const layerRules = () =>
  MAIN_LAYERS.flatMap((layer, index) => {
    const above = MAIN_LAYERS.slice(0, index + 1).flat()
    const below = MAIN_LAYERS.slice(index + 1).flat()
    return layer.map((folder) => {
      const forbidden = above.filter((other) => other !== folder).flatMap(reaching)
      const message = `Layers point one way: ${folder}/ may import only the layers below it (${below.join(', ')}).`
      return restrict(
        [`electron/main/${folder}/**`],
        [noRenderer, ...(forbidden.length ? [{ group: forbidden, message }] : [])],
      )
    })
  })
/**
 * The renderer's lib, top first: desks/ (rune state classes) → actions/ (what a button or an element does) → ipc/
 * (the page's talk with main: calls, writes, kept lists, main's notices) → the pure helpers at lib/'s root, which
 * import none of them. Views and components sit above all of lib.
 */
const RENDERER_LIB_LAYERS = [['desks'], ['actions'], ['ipc']]
const noViews = {
  group: ['../views/*', '../components/*', '../../views/*', '../../components/*'],
  message: 'lib/ sits below the views and components: they import it, never the other way.',
}
const rendererLibRules = () => [
  ...RENDERER_LIB_LAYERS.flatMap((layer, index) => {
    const above = RENDERER_LIB_LAYERS.slice(0, index + 1).flat()
    const below = [...RENDERER_LIB_LAYERS.slice(index + 1).flat(), 'the helpers at lib/']
    return layer.map((folder) => {
      const forbidden = above.filter((other) => other !== folder).flatMap((other) => [`../${other}`, `../${other}/*`])
      const message = `Layers point one way: lib/${folder}/ may import only ${below.join(', ')}.`
      const layered = forbidden.length ? [{ group: forbidden, message }] : []
      return restrict([`renderer/src/lib/${folder}/**`], [...noElectronOrNode, noViews, ...layered], {
        paths: nodeBuiltinPaths,
      })
    })
  }),
  restrict(
    ['renderer/src/lib/*.ts'],
    [
      ...noElectronOrNode,
      noViews,
      {
        group: RENDERER_LIB_LAYERS.flat().flatMap((folder) => [`./${folder}`, `./${folder}/*`]),
        message: 'A helper at lib/ is pure: it imports no desk, action or IPC.',
      },
    ],
    { paths: nodeBuiltinPaths },
  ),
]
const noElectronOrNode = [
  { group: ['electron', 'electron/*'], message: 'Only the main process and the preload may use Electron.' },
  { group: ['node:*'], message: nodeMessage },
  { group: ['**/electron/**', '**/electron'], message: 'Import main-process code only through the IPC contract.' },
]

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'bench/results/**',
      'test-results/**',
      'release/**',
      'companion-module/{dist,pkg,node_modules}/**',
    ],
  },
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
  ...rendererLibRules(),
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
  // The preload exposes names shaped as the contract's channels and nothing else.
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
  // Layers point one way: each folder of main imports only the layers below it.
  ...layerRules(),
  restrict(
    ['electron/main/*.ts'],
    [
      noRenderer,
      {
        group: MAIN_FOLDERS.flatMap(reaching),
        message: 'A small shared module of main imports no folder of main: only index.ts and composition.ts wire them.',
      },
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
