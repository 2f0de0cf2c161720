// Runs the torture test: a worker killed with SIGKILL at random moments against a faulty sandbox, then the comparison.
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { startSandbox } from '../../sandbox/index'
import { Rng } from '../../sandbox/store/rng'
import { PROJECT_ROOT } from '../support/paths'
import { generate, twinsOf } from './operations'

export interface TortureOptions {
  seed: number
  operations: number
  log?: (line: string) => void
}

export interface TortureReport {
  seed: number
  operations: number
  kills: number
  runs: number
  /** Pre-existing streams identical to creations of the run, which must stay untouched. */
  twins: number
  /** Participants the run checked in or out: each one's last write differs from how it started. */
  checkinsWritten: number
  /** Participants whose check-in on the service differs from how they started: equals checkinsWritten. */
  checkinsChangedOnService: number
  lost: string[]
  duplicated: string[]
  wrong: string[]
  attention: number
  pending: number
  integrity: string
  seconds: number
}

interface RunResult {
  lastAck: number
  finished: boolean
  drained?: { pending: number; attention: unknown[]; integrity: string }
}

/**
 * How many workers are killed while they work through the operations: the test's length is this many start-ups and the
 * operations, on a quiet machine or a busy one (the kills and the operations bound it, not a clock).
 */
const KILLED_RUNS = 30

