// Every resource form the sandbox answers carries the fields of the interface's forms (shared/api/interface-forms.ts), by name: none missing, none made up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as model from '../../shared/api'
import { fieldsOf, INTERFACE_FORMS as FORMS, type InterfaceForm } from '../../shared/api/interface-forms'
import { examples } from '../../tests/support/examples'
import { openSession, type Session } from '../../tests/support/sandbox-session'
import { startSandbox, type Sandbox } from '../index'

/** What a form of a resource must carry, and what it may. */
function expectForm(body: unknown, form: InterfaceForm, label: string) {
  const keys = Object.keys(body as object)
  const allowed = new Set(fieldsOf(form))
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
  it('tournament, organizer form: every field of the table, team sizes for team tournaments only', async () => {
    const team = (await s.org('GET', `/tournaments/${tournamentOf('team').id}`)).body
    expectForm(team, FORMS.tournament.team, 'team tournament')
    const single = (await s.org('GET', `/tournaments/${tournamentOf('single').id}`)).body
    expectForm(single, FORMS.tournament.single, 'single tournament')
  })

  it('tournament, registration restrictions: age, country and game_id with their members', async () => {
    const body = (await s.org('GET', `/tournaments/${tournamentOf('single').id}`)).body as {
      registration_restrictions: Record<string, object>
    }
    const members = FORMS.tournament.registrationRestrictions
    expectForm(body.registration_restrictions, { required: Object.keys(members) }, 'registration_restrictions')
    for (const [member, form] of Object.entries(members)) {
      expectForm(body.registration_restrictions[member], form, `registration_restrictions.${member}`)
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

  it('tournament, list form: the fields the interface lists for it', async () => {
    const [first] = (await s.org('GET', '/tournaments', { range: 'tournaments=0-0' })).body as object[]
    expectForm(first, FORMS.tournament.list, 'tournament list')
  })

  it('participants: full, detailed and legacy forms, players and teams, and the lineup members', async () => {
    const { player: playerForms, team: teamForms } = FORMS.participant
    for (const [type, forms] of [
      ['single', playerForms],
      ['team', teamForms],
    ] as const) {
      const tournament = tournamentOf(type)
      const [listed] = (
        await s.org('GET', `/participants?tournament_ids=${tournament.id}`, { range: 'participants=0-0' })
      ).body as { id: string }[]
      expectForm(listed, forms.full, `${type}, full`)
      const detailed = (await s.org('GET', `/participants/${listed!.id}`)).body as { lineup?: object[] }
      expectForm(detailed, forms.detailedFull, `${type}, detailed full`)
      // The deprecated routes answer the detailed form without the full form's type, tournament_id and logo.
      const legacy = (await s.org('GET', `/tournaments/${tournament.id}/participants/${listed!.id}`)).body
      expectForm(legacy, forms.legacyDetailed, `${type}, legacy detailed`)
      if (type === 'team') {
        expectForm(
          (listed as unknown as { lineup: object[] }).lineup[0],
          FORMS.participant.teamPlayer,
          'team player, full',
        )
        expectForm(detailed.lineup![0], FORMS.participant.teamPlayer, 'team player, detailed')
      }
    }
  })

  it('stages: full, legacy and public v1 forms', async () => {
    const tournament = tournamentOf('single')
    const [stage] = (await s.org('GET', `/stages?tournament_ids=${tournament.id}`, { range: 'stages=0-0' })).body as {
      id: string
    }[]
    expectForm(stage, FORMS.stage.full, 'stage')
    const legacy = (await s.org('GET', `/tournaments/${tournament.id}/stages/${stage!.id}`)).body
    expectForm(legacy, FORMS.stage.legacy, 'legacy stage')
    const [v1] = (await s.at('GET', `${sandbox.v1}/tournaments/${tournament.id}/stages`)).body as object[]
    expectForm(v1, FORMS.stage.v1, 'v1 stage')
  })

  it('bracket nodes and their opponents', async () => {
    const tournament = tournamentOf('single')
    const nodes = (await s.org('GET', `/bracket-nodes?tournament_ids=${tournament.id}`, { range: 'nodes=0-127' }))
      .body as { opponents: { participant: object | null }[] }[]
    expectForm(nodes[0], FORMS.bracketNode.node, 'bracket node')
    const opponent = nodes.flatMap((n) => n.opponents).find((o) => o.participant)!
    expectForm(opponent, FORMS.bracketNode.opponent, 'opponent')
    expectForm(opponent.participant, FORMS.bracketNode.opponentParticipant, 'opponent participant')
  })

  it('streams, with and without tournament_id', async () => {
    const tournament = tournamentOf('single')
    const [stream] = (await s.org('GET', `/streams?tournament_ids=${tournament.id}`, { range: 'streams=0-0' }))
      .body as { id: string }[]
    expectForm(stream, FORMS.stream.full, 'stream')
    const legacy = (await s.org('GET', `/tournaments/${tournament.id}/streams/${stream!.id}`)).body
    expectForm(legacy, FORMS.stream.legacy, 'legacy stream')
  })

  it('disciplines: summary and detail', async () => {
    const [summary] = (await s.org('GET', '/disciplines', { range: 'disciplines=0-0' })).body as { id: string }[]
    expectForm(summary, FORMS.discipline.summary, 'discipline')
    const detail = (await s.org('GET', `/disciplines/${summary!.id}`)).body
    expectForm(detail, FORMS.discipline.detail, 'discipline detail')
  })
})

/** An answer cut down to what its form requires, lineup members too: what a real service may send and no more. */
function onlyRequired(body: object, form: InterfaceForm): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(body).filter(([key]) => form.required.includes(key)))
  if (Array.isArray(kept['lineup']))
    kept['lineup'] = (kept['lineup'] as object[]).map((member) => onlyRequired(member, FORMS.participant.teamPlayer))
  return kept
}

