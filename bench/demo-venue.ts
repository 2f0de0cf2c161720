// A check-in at the desk on the Demo venue kept in its data folder, small (30 people an event) against large (5,000):
// check-ins come at a steady pace, each counted from the moment it was asked for (so a main process busy writing the
// Demo venue shows), while the ones before are written to the service in the same process, as at a real desk. The
// venue's size must not show in the acknowledgement (goal: large within 1.25× of small).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMainServices } from '../electron/main/composition'
import { MemoryCredentialStore } from '../electron/main/secrets/memory-store'
import { percentile, report, round } from './support/stats'

const CHECK_INS = 300
/** A check-in asked for this often (ms): several desk people at a busy door. */
const EVERY_MS = 20
const RATIO_GOAL = 1.25

async function checkInsOn(size: 'small' | 'large') {
  const dataDir = mkdtempSync(join(tmpdir(), `matchdesk-bench-demo-${size}-`))
  const services = await createMainServices({
    version: 'bench',
    dataDir,
    credentials: new MemoryCredentialStore(),
    demo: { size, seed: 1 },
  })
  const { sandbox } = services.connections
  const tournament = [...sandbox.store.tournaments.values()]
    .map((t) => ({
      t,
      people: [...sandbox.store.participants.values()].filter((p) => p.tournament_id === t.id).length,
    }))
    .sort((a, b) => b.people - a.people)[0]!.t
  const listed = await services.dispatch('participants:list', { tournamentId: tournament.id, filters: {} })
  if (!listed.ok) throw new Error(listed.error.message)
  const people = (listed.value as { items: { id: string; checked_in: boolean }[] }).items.map((p) => ({ ...p }))
  const outbox = services.connections.active.offline
  const acks: number[] = []
  const began = performance.now()
  for (let i = 0; i < CHECK_INS; i++) {
    const person = people[i % people.length]!
    const asked = began + i * EVERY_MS
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, asked - performance.now())))
    const done = await services.dispatch('checkin:set', { participantId: person.id, checkedIn: !person.checked_in })
    acks.push(performance.now() - asked)
    if (!done.ok) throw new Error(done.error.message)
    person.checked_in = !person.checked_in
  }
  while (outbox.status().pending > 0) await new Promise((resolve) => setTimeout(resolve, 20))
  await services.close()
  rmSync(dataDir, { recursive: true, force: true })
  acks.sort((a, b) => a - b)
  return { people: people.length, p50_ms: round(percentile(acks, 50), 2), p99_ms: round(percentile(acks, 99), 2) }
}

const small = await checkInsOn('small')
const large = await checkInsOn('large')
const ratio = round(large.p50_ms / small.p50_ms, 2)
report({
  benchmark: 'demo-venue',
  check_ins: CHECK_INS,
  every_ms: EVERY_MS,
  small,
  large,
  large_over_small_p50: ratio,
  ratio_goal: RATIO_GOAL,
  within_goal: ratio <= RATIO_GOAL,
})