export async function runTorture({
  seed,
  operations: count,
  log = () => undefined,
}: TortureOptions): Promise<TortureReport> {
  const started = performance.now()
  const rng = new Rng(seed)
  const sandbox = await startSandbox({
    seed: 1,
    faults: { dropRate: 0.05, loseResponseRate: 0.1, failureRate: 0.1, retryAfterSeconds: 0 },
  })
  const tournament = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Street Fighter Weekly 42')!
  const players = [...sandbox.store.participants.values()].filter((p) => p.tournament_id === tournament.id)
  const venue = {
    participantIds: players.map((p) => p.id),
    checkedInAtStart: new Map(players.map((p) => [p.id, p.checked_in])),
    matchIds: [...sandbox.store.nodes.values()].filter((n) => n.tournament_id === tournament.id).map((n) => n.id),
    streams: sandbox.store
      .streamsOfTournament(tournament.id)
      .map(({ name, url, language }) => ({ name, url, language })),
  }
  const { operations, model } = generate(seed, count, venue)
  // Streams someone else made, identical to creations to come: a lost answer must never adopt one of them.
  const twins = twinsOf(operations, 25).map((fields) => {
    const twin = { id: sandbox.store.ids.next(), tournament_id: tournament.id, ...fields }
    sandbox.store.streams.set(twin.id, twin)
    return { ...twin }
  })
  const dir = mkdtempSync(join(tmpdir(), 'matchdesk-torture-'))
  const operationsFile = join(dir, 'operations.json')
  writeFileSync(operationsFile, JSON.stringify(operations))
  const base = {
    sandbox: {
      organizer: sandbox.organizer,
      participant: sandbox.participant,
      v1: sandbox.v1,
      auth: sandbox.auth,
      account: sandbox.account,
      apiKey: sandbox.apiKey,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
    },
    tournamentId: tournament.id,
    twinIds: twins.map((twin) => twin.id),
    dataDir: join(dir, 'data'),
    operationsFile,
  }

  // The service drops out now and then, for a few hundred milliseconds.
  const outages = setInterval(() => {
    if (rng.chance(0.3)) void sandbox.faults.update({ offlineForMs: rng.int(100, 500) })
  }, 700)

  let next = 0
  let kills = 0
  let runs = 0
  /**
   * A worker, killed once it has acknowledged `kill.acks` operations since it was ready and `kill.ms` more have passed
   * (0 acks: during its start-up replay); without `kill`, it runs to its end. Counting acknowledgements, never time,
   * keeps the number of runs, and so the test's length, the same on a slower machine: a kill after a fixed time let a
   * loaded machine acknowledge fewer operations per run, which made it start more workers, which loaded it more.
   */
  function run(mode: 'operations' | 'drain', kill: { acks: number; ms: number } | undefined): Promise<RunResult> {
    runs++
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/torture/worker.ts'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, TORTURE_CONFIG: JSON.stringify({ ...base, start: next, mode }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const result: RunResult = { lastAck: next - 1, finished: false }
    let timer: NodeJS.Timeout | undefined
    let acks = 0
    const killSoon = () => {
      timer ??= setTimeout(() => {
        kills++
        child.kill('SIGKILL')
      }, kill!.ms)
    }
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready' && kill?.acks === 0) killSoon()
      else if (line.startsWith('ack ')) {
        result.lastAck = Number(line.slice(4))
        if (kill && ++acks === kill.acks) killSoon()
      } else if (line === 'done') result.finished = true
      else if (line.startsWith('drained ')) result.drained = JSON.parse(line.slice(8)) as RunResult['drained']
      else if (line.startsWith('fail ')) log(`worker: ${line}`)
    })
    return new Promise((resolve, reject) =>
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        if (code !== 0 && signal !== 'SIGKILL')
          reject(new Error(`torture worker exited with ${code ?? signal} (seed ${seed})`))
        else resolve(result)
      }),
    )
  }

  try {
    // Each killed run acknowledges a share of the operations (twice the average at most), then one runs to the end.
    const share = Math.max(1, Math.ceil((2 * operations.length) / KILLED_RUNS))
    while (next < operations.length) {
      const kill = kills < KILLED_RUNS ? { acks: rng.int(0, share), ms: rng.int(0, 30) } : undefined
      const result = await run('operations', kill)
      next = result.lastAck + 1
      log(`run ${runs}: acknowledged up to ${result.lastAck}, ${kills} kills`)
    }
    // A kill during the drain too, then a clean drain on a quiet service.
    await run('drain', { acks: 0, ms: rng.int(50, 400) })
    clearInterval(outages)
    await sandbox.faults.update({ dropRate: 0, loseResponseRate: 0, failureRate: 0 })
    await sandbox.faults.setOffline(false)
    const final = await run('drain', undefined)
    const drained = final.drained ?? { pending: -1, attention: [], integrity: 'no report' }

    const twinIds = new Set(twins.map((twin) => twin.id))
    const all = sandbox.store.streamsOfTournament(tournament.id)
    const streams = all.filter((s) => !twinIds.has(s.id))
    const named = (name: string) => streams.filter((s) => s.name === name)
    const lost: string[] = []
    const duplicated: string[] = []
    const wrong: string[] = []
    for (const [id, checkedIn] of model.checkins) {
      if (sandbox.store.participants.get(id)?.checked_in !== checkedIn)
        lost.push(`check-in of ${id} should be ${checkedIn}`)
    }
    for (const [name, expected] of model.streams) {
      const found = named(name)
      if (found.length === 0) lost.push(`stream ${name}`)
      if (found.length > 1) duplicated.push(`stream ${name} ×${found.length}`)
      if (found[0] && (found[0].url !== expected.url || found[0].language !== expected.language))
        wrong.push(`stream ${name}: ${found[0].language} ≠ ${expected.language}`)
    }
    for (const stream of streams)
      if (!model.streams.has(stream.name)) wrong.push(`stream ${stream.name} should have been deleted`)
    for (const twin of twins) {
      const now = sandbox.store.streams.get(twin.id)
      if (JSON.stringify(now) !== JSON.stringify(twin)) wrong.push(`someone else's stream ${twin.name} was changed`)
    }
    // Links are compared by our streams' names; a link to someone else's twin shows as such.
    const nameOf = new Map<string, string>([
      ...streams.map((s) => [s.id, s.name] as const),
      ...twins.map((t) => [t.id, `twin of ${t.name}`] as const),
    ])
    for (const [match, names] of model.links) {
      const actual = (sandbox.store.matchStreams.get(match) ?? []).map((id) => nameOf.get(id) ?? id)
      if (JSON.stringify(actual) !== JSON.stringify(names))
        wrong.push(`match ${match}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(names)}`)
    }
    return {
      seed,
      operations: operations.length,
      kills,
      runs,
      twins: twins.length,
      checkinsWritten: model.checkins.size,
      checkinsChangedOnService: players.filter(
        (p) => sandbox.store.participants.get(p.id)?.checked_in !== venue.checkedInAtStart.get(p.id),
      ).length,
      lost,
      duplicated,
      wrong,
      attention: drained.attention.length,
      pending: drained.pending,
      integrity: drained.integrity,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    }
  } finally {
    clearInterval(outages)
    await sandbox.close()
  }
}
