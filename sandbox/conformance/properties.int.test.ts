// Property test: random invalid bodies, queries and ranges never give a 5xx and never change stored data.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import * as api from '../../shared/api'
import { startSandbox, type Sandbox } from '../index'
import { openSession, type Session } from '../../tests/support/sandbox-session'
import { examples } from '../../tests/support/examples'

let sandbox: Sandbox
let s: Session
let ids: { tournament: string; participant: string; stage: string; stream: string; node: string }

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 9 })
  s = await openSession(sandbox)
  const store = sandbox.store
  const tournament = [...store.tournaments.values()].find((t) => t.participant_type === 'single')!
  ids = {
    tournament: tournament.id,
    participant: [...store.participants.values()].find((p) => p.tournament_id === tournament.id)!.id,
    stage: [...store.stages.values()].find((st) => st.tournament_id === tournament.id)!.id,
    stream: store.streamsOfTournament(tournament.id)[0]!.id,
    node: [...store.nodes.values()].find((n) => n.tournament_id === tournament.id)!.id,
  }
})
afterAll(() => sandbox.close())

/** A valid example with one field replaced or added by arbitrary JSON: usually, but not always, invalid. */
const mutated = (example: Record<string, unknown>) =>
  fc
    .tuple(fc.constantFrom(...Object.keys(example), 'unexpected'), fc.jsonValue())
    .map(([key, value]) => ({ ...example, [key]: value }))
const body = (example: Record<string, unknown>) => fc.oneof(mutated(example), fc.jsonValue())

const writes = (): { method: string; path: string; schema: z.ZodType; example: Record<string, unknown> }[] => [
  {
    method: 'POST',
    path: '/participants',
    schema: api.ParticipantCreate,
    example: { ...examples.playerCreate, tournament_id: ids.tournament },
  },
  {
    method: 'PATCH',
    path: `/participants/${ids.participant}`,
    schema: api.PlayerParticipantUpdate,
    example: { name: 'Renamed', checked_in: true },
  },
  {
    method: 'POST',
    path: `/tournaments/${ids.tournament}/participants`,
    schema: api.LegacyParticipantCreate,
    example: { name: 'Legacy' },
  },
  {
    method: 'POST',
    path: '/stages',
    schema: api.StageCreate,
    example: { ...examples.stageCreate, tournament_id: ids.tournament },
  },
  { method: 'PATCH', path: `/stages/${ids.stage}`, schema: api.StageUpdate, example: { name: 'Finals', number: 3 } },
  {
    method: 'POST',
    path: '/streams',
    schema: api.StreamCreate,
    example: { ...examples.streamCreate, tournament_id: ids.tournament },
  },
  {
    method: 'PATCH',
    path: `/streams/${ids.stream}`,
    schema: api.StreamUpdate,
    example: { name: 'Cam', language: 'fr' },
  },
  { method: 'PUT', path: `/matches/${ids.node}/streams`, schema: api.MatchStreamIds, example: { 0: ids.stream } },
  { method: 'POST', path: '/tournaments', schema: api.TournamentCreate, example: { ...examples.tournamentCreate } },
]

describe('bad input never breaks the sandbox', () => {
  it('invalid bodies answer 4xx and change nothing', async () => {
    for (const write of writes()) {
      await fc.assert(
        fc.asyncProperty(body(write.example), async (candidate) => {
          fc.pre(!write.schema.safeParse(candidate).success)
          const before = sandbox.store.snapshot()
          const answer = await s.org(write.method, write.path, { body: candidate })
          expect(answer.status, `${write.method} ${write.path} ${JSON.stringify(candidate)}`).toBeGreaterThanOrEqual(
            400,
          )
          expect(answer.status).toBeLessThan(500)
          expect(api.ApiErrorBody.safeParse(answer.body).success).toBe(true)
          expect(sandbox.store.snapshot()).toBe(before)
        }),
        { numRuns: 25, seed: 20261122 },
      )
    }
  })

  it('random queries and Range headers on lists answer without a 5xx and change nothing', async () => {
    const lists: [string, string][] = [
      ['/participants', 'participants'],
      ['/tournaments', 'tournaments'],
      ['/bracket-nodes', 'nodes'],
      ['/streams', 'streams'],
      ['/stages', 'stages'],
    ]
    const keys = fc.constantFrom(
      'name',
      'tournament_ids',
      'is_checked_in',
      'sort',
      'statuses',
      'countries',
      'stage_numbers',
      'min_depth',
      'languages',
      'scheduled_after',
      'archived',
      'x',
    )
    const query = fc.dictionary(keys, fc.string({ maxLength: 12 }), { maxKeys: 3 })
    const range = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.tuple(fc.nat(300), fc.nat(300)).map(([a, b]) => `=${a}-${b}`),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lists), query, range, async ([path, unit], params, rawRange) => {
        const before = sandbox.store.snapshot()
        const header = rawRange.startsWith('=') ? `${unit}${rawRange}` : rawRange
        const answer = await s.org('GET', `${path}?${new URLSearchParams(params)}`, header ? { range: header } : {})
        expect(answer.status, `${path} ${JSON.stringify(params)} ${header}`).toBeLessThan(500)
        expect(sandbox.store.snapshot()).toBe(before)
      }),
      { numRuns: 150, seed: 20261122 },
    )
  })
})
