// The boundaries of docs/ARCHITECTURE.md are enforced by lint: processes and layers import only what they may.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../support/paths'

// The probe files do not exist on disk; the type-aware parser is told to accept them as they are.
const PROBES = [
  'renderer/src/lib/lint-probe.ts',
  'shared/api/lint-probe.ts',
  'electron/main/services/lint-probe.ts',
  'electron/preload/lint-probe.ts',
  'electron/web/lint-probe.ts',
]
/**
 * The layers of main, top first, as docs/ARCHITECTURE.md draws them; each gets a probe file of its own. Written here
 * again on purpose, not imported from eslint.config.js: this is what the config is checked against.
 */
const LAYERS = [
  ['ipc'],
  ['hub'],
  ['broadcast', 'floor', 'devices'],
  ['services'],
  ['venue'],
  ['sync', 'store', 'auth', 'profiles'],
  ['db', 'api', 'secrets', 'local-server', 'obs'],
]
const LAYER_PROBES = LAYERS.flat().map((folder) => `electron/main/${folder}/layer-probe.ts`)
const SMALL_MODULE_PROBE = 'electron/main/layer-probe.ts'
const eslint = new ESLint({
  cwd: PROJECT_ROOT,
  overrideConfig: {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            ...PROBES,
            'electron/main/*/layer-probe.ts',
            SMALL_MODULE_PROBE,
            'renderer/src/lib/*/layer-probe.ts',
          ],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 40,
        },
      },
    },
  },
})

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  expect(result!.messages.filter((m) => m.fatal)).toEqual([])
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('import boundaries', () => {
  it('a renderer file importing node:fs fails lint', async () => {
    const messages = await restrictedImports(
      "import { readFileSync } from 'node:fs'\nexport const x = readFileSync\n",
      PROBES[0]!,
    )
    expect(messages.join()).toMatch(/Node modules are not available here/)
  })

  it('a renderer file importing electron or main-process code fails lint', async () => {
    const electronImport = "import { shell } from 'electron'\nexport const s = shell\n"
    expect((await restrictedImports(electronImport, PROBES[0]!)).join()).toMatch(
      /Only the main process and the preload/,
    )
    expect((await restrictedImports("import 'fs'\n", PROBES[0]!)).join()).toMatch(/Node modules are not available here/)
    const mainImport = "import { AppError } from '../../../electron/main/app-error'\nexport const e = AppError\n"
    expect((await restrictedImports(mainImport, PROBES[0]!)).join()).toMatch(/only through the IPC contract/)
  })

  it('shared/ may not import the renderer, the sandbox or Node', async () => {
    expect(await restrictedImports("import '../../renderer/src/lib/ipc/ipc'\n", PROBES[1]!)).toHaveLength(1)
    expect(await restrictedImports("import '../../sandbox/index'\n", PROBES[1]!)).toHaveLength(1)
    expect(await restrictedImports("import 'node:path'\n", PROBES[1]!)).toHaveLength(1)
  })

  it('the renderer may import shared/ and its own modules', async () => {
    const code =
      "import { LIMITS } from '../../../shared/api/limits'\nimport { contrast } from './contrast'\nexport const x = [LIMITS, contrast]\n"
    expect(await restrictedImports(code, PROBES[0]!)).toEqual([])
  })

  it('the renderer’s lib points one way: desks → actions → ipc → the pure helpers, all below the views', async () => {
    const probe = (folder: string) => `renderer/src/lib/${folder}/layer-probe.ts`
    const importing = (from: string) => `import * as m from '${from}'\nexport const x = m\n`
    // Down is allowed.
    expect(await restrictedImports(importing('../ipc/ipc'), probe('desks'))).toEqual([])
    expect(await restrictedImports(importing('../actions/clipboard'), probe('desks'))).toEqual([])
    expect(await restrictedImports(importing('../ipc/notices.svelte'), probe('actions'))).toEqual([])
    expect(await restrictedImports(importing('../forms'), probe('ipc'))).toEqual([])
    // Up, or sideways within a layer, is not.
    expect((await restrictedImports(importing('../desks/sync.svelte'), probe('ipc'))).join()).toMatch(/lib\/ipc\//)
    expect((await restrictedImports(importing('../desks/sync.svelte'), probe('actions'))).join()).toMatch(/one way/)
    expect((await restrictedImports(importing('../actions/clipboard'), probe('ipc'))).join()).toMatch(/one way/)
    expect((await restrictedImports(importing('./ipc/ipc'), PROBES[0]!)).join()).toMatch(/pure/)
    expect((await restrictedImports(importing('./desks/theme.svelte'), PROBES[0]!)).join()).toMatch(/pure/)
    expect((await restrictedImports(importing('../../views/SyncView.svelte'), probe('desks'))).join()).toMatch(
      /below the views/,
    )
  })

  it('main and web mode may not import renderer code', async () => {
    const code = "import { invoke } from '../../../renderer/src/lib/ipc'\nexport const x = invoke\n"
    expect((await restrictedImports(code, PROBES[2]!)).join()).toMatch(/another process/)
    const fromWeb = "import { invoke } from '../../renderer/src/lib/ipc/ipc'\nexport const x = invoke\n"
    expect((await restrictedImports(fromWeb, PROBES[4]!)).join()).toMatch(/another process/)
  })

  it('a service may not import the IPC layer above it', async () => {
    const code = "import { createDispatch } from '../ipc/dispatch'\nexport const x = createDispatch\n"
    expect((await restrictedImports(code, PROBES[2]!)).join()).toMatch(/Layers point one way/)
    const shared = "import { SyncStatus } from '../../../shared/ipc/sync'\nexport const x = SyncStatus\n"
    expect(await restrictedImports(shared, PROBES[2]!)).toEqual([])
  })

  it('the preload imports only the channel names’ shape', async () => {
    const channels = "import { isChannelName } from '../../shared/ipc/channels'\nexport const x = isChannelName\n"
    expect(await restrictedImports(channels, PROBES[3]!)).toEqual([])
    const contract = "import { contract } from '../../shared/ipc/contract'\nexport const x = contract\n"
    expect((await restrictedImports(contract, PROBES[3]!)).join()).toMatch(/only shared\/ipc\/channels/)
    const api = "import { LIMITS } from '../../shared/api/limits'\nexport const x = LIMITS\n"
    expect(await restrictedImports(api, PROBES[3]!)).toHaveLength(1)
    const main = "import { AppError } from '../main/app-error'\nexport const x = AppError\n"
    expect(await restrictedImports(main, PROBES[3]!)).toHaveLength(1)
    const renderer = "import { invoke } from '../../renderer/src/lib/ipc/ipc'\nexport const x = invoke\n"
    expect((await restrictedImports(renderer, PROBES[3]!)).join()).toMatch(/another process/)
    expect((await restrictedImports("import 'node:fs'\n", PROBES[3]!)).join()).toMatch(/Node modules/)
  })

  it('every folder of main imports only the layers below it, and the small modules import no folder', async () => {
    const judged: string[] = []
    for (const [index, layer] of LAYERS.entries()) {
      for (const folder of layer) {
        const probe = `electron/main/${folder}/layer-probe.ts`
        const forbidden = LAYERS.slice(0, index + 1)
          .flat()
          .filter((other) => other !== folder)
        for (const other of forbidden) {
          const refused = await restrictedImports(`import '../${other}/anything'\n`, probe)
          judged.push(
            `${folder} -> ${other}: ${refused.some((m) => /Layers point one way/.test(m)) ? 'refused' : 'allowed'}`,
          )
        }
        for (const below of LAYERS.slice(index + 1).flat()) {
          const allowed = await restrictedImports(`import '../${below}/anything'\n`, probe)
          judged.push(`${folder} -> ${below}: ${allowed.length === 0 ? 'allowed' : 'refused'}`)
        }
      }
    }
    const wrong = judged.filter((line) => {
      const [pair, verdict] = line.split(': ')
      const [from, to] = pair!.split(' -> ')
      const rank = (folder: string) => LAYERS.findIndex((layer) => layer.includes(folder))
      const mayImport = rank(to!) > rank(from!)
      return (verdict === 'allowed') !== mayImport
    })
    expect(wrong).toEqual([])
    expect(judged.length).toBe(LAYERS.flat().length * (LAYERS.flat().length - 1))
    expect(LAYER_PROBES).toHaveLength(LAYERS.flat().length)
    for (const folder of LAYERS.flat())
      expect(await restrictedImports(`import './${folder}/anything'\n`, SMALL_MODULE_PROBE)).toHaveLength(1)
  }, 60_000)
})
