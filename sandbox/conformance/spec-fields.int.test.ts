// Every resource form the sandbox answers carries the fields of the interface's tables, by name: none missing, none made up.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { examples } from '../../tests/support/examples'
import { PROJECT_ROOT } from '../../tests/support/paths'
import { openSession, type Session } from '../../tests/support/sandbox-session'
import { startSandbox, type Sandbox } from '../index'

const SPEC = readFileSync(resolve(PROJECT_ROOT, '../shared/spec/organizer-interface.md'), 'utf8')

/** Row names the spec words instead of naming the field. */
const FIELD_NAMES: Record<string, string> = { 'invite URL field for the tournament chat server': 'discord' }

interface Row {
  field: string
  notes: string
}

/** The first table under `### heading`: its first column (the field) and last column (notes). */
function table(heading: string): Row[] {
  const start = SPEC.indexOf(`### ${heading}\n`)
  if (start < 0) throw new Error(`the spec has no section ${heading}`)
  const section = SPEC.slice(start).split('\n').slice(1)
  const rows = section.slice(section.findIndex((line) => line.startsWith('|')))
  const end = rows.findIndex((line) => !line.startsWith('|'))
  return rows
    .slice(2, end < 0 ? undefined : end)
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => ({ field: FIELD_NAMES[cells[1]!] ?? cells[1]!, notes: cells.at(-2)! }))
}

/** A comma-separated field list from a sentence of the spec: "… carries: id, name, …." */
function listAfter(phrase: string): string[] {
  const at = SPEC.indexOf(phrase)
  if (at < 0) throw new Error(`the spec does not say "${phrase}"`)
  const sentence = SPEC.slice(at + phrase.length).split(/\.\s|\.\n/)[0]!
  return sentence
    .replace(/\(.*?\)/g, '')
    .replace(/\band\b/g, ',')
    .split(',')
    .map((word) => word.trim().split(/\s+/)[0]!)
    .filter(Boolean)
}

const fieldsOf = (rows: Row[], keep: (row: Row) => boolean = () => true) => rows.filter(keep).map((row) => row.field)

/** What a form of a resource must carry, and what it may. */
function expectForm(body: unknown, form: { required: string[]; allowed?: string[] }, label: string) {
  const keys = Object.keys(body as object)
  const allowed = new Set([...(form.allowed ?? []), ...form.required])
  expect({ form: label, missing: form.required.filter((f) => !keys.includes(f)) }).toEqual({ form: label, missing: [] })
  expect({ form: label, unknown: keys.filter((k) => !allowed.has(k)) }).toEqual({ form: label, unknown: [] })
}

let sandbox: Sandbox
let s: Session
const tournamentOf = (type: 'single' | 'team') =>
  [...sandbox.store.tournaments.values()].find((t) => t.participant_type === type && t.status !== 'pending')!

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11 })
  s = await openSession(sandbox)
})
afterAll(() => sandbox.close())

