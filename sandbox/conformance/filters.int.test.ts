// Every filter and sort of every list: participants, tournaments, bracket nodes, streams, stages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../index'
import { openSession, type Session } from '../../tests/support/sandbox-session'

let sandbox: Sandbox
let s: Session

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21 })
  s = await openSession(sandbox)
})
afterAll(() => sandbox.close())

/** Reads every page of a list through the API. */
async function all<T>(path: string, unit: string, max = 50): Promise<T[]> {
  const items: T[] = []
  for (let first = 0; ; first += max) {
    const answer = await s.org('GET', path, { range: `${unit}=${first}-${first + max - 1}` })
    if (answer.status === 416) return items
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
    items.push(...(answer.body as T[]))
  }
}

type P = {
  id: string
  name: string
  tournament_id: string
  checked_in: boolean
  user_id: string | null
  type: string
  custom_user_identifier: string | null
}

describe('participant filters and sorts', () => {
  it('name searches names ignoring case', async () => {
    const someone = [...sandbox.store.participants.values()][5]!
    const part = someone.name.slice(1, 5).toUpperCase()
    const found = await all<P>(`/participants?name=${encodeURIComponent(part)}`, 'participants')
    expect(found.map((p) => p.id)).toContain(someone.id)
    for (const p of found) expect(p.name.toLowerCase()).toContain(part.toLowerCase())
  })

  it('tournament_ids, is_checked_in, participant_ids, custom_user_identifiers, user_ids and team_ids narrow the list', async () => {
    const store = [...sandbox.store.participants.values()]
    const [t1, t2] = [...sandbox.store.tournaments.keys()]
    const inTwo = await all<P>(`/participants?tournament_ids=${t1},${t2}`, 'participants')
    expect(inTwo.length).toBe(store.filter((p) => p.tournament_id === t1 || p.tournament_id === t2).length)
    const checked = await all<P>(`/participants?tournament_ids=${t1}&is_checked_in=1`, 'participants')
    expect(checked.every((p) => p.checked_in)).toBe(true)
    const notChecked = await all<P>(`/participants?tournament_ids=${t1}&is_checked_in=0`, 'participants')
    expect(checked.length + notChecked.length).toBe(store.filter((p) => p.tournament_id === t1).length)
    const picked = [store[0]!, store[9]!]
    expect(
      (await all<P>(`/participants?participant_ids=${picked.map((p) => p.id).join(',')}`, 'participants')).map(
        (p) => p.id,
      ),
    ).toEqual(picked.map((p) => p.id))
    expect(
      (await all<P>(`/participants?custom_user_identifiers=${picked[1]!.custom_user_identifier}`, 'participants')).map(
        (p) => p.id,
      ),
    ).toEqual([picked[1]!.id])
    const player = store.find((p) => p.type === 'player' && p.user_id)!
    expect((await all<P>(`/participants?user_ids=${player.user_id}`, 'participants')).map((p) => p.id)).toEqual([
      player.id,
    ])
    const team = store.find((p) => p.type === 'team' && p.user_id)!
    expect((await all<P>(`/participants?team_ids=${team.user_id}`, 'participants')).map((p) => p.id)).toEqual([team.id])
  })

  it('sorts by creation (asc by default, desc) and alphabetically ignoring case', async () => {
    const asc = await all<P>('/participants', 'participants')
    const desc = await all<P>('/participants?sort=created_desc', 'participants')
    expect(desc.map((p) => p.id)).toEqual(asc.map((p) => p.id).reverse())
    const alpha = (await all<P>('/participants?sort=alphabetic', 'participants')).map((p) => p.name.toLowerCase())
    expect(alpha).toEqual([...alpha].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('refuses bad filter values, naming the query parameter', async () => {
    for (const [query, field] of [
      ['is_checked_in=2', 'is_checked_in'],
      ['sort=random', 'sort'],
    ]) {
      const answer = await s.org('GET', `/participants?${query}`, { range: 'participants=0-9' })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ errors: [{ scope: 'query', property_path: field }] })
    }
  })
})

describe('tournament filters and sort', () => {
  type T = {
    id: string
    discipline: string
    status: string
    country: string | null
    online: boolean | null
    platforms: string[]
    scheduled_date_start: string | null
  }
  it('filters by discipline, status, country, platform, online and dates', async () => {
    const every = await all<T>('/tournaments', 'tournaments')
    expect(every.length).toBe(sandbox.store.tournaments.size)
    expect(
      (await all<T>('/tournaments?disciplines=chess,rocketleague', 'tournaments')).map((t) => t.discipline).sort(),
    ).toEqual(['chess', 'rocketleague'])
    expect((await all<T>('/tournaments?statuses=pending', 'tournaments')).every((t) => t.status === 'pending')).toBe(
      true,
    )
    expect((await all<T>('/tournaments?countries=FR', 'tournaments')).every((t) => t.country === 'FR')).toBe(true)
    expect((await all<T>('/tournaments?is_online=1', 'tournaments')).every((t) => t.online === true)).toBe(true)
    expect(await all<T>('/tournaments?platforms=xbox_series', 'tournaments')).toEqual([])
    const after = await all<T>('/tournaments?scheduled_after=2026-11-20', 'tournaments')
    expect(after.every((t) => t.scheduled_date_start! >= '2026-11-20')).toBe(true)
    const before = await all<T>('/tournaments?scheduled_before=2026-11-20', 'tournaments')
    expect(after.length + before.length).toBeGreaterThanOrEqual(every.length)
    expect(await all<T>('/tournaments?circuit_ids=1', 'tournaments')).toEqual([])
  })

  it('finds tournaments by who takes part in them', async () => {
    const p = [...sandbox.store.participants.values()].find((x) => x.custom_user_identifier)!
    expect(
      (await all<T>(`/tournaments?custom_user_identifiers=${p.custom_user_identifier}`, 'tournaments')).map(
        (t) => t.id,
      ),
    ).toEqual([p.tournament_id])
  })

  it('sorts by scheduled date, oldest first by default', async () => {
    const asc = (await all<T>('/tournaments', 'tournaments')).map((t) => t.scheduled_date_start)
    expect(asc).toEqual([...asc].sort())
    expect(
      (await all<T>('/tournaments?sort=scheduled_desc', 'tournaments')).map((t) => t.scheduled_date_start),
    ).toEqual([...asc].reverse())
  })

  it('leaves archived tournaments out unless archived=1', async () => {
    const target = [...sandbox.store.tournaments.values()][0]!
    target.archived = true
    expect((await all<T>('/tournaments', 'tournaments')).map((t) => t.id)).not.toContain(target.id)
    expect((await all<T>('/tournaments?archived=1', 'tournaments')).map((t) => t.id)).toContain(target.id)
    target.archived = false
  })
})

describe('bracket node filters', () => {
  type N = { id: string; stage_id: string; group_id: string; round_id: string; depth: number; tournament_id: string }
  it('filters by tournament, stage, group and round (ids and numbers) and depth', async () => {
    const store = sandbox.store
    const stage = [...store.stages.values()].find((st) => st.type === 'double_elimination')!
    const stageNodes = [...store.nodes.values()].filter((n) => n.stage_id === stage.id)
    expect((await all<N>(`/bracket-nodes?stage_ids=${stage.id}`, 'nodes', 128)).length).toBe(stageNodes.length)
    const byNumber = await all<N>(
      `/bracket-nodes?tournament_ids=${stage.tournament_id}&stage_numbers=${stage.number}`,
      'nodes',
      128,
    )
    expect(byNumber.map((n) => n.id).sort()).toEqual(stageNodes.map((n) => n.id).sort())
    const losers = await all<N>(`/bracket-nodes?stage_ids=${stage.id}&group_numbers=2`, 'nodes', 128)
    expect(losers.length).toBeGreaterThan(0)
    expect(new Set(losers.map((n) => store.groups.get(n.group_id)!.number))).toEqual(new Set([2]))
    const firstRound = await all<N>(
      `/bracket-nodes?stage_ids=${stage.id}&group_numbers=1&round_numbers=1`,
      'nodes',
      128,
    )
    expect(firstRound.length).toBe(stage.settings.size! / 2)
    const group = losers[0]!.group_id
    const round = losers[0]!.round_id
    expect(
      (await all<N>(`/bracket-nodes?group_ids=${group}&round_ids=${round}`, 'nodes', 128)).every(
        (n) => n.round_id === round,
      ),
    ).toBe(true)
    const shallow = await all<N>(`/bracket-nodes?stage_ids=${stage.id}&min_depth=1&max_depth=2`, 'nodes', 128)
    expect(shallow.length).toBeGreaterThan(0)
    expect(shallow.every((n) => n.depth >= 1 && n.depth <= 2)).toBe(true)
  })
})

describe('stream and stage filters', () => {
  it('streams by tournament, id and language', async () => {
    const t = [...sandbox.store.tournaments.keys()][0]!
    const streams = await all<{ id: string; language: string; tournament_id: string }>(
      `/streams?tournament_ids=${t}`,
      'streams',
    )
    expect(streams.length).toBe(sandbox.store.streamsOfTournament(t).length)
    expect(
      (await all<{ language: string }>('/streams?languages=fr,de', 'streams')).every((x) =>
        ['fr', 'de'].includes(x.language),
      ),
    ).toBe(true)
    expect((await all<{ id: string }>(`/streams?stream_ids=${streams[1]!.id}`, 'streams')).map((x) => x.id)).toEqual([
      streams[1]!.id,
    ])
    expect((await s.org('GET', '/streams?languages=klingon', { range: 'streams=0-9' })).status).toBe(400)
  })

  it('stages by tournament', async () => {
    const t = [...sandbox.store.tournaments.keys()][0]!
    const stages = await all<{ tournament_id: string }>(`/stages?tournament_ids=${t}`, 'stages')
    expect(stages.length).toBeGreaterThan(0)
    expect(stages.every((st) => st.tournament_id === t)).toBe(true)
  })
})
