// Every form of the interface accepts a valid example, keeps unknown response fields, and refuses each limit and
// enum with a message that names the field and the limit.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import * as api from './index'
import { examples } from '../../tests/support/examples'

function messages(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value)
  expect(result.success, 'the value should have been refused').toBe(false)
  return api.summarizeIssues(result.error!)
}

describe('valid examples round-trip', () => {
  const cases: [string, z.ZodType, unknown][] = [
    ['participant (player, full)', api.Participant, examples.playerFull],
    ['participant (player, detailed full)', api.ParticipantDetailed, examples.playerDetailedFull],
    ['participant (team, detailed full)', api.ParticipantDetailed, examples.teamDetailedFull],
    ['player create', api.ParticipantCreate, examples.playerCreate],
    ['team create', api.ParticipantCreate, examples.teamCreate],
    ['stage', api.Stage, examples.stage],
    ['stage create', api.StageCreate, examples.stageCreate],
    ['v1 stage', api.V1Stage, examples.v1Stage],
    ['stream', api.Stream, examples.stream],
    ['stream create', api.StreamCreate, examples.streamCreate],
    ['discipline detail', api.DisciplineDetail, examples.disciplineDetail],
    ['tournament list item', api.TournamentListItem, examples.tournamentListItem],
    ['tournament create', api.TournamentCreate, examples.tournamentCreate],
  ]
  for (const [name, schema, value] of cases) {
    it(name, () => {
      expect(schema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value)
    })
  }

  it('responses keep fields the interface does not list', () => {
    const parsed = api.Stream.parse({ ...examples.stream, viewers: 1200 })
    expect(parsed).toMatchObject({ viewers: 1200 })
  })

  it('request bodies refuse fields the interface does not list', () => {
    expect(messages(api.StreamCreate, { ...examples.streamCreate, viewers: 3 })).toMatch(/viewers/)
  })

  it('a multilingual tournament takes per-locale texts, a plain one does not', () => {
    const perLocale = { description: { fr: 'Deux jours', en_GB: 'Two days' }, rules: { fr: 'Fair-play' }, prize: null }
    const body = { ...examples.tournamentCreate, ...perLocale }
    expect(api.TournamentCreateMultilingual.safeParse(body).success).toBe(true)
    expect(messages(api.TournamentCreate, body)).toMatch(/description must be a string/)
    expect(messages(api.TournamentCreateMultilingual, examples.tournamentCreate)).toMatch(
      /rules must be an object keyed by locale codes/,
    )
  })
})

describe('limits are refused with the field and the limit named', () => {
  const long = (n: number) => 'x'.repeat(n)
  const cases: [string, z.ZodType, Record<string, unknown>, string, number][] = [
    ['participant name', api.ParticipantCreate, examples.playerCreate, 'name', api.LIMITS.participantName],
    [
      'custom user identifier',
      api.ParticipantCreate,
      examples.playerCreate,
      'custom_user_identifier',
      api.LIMITS.customUserIdentifier,
    ],
    ['game id', api.ParticipantCreate, examples.playerCreate, 'game_id', api.LIMITS.gameId],
    ['stage name', api.StageCreate, examples.stageCreate, 'name', api.LIMITS.stageName],
    ['tournament name', api.TournamentCreate, examples.tournamentCreate, 'name', api.LIMITS.tournamentName],
    [
      'tournament full name',
      api.TournamentCreate,
      examples.tournamentCreate,
      'full_name',
      api.LIMITS.tournamentFullName,
    ],
    ['location', api.TournamentCreate, examples.tournamentCreate, 'location', api.LIMITS.location],
    ['organization', api.TournamentCreate, examples.tournamentCreate, 'organization', api.LIMITS.organization],
    ['description', api.TournamentCreate, examples.tournamentCreate, 'description', api.LIMITS.description],
    ['prize', api.TournamentCreate, examples.tournamentCreate, 'prize', api.LIMITS.prize],
    ['rules', api.TournamentCreate, examples.tournamentCreate, 'rules', api.LIMITS.rules],
    [
      'registration request message',
      api.TournamentCreate,
      examples.tournamentCreate,
      'registration_request_message',
      api.LIMITS.registrationMessage,
    ],
  ]
  for (const [name, schema, base, field, max] of cases) {
    it(`${name}: ${max} accepted, ${max + 1} refused`, () => {
      expect(schema.safeParse({ ...base, [field]: long(max) }).success).toBe(true)
      expect(messages(schema, { ...base, [field]: long(max + 1) })).toBe(
        `${field} must be at most ${max} characters (got ${max + 1})`,
      )
    })
  }

  it('a 41-character participant name is refused naming name and 40', () => {
    expect(messages(api.ParticipantCreate, { ...examples.playerCreate, name: long(41) })).toMatch(
      /name must be at most 40 characters/,
    )
  })

  it('emails and urls are bounded and formatted', () => {
    const email = `${long(170)}@example.org`
    expect(messages(api.ParticipantCreate, { ...examples.playerCreate, email })).toMatch(/email must be at most 180/)
    expect(messages(api.ParticipantCreate, { ...examples.playerCreate, email: 'not-an-email' })).toMatch(
      /email must be an email/,
    )
    expect(
      messages(api.TournamentCreate, { ...examples.tournamentCreate, website: `https://example.org/${long(250)}` }),
    ).toMatch(/website must be at most 255/)
    expect(messages(api.TournamentCreate, { ...examples.tournamentCreate, registration_terms_url: 'terms' })).toMatch(
      /registration_terms_url must be an absolute URL/,
    )
    expect(messages(api.TournamentCreate, { ...examples.tournamentCreate, contact: 'nobody' })).toMatch(
      /contact must be an email/,
    )
  })

  it('a match takes at most 32 streams, each once', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1))
    expect(api.MatchStreamIds.safeParse(ids(32)).success).toBe(true)
    expect(messages(api.MatchStreamIds, ids(33))).toBe('a match can have at most 32 streams (got 33)')
    expect(messages(api.MatchStreamIds, ['1', '1'])).toMatch(/only once/)
  })
})