describe('resource forms against the interface tables', () => {
  const tournamentRows = () => table('Tournament')
  const teamOnly = (row: Row) => row.notes.includes('only when participant_type is team')

  it('tournament, organizer form: every field of the table, team sizes for team tournaments only', async () => {
    const team = (await s.org('GET', `/tournaments/${tournamentOf('team').id}`)).body
    expectForm(team, { required: fieldsOf(tournamentRows()) }, 'team tournament')
    const single = (await s.org('GET', `/tournaments/${tournamentOf('single').id}`)).body
    expectForm(single, { required: fieldsOf(tournamentRows(), (row) => !teamOnly(row)) }, 'single tournament')
  })

  it('tournament, registration restrictions: age, country and game_id with their members', async () => {
    const body = (await s.org('GET', `/tournaments/${tournamentOf('single').id}`)).body as {
      registration_restrictions: Record<string, object>
    }
    const members = restrictionMembers()
    expectForm(body.registration_restrictions, { required: Object.keys(members) }, 'registration_restrictions')
    for (const [member, fields] of Object.entries(members)) {
      expectForm(body.registration_restrictions[member], { required: fields }, `registration_restrictions.${member}`)
    }
  })

  it('tournament: a create with every field of the form reads back the same values', async () => {
    const body = { ...examples.tournamentCreate, discipline: 'counterstrike2' }
    const created = await s.org('POST', '/tournaments', { body })
    expect(created.status).toBe(201)
    const read = (await s.org('GET', `/tournaments/${(created.body as { id: string }).id}`)).body as Record<
      string,
      unknown
    >
    const differing = Object.entries(body)
      .filter(([key]) => key !== 'logo')
      .filter(([key, value]) => JSON.stringify(read[key]) !== JSON.stringify(value))
      .map(([key]) => key)
    expect(differing).toEqual([])
    expect(read['logo']).toMatchObject({ id: '5' })
  })

  it('tournament: registration messages and addresses are bounded as the interface says', async () => {
    const base = { ...examples.tournamentCreate, discipline: 'counterstrike2' }
    for (const [field, value, limit] of [
      ['registration_request_message', 'x'.repeat(20_001), '20000'],
      ['registration_terms_url', `https://example.org/${'x'.repeat(2_000)}`, '2000'],
    ] as const) {
      const refused = await s.org('POST', '/tournaments', { body: { ...base, [field]: value } })
      expect(refused.status).toBe(400)
      expect((refused.body as { errors: { property_path: string; message: string }[] }).errors[0]).toMatchObject({
        property_path: field,
        message: expect.stringContaining(limit),
      })
    }
  })

  it('tournament, list form: the fields the spec lists for it', async () => {
    const [first] = (await s.org('GET', '/tournaments', { range: 'tournaments=0-0' })).body as object[]
    expectForm(first, { required: listAfter('The tournament list form (organizer list) carries: ') }, 'tournament list')
  })

  it('participants: full, detailed and legacy forms, players and teams, and the lineup members', async () => {
    const rows = table('Participant (player type)')
    const base = (row: Row) => !row.notes.includes('in full forms') && !row.notes.includes('in detailed forms only')
    const playerOnly = ['country', 'birth_date', 'game_id']
    const all = fieldsOf(rows)
    const player = tournamentOf('single')
    const team = tournamentOf('team')
    const [listed] = (await s.org('GET', `/participants?tournament_ids=${player.id}`, { range: 'participants=0-0' }))
      .body as { id: string }[]
    expectForm(
      listed,
      {
        required: fieldsOf(rows, (row) => base(row) && row.field !== 'properties').concat(
          'type',
          'tournament_id',
          'logo',
        ),
        allowed: all,
      },
      'player, full',
    )
    const detailed = (await s.org('GET', `/participants/${listed!.id}`)).body
    expectForm(detailed, { required: all }, 'player, detailed full')
    const legacy = (await s.org('GET', `/tournaments/${player.id}/participants/${listed!.id}`)).body
    // The deprecated routes answer the detailed form without the full form's type, tournament_id and logo.
    expectForm(
      legacy,
      { required: fieldsOf(rows, (row) => !row.notes.includes('in full forms')) },
      'player, legacy detailed',
    )

    const [teamListed] = (await s.org('GET', `/participants?tournament_ids=${team.id}`, { range: 'participants=0-0' }))
      .body as { id: string; lineup: object[] }[]
    const teamFields = all.filter((f) => !playerOnly.includes(f)).concat('lineup')
    const teamDetailed = (await s.org('GET', `/participants/${teamListed!.id}`)).body as { lineup: object[] }
    expectForm(teamDetailed, { required: teamFields }, 'team, detailed full')
    const members = table('Team player (element of lineup)')
    expectForm(
      teamDetailed.lineup[0],
      {
        required: fieldsOf(members, (row) => !row.notes.includes('in managed and fully detailed forms')),
        allowed: fieldsOf(members),
      },
      'team player, detailed',
    )
  })

  it('stages: full, legacy and public v1 forms', async () => {
    const tournament = tournamentOf('single')
    const [stage] = (await s.org('GET', `/stages?tournament_ids=${tournament.id}`, { range: 'stages=0-0' })).body as {
      id: string
    }[]
    expectForm(stage, { required: fieldsOf(table('Stage')) }, 'stage')
    const legacy = (await s.org('GET', `/tournaments/${tournament.id}/stages/${stage!.id}`)).body
    expectForm(legacy, { required: listAfter('The legacy stage read form has only ') }, 'legacy stage')
    const [v1] = (await s.at('GET', `${sandbox.v1}/tournaments/${tournament.id}/stages`)).body as object[]
    expectForm(v1, { required: fieldsOf(table('Stage (public v1 listing)')) }, 'v1 stage')
  })

  it('bracket nodes and their opponents', async () => {
    const tournament = tournamentOf('single')
    const nodes = (await s.org('GET', `/bracket-nodes?tournament_ids=${tournament.id}`, { range: 'nodes=0-127' }))
      .body as { opponents: { participant: object | null }[] }[]
    expectForm(nodes[0], { required: fieldsOf(table('Bracket node')) }, 'bracket node')
    const opponent = nodes.flatMap((n) => n.opponents).find((o) => o.participant)!
    expectForm(opponent, { required: listAfter('Opponent fields: ') }, 'opponent')
    expectForm(
      opponent.participant,
      { required: ['id', 'name', 'custom_user_identifier', 'custom_fields'] },
      'opponent participant',
    )
  })

  it('streams, with and without tournament_id', async () => {
    const tournament = tournamentOf('single')
    const rows = table('Stream')
    const [stream] = (await s.org('GET', `/streams?tournament_ids=${tournament.id}`, { range: 'streams=0-0' }))
      .body as { id: string }[]
    expectForm(stream, { required: fieldsOf(rows) }, 'stream')
    const legacy = (await s.org('GET', `/tournaments/${tournament.id}/streams/${stream!.id}`)).body
    expectForm(legacy, { required: fieldsOf(rows, (row) => row.field !== 'tournament_id') }, 'legacy stream')
  })

  it('disciplines: summary and detail', async () => {
    const rows = table('Discipline')
    const [summary] = (await s.org('GET', '/disciplines', { range: 'disciplines=0-0' })).body as { id: string }[]
    expectForm(summary, { required: fieldsOf(rows, (row) => !row.notes.includes('detail form only')) }, 'discipline')
    const detail = (await s.org('GET', `/disciplines/${summary!.id}`)).body
    expectForm(detail, { required: fieldsOf(rows) }, 'discipline detail')
  })
})

/** The members table under the tournament: member → its fields. */
function restrictionMembers(): Record<string, string[]> {
  const after = SPEC.slice(SPEC.indexOf('registration_restrictions members:')).split('\n')
  const from = after.findIndex((line) => line.startsWith('|'))
  const to = after.findIndex((line, i) => i > from && !line.startsWith('|'))
  const rows = after.slice(from + 2, to).map((line) => line.split('|').map((cell) => cell.trim()))
  return Object.fromEntries(
    rows.map((cells) => [cells[1]!, cells[2]!.split(',').map((part) => part.trim().split(/\s+/)[0]!)]),
  )
}
