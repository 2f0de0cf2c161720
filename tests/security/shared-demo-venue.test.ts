// Several desks on one Demo venue, as a person trying Matchdesk's venue wing first would set it up: the sandbox on the
// staff network (`npm run sandbox -- --host`), three desks each in its own network namespace on one bridge, each
// connected to that one service, desk 1 hosting the venue. A check-in at one desk reaches the one service once and
// every desk's list with one time and one place; stations made at one desk are numbered the same at another; a call
// made there rings the host's doors; a result from the service frees a station and every audit log says automatic;
// the floor's desk says before pairing that a door would be refused there, and a door whose desk lost the right is
// refused in its own words; every desk says which desk hosts; the hosting handed to another desk moves all three, with
// no third host on the way; that host stopped dead, the other two elect one of them. Skips, saying why, where
// namespaces cannot be made.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { whyNoNamespaces } from '../support/desk-namespaces'
import { runSharedDemo } from '../support/shared-demo-desks'

const why = whyNoNamespaces()
const NET = 88

describe.skipIf(why !== '')(`three desks on one shared Demo venue${why ? ` (skipped: ${why})` : ''}`, () => {
  it('is one venue: one check-in written once and shown alike, one floor, one host, a clean handover and failover', () => {
    const folder = mkdtempSync(join(tmpdir(), 'matchdesk-shared-demo-'))
    try {
      const { done, read } = runSharedDemo(folder, NET)
      // A desk that failed says where (its stack, in the message).
      expect(
        done.stderr.split('\n').filter((line) => /Error/.test(line)),
        done.stderr.slice(-4000),
      ).toEqual([])
      type Seen = { ms: number; checkedInAt: string; place: string }
      const seen = [1, 2, 3].map((n) => read<Seen>(`seen-${n}.json`))
      expect(seen.every(Boolean)).toBe(true)
      // One time and one place on every desk: the venue's.
      expect(new Set(seen.map((s) => `${s!.checkedInAt} ${s!.place}`)).size).toBe(1)
      // Written to the one service once, by one desk.
      expect(read<{ patches: number }>('service.json')).toEqual({ patches: 1 })
      expect(read<[number, string][]>('stations.json')).toEqual([
        [1, 'Station 1'],
        [2, 'Station 2'],
        [3, 'Station 3'],
        [4, 'Station 4'],
      ])
      // A call made at the floor's desk rang the host's doors.
      expect(read<{ ms: number }>('rang.json')).toBeTruthy()
      // The match's result freed station 1: on every desk's audit log automatic with its cause, no person credited;
      // the call credited to Ana, who pressed it.
      for (const n of [1, 2, 3]) {
        const audit = read<{ operator: string; automatic: boolean; what: string }[]>(`audit-${n}.json`)!
        expect(audit.filter((e) => e.what.startsWith('Freed'))).toEqual([
          {
            operator: '',
            automatic: true,
            what: expect.stringMatching(/\(automatic: the service’s results and matches changed\)$/),
          },
        ])
        expect(audit.filter((e) => e.what.startsWith('Called'))).toEqual([
          expect.objectContaining({ operator: 'Ana', automatic: false }),
        ])
      }
      // A door whose desk was made the producer's: refused in its own words at that desk and at the host.
      expect(read<{ status: number; outcome: string; message: string }[]>('door-scans.json')).toEqual([
        expect.objectContaining({
          status: 200,
          outcome: 'refused',
          message: expect.stringContaining('may not check people in'),
        }),
        expect.objectContaining({
          status: 200,
          outcome: 'refused',
          message: expect.stringContaining('may not check people in'),
        }),
      ])
      // Every desk says when the door was last seen (at the host, where desk 3 never saw it); the host heard both
      // desks after pairing them.
      for (const n of [1, 2, 3]) expect(read<{ door: number }>(`last-seen-${n}.json`)).toBeTruthy()
      expect(read<{ desks: number }>('last-seen-1.json')!.desks).toBe(2)
      // One name per desk in every audit log: three desks, three names, the same on every desk.
      const auditDesks = [1, 2, 3].map((n) => read<string[]>(`audit-desks-${n}.json`)!)
      expect(new Set(auditDesks.flat()).size).toBe(3)
      // The floor's desk said before pairing that a door paired there would be refused.
      expect(read<{ door: string }>('refusal-3.json')!.door).toMatch(/role is floor: check-ins take the door lead role/)
      // Every desk says the same desk hosts; the host says two desks joined.
      const words = [1, 2, 3].map((n) => read<{ role: string; joined: number; host: string }>(`words-${n}.json`)!)
      expect(words.map((w) => w.role)).toEqual(['host', 'member', 'member'])
      expect(words[0]!.joined).toBe(2)
      expect(new Set(words.map((w) => w.host)).size).toBe(1)
      // The hosting handed to desk 2: all three with it, no desk hosting or syncing with a third host on the way.
      const handover = [1, 2, 3].map((n) => read<{ ms: number; strays: string[] }>(`handover-${n}.json`)!)
      expect(handover.flatMap((h) => h.strays)).toEqual([])
      // The host stopped dead: desk 1 hosts desk 3 again, elected (automatic), no third host on the way.
      const failover = [1, 3].map((n) =>
        read<{ ms: number; strays: string[]; elected: { operator: string; automatic: boolean; what: string } }>(
          `failover-${n}.json`,
        )!,
      )
      expect(failover.flatMap((f) => f.strays)).toEqual([])
      for (const f of failover)
        expect(f.elected).toEqual({
          operator: '',
          automatic: true,
          what: 'Hosts the venue now (automatic: elected when its host was gone)',
        })
      console.log(
        JSON.stringify({
          checkin_on_every_desk_ms: seen.map((s) => s!.ms),
          call_rang_host_door_ms: read<{ ms: number }>('rang.json')!.ms,
          handover_settled_ms: handover.map((h) => h.ms),
          failover_settled_ms: failover.map((f) => f.ms),
        }),
      )
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }, 160_000)
})
