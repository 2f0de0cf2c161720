// A failure in the background is written down, not lost: a tournament's logo that cannot be downloaded (here its host
// is an internal address, which the download refuses) leaves a warning in the data folder's log, naming the module,
// the tournament and why; and the log is closed with the services.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { demoDesk } from '../../tests/support/demo-desk'
import { dispatchValue } from '../../tests/support/dispatch-value'
import type { MainServices } from './composition'
import { LOG_FILE } from './log'

let services: MainServices | undefined
let dataDir = ''
afterEach(async () => {
  await services?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

it('logs a logo that could not be downloaded, with the reason, in the data folder', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-log-int-'))
  services = await demoDesk(dataDir)
  const value = dispatchValue(() => services!)
  const { store } = services.connections.sandbox
  const tournament = [...store.tournaments.values()].find((t) => t.name === 'Lyon LAN Winter Cup')!
  store.tournaments.get(tournament.id)!.logo = { id: 'logo-1' }
  // The service hands out its logos' addresses on a host of the local network.
  store.filesOrigin = 'http://10.255.255.1'
  await value('broadcast:status', { tournamentId: tournament.id })
  const log = join(dataDir, LOG_FILE)
  const warnings = () =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { level: number; module: string; msg: string; err?: { message: string } })
          .filter((line) => line.level === 40)
      : []
  await expect.poll(() => warnings().length, { timeout: 5000 }).toBeGreaterThan(0)
  expect(warnings()[0]).toMatchObject({
    module: 'tournament-look',
    msg: `the logo download of tournament ${tournament.id} failed`,
    err: { message: expect.stringMatching(/internal|local network|10\.255\.255\.1/i) },
  })
})
