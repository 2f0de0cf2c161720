// Desks finding each other on the venue network by mDNS: two desks, each in its own network namespace on one bridge
// (as two laptops on the staff network; never another machine), each with its hub open to the network: the one
// looking lists the other by the name it gave itself and its hub's address, and not itself. Skips, saying why, where
// namespaces cannot be made.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const probe = spawnSync('unshare', ['-rn', 'ip', 'link', 'add', 'br0', 'type', 'bridge'], { encoding: 'utf8' })
const why = probe.error ? String(probe.error) : probe.status !== 0 ? probe.stderr.trim() : ''

/** The bridge, and each desk in a namespace of its own on it (10.89.0.N), started once its end of the pair is there. */
function script(folder: string): string {
  const desk = (n: number, role: string) =>
    [
      `unshare -n sh -c 'while ! ip link show d${n} >/dev/null 2>&1; do sleep 0.05; done;`,
      `ip link set lo up; ip addr add 10.89.0.${n}/24 dev d${n}; ip link set d${n} up;`,
      `ip route add default via 10.89.0.254;`,
      `exec node --import tsx tests/security/venue-discovery-scenario.ts ${role} ${folder}' &`,
      `pid=$!; ip link add h${n} type veth peer name d${n}; ip link set h${n} master br0; ip link set h${n} up;`,
      `ip link set d${n} netns $pid; pids="$pids $pid";`,
    ].join(' ')
  return [
    'set -e',
    'ip link set lo up',
    'ip link add br0 type bridge',
    'ip addr add 10.89.0.254/24 dev br0',
    'ip link set br0 up',
    'pids=""',
    desk(1, 'host'),
    desk(2, 'finder'),
    'for pid in $pids; do wait $pid; done',
  ].join('\n')
}

describe.skipIf(why !== '')(`desks on the venue network${why ? ` (skipped: ${why})` : ''}`, () => {
  it('find each other by mDNS, under the names they gave themselves, each leaving itself out', () => {
    const folder = mkdtempSync(join(tmpdir(), 'matchdesk-discovery-'))
    try {
      const run = spawnSync('unshare', ['-rn', 'sh', '-c', script(folder)], { encoding: 'utf8', timeout: 90_000 })
      expect(run.stderr.split('\n').filter((line) => /Error/.test(line))).toEqual([])
      expect(existsSync(join(folder, 'found.json'))).toBe(true)
      const { host, own, found } = JSON.parse(readFileSync(join(folder, 'found.json'), 'utf8')) as {
        host: string
        own: string
        found: { name: string; address: string }[]
      }
      expect(host).toMatch(/^http:\/\/10\.89\.0\.1:\d+$/)
      expect(own).toMatch(/^http:\/\/10\.89\.0\.2:\d+$/)
      expect(found).toEqual([{ name: 'Main stage desk', address: host }])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
