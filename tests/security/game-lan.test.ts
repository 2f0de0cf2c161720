// A game's observer PC on the venue network: the desk and the observer PC each in its own network namespace on one
// bridge (as two machines on the staff network; never another machine). The desk's config file names its hub's venue
// address; the recorded match the observer PC posts there moves the on-air duel; a wrong token is refused there too.
// Skips, saying why, where namespaces cannot be made.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { desksOnABridge, whyNoNamespaces } from '../support/desk-namespaces'

const why = whyNoNamespaces()
const script = (folder: string) =>
  desksOnABridge(
    87,
    ['desk', 'observer'].map((role) => `node --import tsx tests/security/game-lan-scenario.ts ${role} ${folder}`),
  )

describe.skipIf(why !== '')(`a game’s observer PC on the venue network${why ? ` (skipped: ${why})` : ''}`, () => {
  it('posts to the address its config file names; the on-air duel follows; another token is refused', () => {
    const folder = mkdtempSync(join(tmpdir(), 'matchdesk-game-lan-'))
    try {
      const run = spawnSync('unshare', ['-rn', 'sh', '-c', script(folder)], { encoding: 'utf8', timeout: 120_000 })
      expect(run.stderr.split('\n').filter((line) => /Error/.test(line))).toEqual([])
      expect(existsSync(join(folder, 'on-air.json'))).toBe(true)
      const posted = JSON.parse(readFileSync(join(folder, 'posted.json'), 'utf8')) as {
        uri: string
        statuses: number[]
        refused: number[]
      }
      // The desk's venue address, not this machine's loopback.
      expect(posted.uri).toMatch(/^http:\/\/10\.87\.0\.1:\d+\/game\/v1\/cs2\?token=/)
      expect(new Set(posted.statuses)).toEqual(new Set([200]))
      expect(posted.refused).toEqual([401])
      const game = JSON.parse(readFileSync(join(folder, 'on-air.json'), 'utf8')) as object
      expect(game).toMatchObject({ map: 'Safehouse', rounds: [19, 17], winner: 0 })
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