describe('the model reads every form the interface allows', () => {
  it('participants and lineups with only the fields their form requires (teams without created_at or properties)', async () => {
    const cases = [
      ['single', FORMS.participant.player, model.PlayerParticipantFull, model.PlayerParticipantDetailedFull],
      ['team', FORMS.participant.team, model.TeamParticipantFull, model.TeamParticipantDetailedFull],
    ] as const
    for (const [type, forms, full, detailedFull] of cases) {
      const tournament = tournamentOf(type)
      const [listed] = (
        await s.org('GET', `/participants?tournament_ids=${tournament.id}`, { range: 'participants=0-0' })
      ).body as { id: string }[]
      const detailed = (await s.org('GET', `/participants/${listed!.id}`)).body as object
      const legacy = (await s.org('GET', `/tournaments/${tournament.id}/participants/${listed!.id}`)).body as object
      const read = [
        [`${type} full`, full.safeParse(onlyRequired(listed!, forms.full))],
        [`${type} detailed`, detailedFull.safeParse(onlyRequired(detailed, forms.detailedFull))],
        [`${type} legacy`, model.LegacyParticipant.safeParse(onlyRequired(legacy, forms.legacyDetailed))],
        [`${type} list item`, model.Participant.safeParse(onlyRequired(listed!, forms.full))],
        [`${type} detail`, model.ParticipantDetailed.safeParse(onlyRequired(detailed, forms.detailedFull))],
      ] as const
      expect(
        read.filter(([, parsed]) => !parsed.success).map(([name, parsed]) => [name, parsed.error?.issues]),
      ).toEqual([])
    }
  })

  it('stages, nodes, streams and disciplines with only the fields their form requires', async () => {
    const tournament = tournamentOf('single')
    const [stage] = (await s.org('GET', `/stages?tournament_ids=${tournament.id}`, { range: 'stages=0-0' })).body as {
      id: string
    }[]
    const legacyStage = (await s.org('GET', `/tournaments/${tournament.id}/stages/${stage!.id}`)).body as object
    const [node] = (await s.org('GET', `/bracket-nodes?tournament_ids=${tournament.id}`, { range: 'nodes=0-0' }))
      .body as object[]
    const [stream] = (await s.org('GET', `/streams?tournament_ids=${tournament.id}`, { range: 'streams=0-0' }))
      .body as object[]
    const [discipline] = (await s.org('GET', '/disciplines', { range: 'disciplines=0-0' })).body as { id: string }[]
    const detail = (await s.org('GET', `/disciplines/${discipline!.id}`)).body as object
    const read = [
      ['stage', model.Stage.safeParse(onlyRequired(stage!, FORMS.stage.full))],
      ['legacy stage', model.LegacyStage.safeParse(onlyRequired(legacyStage, FORMS.stage.legacy))],
      ['node', model.BracketNode.safeParse(onlyRequired(node!, FORMS.bracketNode.node))],
      ['stream', model.Stream.safeParse(onlyRequired(stream!, FORMS.stream.full))],
      ['discipline', model.DisciplineSummary.safeParse(onlyRequired(discipline!, FORMS.discipline.summary))],
      ['discipline detail', model.DisciplineDetail.safeParse(onlyRequired(detail, FORMS.discipline.detail))],
    ] as const
    expect(read.filter(([, parsed]) => !parsed.success).map(([name, parsed]) => [name, parsed.error?.issues])).toEqual(
      [],
    )
  })
})
