// Three desks on one shared Demo venue, each in its own network namespace (as three laptops on the staff network) with
// the sandbox on the bridge (issue 60): each round runs the whole scenario of `shared-demo-venue.test.ts` on fresh
// desks — a check-in reaching every desk's list, a call ringing the host's doors, the hosting handed to another desk
// (every desk sampling whom it syncs with every 20 ms), then that host stopped dead and the other two electing one of
// them — and takes its figures. ROUNDS rounds (default 5) on the quiet machine, then as many with CPU burners beside
// the desks. Needs unprivileged user namespaces (`unshare -rn`); says why when it cannot make them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { whyNoNamespaces } from '../tests/support/desk-namespaces'
import { runSharedDemo } from '../tests/support/shared-demo-desks'
import { burnCpu } from './support/cpu-burner'
import { percentile, report, round } from './support/stats'

const ROUNDS = Number(process.env['ROUNDS'] ?? 5)
const NET = 89

type Timed = { ms: number; strays?: string[] }

/** One run of the three desks: every figure it took, or what went wrong. */
function oneRound(): { checkin: number[]; call: number; handover: number[]; failover: number[]; strays: number } {
  const folder = mkdtempSync(join(tmpdir(), 'matchdesk-bench-shared-demo-'))
  try {
    const { done, read } = runSharedDemo(folder, NET)
    const all = <T>(names: string[]) => names.map((name) => read<T>(name))
    const checkin = all<Timed>([1, 2, 3].map((n) => `seen-${n}.json`))
    const handover = all<Timed>([1, 2, 3].map((n) => `handover-${n}.json`))
    const failover = all<Timed>([1, 3].map((n) => `failover-${n}.json`))
    const rang = read<Timed>('rang.json')
    const found = [...checkin, ...handover, ...failover, rang]
    if (found.some((figure) => !figure)) throw new Error(`a desk did not finish:\n${done.stderr.slice(-2000)}`)
    return {
      checkin: checkin.map((s) => s!.ms),
      call: rang!.ms,
      // Each handover and failover is over when its last desk settled.
      handover: [Math.max(...handover.map((h) => h!.ms))],
      failover: [Math.max(...failover.map((f) => f!.ms))],
      strays: [...handover, ...failover].reduce((sum, timed) => sum + timed!.strays!.length, 0),
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

function rounds() {
  const runs = Array.from({ length: ROUNDS }, oneRound)
  const figures = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return { p50_ms: round(percentile(sorted, 50), 0), p99_ms: round(percentile(sorted, 99), 0), max_ms: sorted.at(-1) }
  }
  return {
    checkin_on_every_desk: figures(runs.flatMap((r) => r.checkin)),
    call_rings_host_door: figures(runs.map((r) => r.call)),
    handover_all_three: figures(runs.flatMap((r) => r.handover)),
    failover_new_host_and_member: figures(runs.flatMap((r) => r.failover)),
    samples_with_a_third_host: runs.reduce((sum, r) => sum + r.strays, 0),
  }
}

const why = whyNoNamespaces()
if (why) {
  report({ skipped: `network namespaces cannot be made here: ${why}` })
} else {
  const quiet = rounds()
  const burner = burnCpu()
  try {
    const loaded = rounds()
    report({
      desks: 3,
      rounds: ROUNDS,
      quiet_machine: quiet,
      loaded_machine: { ...loaded, cpu_burners: burner.count, load_average_1m: burner.load() },
    })
  } finally {
    burner.stop()
  }
}
