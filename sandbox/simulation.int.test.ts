// --simulate: matches advance pending → running → completed with scores; winners and losers move on; played_at set.
import { afterAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from './index'
import { openSession } from '../tests/support/sandbox-session'

let sandbox: Sandbox | undefined
afterAll(() => sandbox?.close())

describe('simulation', () => {
  it('advances matches seen through the API, and moves each winner into the node that names it', async () => {
    sandbox = await startSandbox({ seed: 4, simulateMs: 20 })
    const s = await openSession(sandbox)
    const stage = [...sandbox.store.stages.values()].find(
      (st) => st.type === 'double_elimination' && st.status === 'running',
    )!
    type N = {
      id: string
      status: string
      played_at: string | null
      opponents: {
        result: string | null
        source_type: string
        source_node_id: string | null
        participant: { id: string } | null
      }[]
    }
    const read = async () =>
      (await s.org('GET', `/bracket-nodes?stage_ids=${stage.id}`, { range: 'nodes=0-127' })).body as N[]
    const before = await read()
    const doneBefore = before.filter((n) => n.status === 'completed').length
    await expect
      .poll(async () => (await read()).filter((n) => n.status === 'completed').length, {
        timeout: 10_000,
        interval: 100,
      })
      .toBeGreaterThan(doneBefore + 2)
    const after = await read()
    const byId = new Map(after.map((n) => [n.id, n]))
    const newlyDone = after.filter(
      (n) => n.status === 'completed' && before.find((b) => b.id === n.id)!.status !== 'completed',
    )
    for (const node of newlyDone) {
      expect(node.played_at).toMatch(/^\d{4}-\d\d-\d\dT/)
      const winner = node.opponents.find((o) => o.result === 'win')!.participant!.id
      const fed = after.flatMap((n) =>
        n.opponents.filter((o) => o.source_node_id === node.id && o.source_type === 'winner'),
      )
      for (const seat of fed) expect(seat.participant?.id).toBe(winner)
    }
    expect(byId.size).toBe(before.length)
  })

  it('does not start matches of a tournament that has not begun', async () => {
    const quiet = await startSandbox({ seed: 4 })
    const pending = [...quiet.store.tournaments.values()].find((t) => t.status === 'pending')!
    for (let i = 0; i < 20; i++) quiet.engine.tick()
    expect(
      [...quiet.store.nodes.values()]
        .filter((n) => n.tournament_id === pending.id)
        .every((n) => n.status === 'pending'),
    ).toBe(true)
    await quiet.close()
  })
})
