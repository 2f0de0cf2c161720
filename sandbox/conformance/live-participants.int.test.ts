// An opponent's participant in a bracket node is the participant as it is now: renames and custom fields show at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSession, type Session } from '../../tests/support/sandbox-session'
import { startSandbox, type Sandbox } from '../index'

let sandbox: Sandbox
let s: Session

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 13 })
  s = await openSession(sandbox)
})
afterAll(() => sandbox.close())

type Node = { id: string; opponents: { participant: { id: string; name: string; custom_fields: object } | null }[] }

/** Every seat that holds the participant, as GET /bracket-nodes answers it. */
async function seatsOf(tournamentId: string, participantId: string) {
  const nodes: Node[] = []
  for (let first = 0; ; first += 128) {
    const answer = await s.org('GET', `/bracket-nodes?tournament_ids=${tournamentId}`, {
      range: `nodes=${first}-${first + 127}`,
    })
    if (answer.status !== 206) break
    nodes.push(...(answer.body as Node[]))
  }
  return nodes.flatMap((n) => n.opponents.map((o) => o.participant).filter((p) => p?.id === participantId))
}

/** A participant placed in at least two matches (played a round and went on). */
function placedTwice() {
  const counts = new Map<string, { tournamentId: string; seats: number }>()
  for (const node of sandbox.store.nodes.values()) {
    for (const o of node.opponents) {
      if (!o.participant) continue
      const entry = counts.get(o.participant.id) ?? { tournamentId: node.tournament_id, seats: 0 }
      entry.seats++
      counts.set(o.participant.id, entry)
    }
  }
  const [id, { tournamentId }] = [...counts].find(([, entry]) => entry.seats >= 2)!
  return { id, tournamentId }
}

describe('participants in bracket nodes', () => {
  it('shows a rename and a custom-field edit made through /participants in every match of the participant', async () => {
    const { id, tournamentId } = placedTwice()
    const patched = await s.org('PATCH', `/participants/${id}`, {
      body: { name: 'Renamed Right Now', custom_fields: { seed_note: 'top 8' } },
    })
    expect(patched.status).toBe(200)
    const seats = await seatsOf(tournamentId, id)
    expect(seats.length).toBeGreaterThanOrEqual(2)
    for (const seat of seats)
      expect(seat).toMatchObject({ name: 'Renamed Right Now', custom_fields: { seed_note: 'top 8' } })
  })

  it('shows a rename made through the deprecated tournament-scoped route the same way', async () => {
    const { id, tournamentId } = placedTwice()
    const patched = await s.org('PATCH', `/tournaments/${tournamentId}/participants/${id}`, {
      body: { name: 'Legacy Rename' },
    })
    expect(patched.status).toBe(200)
    for (const seat of await seatsOf(tournamentId, id)) expect(seat?.name).toBe('Legacy Rename')
  })
})
