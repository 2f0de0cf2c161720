import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ELECTRON_VERSION, PROJECT_ROOT } from '../support/paths'
import { SOURCE_DIRS, problems, scan, unexplainedSuppressions } from './electronegativity'

const UNSAFE_WINDOW = `const { BrowserWindow } = require('electron')
const window = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } })
window.loadURL('https://example.com/')
`

let probeRoot: string
async function probe(name: string, source: string): Promise<string> {
  await mkdir(join(probeRoot, name), { recursive: true })
  await writeFile(join(probeRoot, name, 'main.js'), source)
  return name
}

beforeAll(async () => {
  probeRoot = await mkdtemp(join(tmpdir(), 'matchdesk-eng-probe-'))
})
afterAll(async () => rm(probeRoot, { recursive: true, force: true }))

describe('electronegativity', () => {
  it(
    'finds no HIGH issue, no unreadable file and no unexplained suppression in the sources',
    { timeout: 60_000 },
    async () => {
      const result = await scan(PROJECT_ROOT, SOURCE_DIRS, ELECTRON_VERSION)
      expect(problems(result, await unexplainedSuppressions(PROJECT_ROOT, SOURCE_DIRS))).toEqual([])
      // The window's code was read: its preload is listed for review, so the checks above looked at it.
      expect(result.findings).toContainEqual(
        expect.objectContaining({
          check: 'PRELOAD_JS_CHECK',
          where: expect.stringMatching(/^electron\/main\/window\.ts:\d+$/),
        }),
      )
    },
  )

  it('fails a window without isolation whose navigation is not limited', { timeout: 60_000 }, async () => {
    const dir = await probe('unsafe', UNSAFE_WINDOW)
    const result = await scan(probeRoot, [dir], ELECTRON_VERSION)
    const blocking = problems(result, [])
    expect(blocking).toContainEqual(expect.stringMatching(/^HIGH CONTEXT_ISOLATION_JS_CHECK at unsafe\/main\.js:2/))
    expect(blocking).toContainEqual(expect.stringMatching(/^HIGH LIMIT_NAVIGATION_GLOBAL_CHECK at \(whole app\)/))
  })

  it('fails when a file cannot be read, since its checks did not run', { timeout: 60_000 }, async () => {
    const dir = await probe('broken', 'const window = {\nfunction (')
    expect(problems(await scan(probeRoot, [dir], ELECTRON_VERSION), [])).toContainEqual(
      expect.stringMatching(/^could not read broken\/main\.js: Unexpected token/),
    )
  })

  it('accepts a suppression only with a reason after "--"', async () => {
    const bare = await probe('bare', `${UNSAFE_WINDOW}// eng-disable CONTEXT_ISOLATION_JS_CHECK\n`)
    const explained = await probe(
      'explained',
      `${UNSAFE_WINDOW}// eng-disable OPEN_EXTERNAL_JS_CHECK -- only https URLs reach it, see isOpenableUrl\n`,
    )
    expect(await unexplainedSuppressions(probeRoot, [bare])).toEqual(['bare/main.js:4'])
    expect(await unexplainedSuppressions(probeRoot, [explained])).toEqual([])
  })
})
