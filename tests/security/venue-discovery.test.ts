// Desks finding each other on the venue network by mDNS: two desks, each in its own network namespace on one bridge
// (as two laptops on the staff network; never another machine), each with its hub open to the network: the one
// looking lists the other by the name it gave itself, its hub's address and its fingerprint, and not itself. Skips, saying why, where
// namespaces cannot be made.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { desksOnABridge, whyNoNamespaces } from '../support/desk-namespaces'

const why = whyNoNamespaces()
const script = (folder: string) =>
  desksOnABridge(
    89,
    ['host', 'finder'].map((role) => `node --import tsx tests/security/venue-discovery-scenario.ts ${role} ${folder}`),
  )

describe.skipIf(why !== '')(`desks on the venue network${why ? ` (skipped: ${why})` : ''}`, () => {
  it('find each other by mDNS, under the names they gave themselves, each leaving itself out', () => {
    const folder = mkdtempSync(join(tmpdir(), 'matchdesk-discovery-'))
    try {
      const run = spawnSync('unshare', ['-rn', 'sh', '-c', script(folder)], { encoding: 'utf8', timeout: 90_000 })
      expect(run.stderr.split('\n').filter((line) => /Error/.test(line))).toEqual([])
      expect(existsSync(join(folder, 'found.json'))).toBe(true)
      const { host, fingerprint, own, found } = JSON.parse(readFileSync(join(folder, 'found.json'), 'utf8')) as {
        host: string
        fingerprint: string
        own: string
        found: { name: string; address: string }[]
      }
      expect(host).toMatch(/^http:\/\/10\.89\.0\.1:\d+$/)
      expect(own).toMatch(/^http:\/\/10\.89\.0\.2:\d+$/)
      // Listed with the fingerprint the host shows beside a desk's code.
      expect(fingerprint).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)
      expect(found).toEqual([{ name: 'Main stage desk', address: host, fingerprint, sameName: false }])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