describe('enums and formats are refused with the field named', () => {
  it.each([
    [api.ParticipantCreate, examples.playerCreate, 'country', 'XX', /country must be an ISO 3166-1 alpha-2 code/],
    [api.ParticipantCreate, examples.playerCreate, 'birth_date', '2001-13-01', /birth_date must be a date YYYY-MM-DD/],
    [api.ParticipantCreate, examples.playerCreate, 'type', 'coach', /type must be one of team, player/],
    [api.StageCreate, examples.stageCreate, 'type', 'round_robin', /type must be one of single_elimination/],
    [api.StreamCreate, examples.streamCreate, 'language', 'english', /language must be an ISO 639-1 code/],
    [api.StreamCreate, examples.streamCreate, 'url', 'javascript:alert(1)', /url must be an http\(s\) address/],
    [api.TournamentCreate, examples.tournamentCreate, 'platforms', ['betamax'], /platforms must be one of pc/],
    [
      api.TournamentCreate,
      examples.tournamentCreate,
      'participant_type',
      'player',
      /participant_type must be one of team, single/,
    ],
    [api.TournamentCreate, examples.tournamentCreate, 'timezone', 'Mars/Olympus', /timezone must be an IANA time zone/],
    [
      api.TournamentCreate,
      examples.tournamentCreate,
      'registration_opening_datetime',
      '2026-11-01T10:00:00',
      /registration_opening_datetime must be an RFC 3339 date-time with offset/,
    ],
    [
      api.TournamentCreate,
      examples.tournamentCreate,
      'locales',
      { xx: { default: true } },
      /locales: xx is not a locale; use one of en_US/,
    ],
  ] as [z.ZodType, Record<string, unknown>, string, unknown, RegExp][])(
    'case %# refuses %2$s',
    (schema, base, field, value, expected) => {
      expect(messages(schema, { ...base, [field]: value })).toMatch(expected)
    },
  )

  it('stage type and tournament are fixed after create', () => {
    expect(messages(api.StageUpdate, { type: 'pools' })).toMatch(/type cannot be changed/)
    expect(messages(api.StageUpdate, { tournament_id: '2' })).toMatch(/tournament_id cannot be changed/)
    expect(api.StageUpdate.parse({ name: 'Finals' })).toEqual({ name: 'Finals' })
  })

  it('team sizes are only for team tournaments', () => {
    expect(messages(api.TournamentCreate, { ...examples.tournamentCreate, participant_type: 'single' })).toMatch(
      /team_min_size is only allowed/,
    )
  })
})
