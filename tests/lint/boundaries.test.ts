// The process boundaries of DESIGN.md are enforced by lint: the renderer and shared/ cannot reach Node or Electron.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../support/paths'

// The probe files do not exist on disk; the type-aware parser is told to accept them as they are.
const PROBES = ['renderer/src/lib/lint-probe.ts', 'shared/api/lint-probe.ts']
const eslint = new ESLint({
  cwd: PROJECT_ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: { allowDefaultProject: PROBES } } } },
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
    expect(await restrictedImports("import '../../renderer/src/lib/ipc'\n", PROBES[1]!)).toHaveLength(1)
    expect(await restrictedImports("import '../../sandbox/index'\n", PROBES[1]!)).toHaveLength(1)
    expect(await restrictedImports("import 'node:path'\n", PROBES[1]!)).toHaveLength(1)
  })

  it('the renderer may import shared/ and its own modules', async () => {
    const code =
      "import { LIMITS } from '../../../shared/api/limits'\nimport { invoke } from './ipc'\nexport const x = [LIMITS, invoke]\n"
    expect(await restrictedImports(code, PROBES[0]!)).toEqual([])
  })
})
