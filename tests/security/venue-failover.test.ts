// No single desk takes the venue down: three desks, each in its own network namespace on one bridge (as three laptops
// on the staff network; never another machine), desk 1 hosting. Killed with SIGKILL mid-show, the two left are one
// venue again within 10 s, one hosting and the other syncing with it, their copies agreeing. Cut off from the others
// for 12 s, the host does not go on hosting a minority (no two hosts at once): the two others choose one of them, and
// once the link is back all three sync with that one. Skips, saying why, where namespaces cannot be made.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { desksOnABridge, whyNoNamespaces } from '../support/desk-namespaces'

const why = whyNoNamespaces()
const desks = (net: number, folder: string, mode: 'kill' | 'cut', extra: string[] = []) =>
  desksOnABridge(
    net,
    // Desk 1 may end killed: the script waits for it as for the others.
    [1, 2, 3].map(
      (n) => `sh -c "node --import tsx tests/security/venue-failover-scenario.ts ${n} ${folder} ${mode} || true"`,
    ),
    extra,
  )
/** Runs the three desks; answers a file each wrote, read as JSON. */
function run(net: number, mode: 'kill' | 'cut', extra: (folder: string) => string[] = () => []) {
  const folder = mkdtempSync(join(tmpdir(), `matchdesk-failover-${mode}-`))
  const done = spawnSync('unshare', ['-rn', 'sh', '-c', desks(net, folder, mode, extra(folder))], {
    encoding: 'utf8',
    timeout: 150_000,
  })
  const read = <T>(name: string): T | undefined =>
    existsSync(join(folder, name)) ? (JSON.parse(readFileSync(join(folder, name), 'utf8')) as T) : undefined
  return { folder, done, read, close: () => rmSync(folder, { recursive: true, force: true }) }
}

describe.skipIf(why !== '')(`a venue of three desks on one network${why ? ` (skipped: ${why})` : ''}`, () => {
  it('goes on when the hosting desk is killed mid-show: the two left are one venue again within 10 s', () => {
    const { done, read, close } = run(86, 'kill')
    try {
      expect(done.stderr.split('\n').filter((line) => /Error/.test(line))).toEqual([])
      type Back = { backMs: number; syncsWith: string }
      const [two, three] = [read<Back>('back-2.json'), read<Back>('back-3.json')]
      expect(two && three).toBeTruthy()
      // One desk of the two hosts, the other syncs with it.
      expect(two!.syncsWith).toBe(three!.syncsWith)
      expect(two!.syncsWith).toMatch(/^http:\/\/10\.86\.0\.[23]:\d+$/)
      expect(Math.max(two!.backMs, three!.backMs)).toBeLessThanOrEqual(10_000)
      console.log(JSON.stringify({ killed_host_back_ms: [two!.backMs, three!.backMs] }))
      const said = [read<{ onAir: string | null }>('said-2.json'), read<{ onAir: string | null }>('said-3.json')]
      expect(said[0]!.onAir).not.toBeNull()
      expect(said[0]).toEqual(said[1])
    } finally {
      close()
    }
  }, 160_000)

  it('never hosts twice when the network is cut in two, and is one venue again once it heals', () => {
    const { done, read, close } = run(87, 'cut', (folder) => [
      `(while [ ! -f ${folder}/cut ]; do sleep 0.1; done; ip link set h1 down; sleep 12; ip link set h1 up;` +
        ` date +%s%3N > ${folder}/healed.tmp; mv ${folder}/healed.tmp ${folder}/healed) &`,
    ])
    try {
      expect(done.stderr.split('\n').filter((line) => /Error/.test(line))).toEqual([])
      type Timeline = { own: string; samples: { at: number; role: string; syncsWith: string | null }[] }
      const lines = [1, 2, 3].map((n) => read<Timeline>(`timeline-${n}.json`)!)
      expect(lines.every(Boolean)).toBe(true)
      const cut = lines[0]!.samples[0]!.at
      // At no moment do two desks host desks at once.
      for (const sample of lines.flatMap((line) => line.samples.filter((s) => s.role === 'host'))) {
        const hostsThen = lines.filter((line) =>
          line.samples.some((s) => s.role === 'host' && Math.abs(s.at - sample.at) < 100),
        )
        expect(hostsThen.length).toBeLessThanOrEqual(1)
      }
      // The two on the larger side choose one host between them while the cut lasts.
      const during = (line: Timeline) => line.samples.filter((s) => s.at > cut + 9_000 && s.at < cut + 12_000)
      const chosen = during(lines[1]!).at(-1)?.syncsWith
      expect(chosen).toMatch(/^http:\/\/10\.87\.0\.[23]:\d+$/)
      expect(during(lines[2]!).at(-1)?.syncsWith).toBe(chosen)
      // Desk 1, alone, syncs with no one then: it stepped down.
      expect(during(lines[0]!).at(-1)?.syncsWith ?? null).toBeNull()
      // Healed, all three sync with the one the larger side chose (a link starting again for a moment under load is no
      // other host: a desk says no one then), and none with any other.
      const healed = lines[0]!.samples.at(-1)!.at - 15_000
      const after = lines.map((line) => line.samples.filter((s) => s.at > healed))
      const lastSeconds = after.map((samples) => samples.slice(-10).map((s) => `${s.role}:${s.syncsWith ?? '-'}`))
      for (const samples of after)
        expect(
          samples.filter((s) => s.syncsWith !== null && s.syncsWith !== chosen),
          JSON.stringify(lastSeconds),
        ).toEqual([])
      const allThere = (at: number) =>
        after.every((samples) => samples.some((s) => Math.abs(s.at - at) < 300 && s.syncsWith === chosen))
      expect(
        after[0]!.some((sample) => allThere(sample.at)),
        JSON.stringify(lastSeconds),
      ).toBe(true)
    } finally {
      close()
    }
  }, 160_000)
})
