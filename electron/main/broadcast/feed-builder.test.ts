// The feed as a pure function: queue order, labels, estimates from observed durations, and what Hold keeps.
import { describe, expect, it } from 'vitest'
import type { BracketNode, Stream } from '../../../shared/api'
import { Feed } from '../../../shared/broadcast/feed'
import { queueOf } from '../../../shared/bracket/stream-queue'
import { buildFeed, tournamentSources, type FeedSources } from './feed-builder'
import { estimateStarts, observedMatchMs } from './estimates'
import { heldFeed, stagedChanges } from './hold'
import { MINUTE, NOW, iso, node, seat } from '../../../tests/support/bracket-node'

const stream: Stream = {
  id: 'st',
  tournament_id: 't',
  name: 'Main stage',
  url: 'https://twitch.tv/main',
  language: 'en',
}

function sources(
  nodes: BracketNode[],
  links: Record<string, string[]>,
  desk: Partial<FeedSources['desk']> = {},
): FeedSources {
  const map = new Map(Object.entries(links))
  return {
    ...tournamentSources({ id: 't', name: 'Cup', locale: null, logo: null }, nodes, map, (id) => id !== 'p-Bm3'),
    stream,
    desk: { onAir: null, takenAt: null, order: [], ...desk },
    casters: [],
    now: NOW,
    online: true,
  }
}

describe('queue', () => {
  const nodes = [
    node('m1', 1, 2, 'pending'),
    node('m2', 1, 1, 'pending'),
    node('m3', 2, 1, 'running'),
    node('m4', 1, 3, 'completed'),
  ]
  const links = { m1: ['st'], m2: ['st'], m3: ['st'], m4: ['st'] }

  it('puts running matches first, then by scheduled time, then bracket order; played ones are not queued', () => {
    expect(queueOf(sources(nodes, links)).map((n) => n.id)).toEqual(['m3', 'm2', 'm1'])
  })

  it('follows the producer order where given, and leaves the on-air match out', () => {
    expect(queueOf(sources(nodes, links, { order: ['m1'], onAir: 'm3' })).map((n) => n.id)).toEqual(['m1', 'm2'])
  })

  it('puts undecided matches after decided ones, however early they are scheduled, and marks them', () => {
    const final = node('gf', 0, 1, 'pending', {
      opponents: [seat(null, { id: 'm1', type: 'winner' }), seat(null, { id: 'm2', type: 'winner' })],
    })
    const queued = sources([...nodes, final], { ...links, gf: ['st'] })
    expect(queueOf(queued).map((n) => n.id)).toEqual(['m3', 'm2', 'm1', 'gf'])
    expect(buildFeed(queued).next.map((m) => [m.id, m.decided])).toEqual([
      ['m3', true],
      ['m2', true],
      ['m1', true],
      ['gf', false],
    ])
  })
})

describe('feed', () => {
  it('carries labels, opponents with check-in, what a slot waits for, and where the winner goes', () => {
    const nodes = [
      node('m1', 1, 1, 'running'),
      node('m2', 1, 2, 'pending'),
      node('m3', 2, 1, 'pending', { opponents: [seat(null, { id: 'm1', type: 'winner' }), seat('Bm3')] }),
    ]
    const feed = buildFeed(sources(nodes, { m1: ['st'], m3: ['st'] }, { onAir: 'm1', takenAt: NOW - 5 * MINUTE }))
    expect(feed.onAir).toMatchObject({
      id: 'm1',
      label: 'Round 1 · match 1',
      opponents: [{ name: 'Am1', checkedIn: true }, { name: 'Bm1' }],
    })
    expect(feed.next[0]).toMatchObject({
      id: 'm3',
      label: 'Final',
      opponents: [
        {
          name: 'Winner of R1 M1',
          checkedIn: null,
          waitsFor: { outcome: 'winner', match: { kind: 'round', branch: null, group: null, round: 1, match: 1 } },
        },
        { name: 'Bm3', checkedIn: false, waitsFor: null },
      ],
    })
    expect(feed.next[0]?.name).toMatchObject({ kind: 'final' })
    expect(feed.onAirPath).toEqual({
      winnerTo: 'Final',
      loserTo: null,
      winnerToName: { kind: 'final', branch: null, group: null, round: 2, match: 1 },
      loserToName: null,
    })
  })

  it('says nothing that a broadcast must not show: no identifiers, emails or custom fields', () => {
    const feed = buildFeed(sources([node('m1', 1, 1, 'pending')], { m1: ['st'] }))
    expect(JSON.stringify(feed)).not.toMatch(/MD-|@|custom/)
  })

  it('estimates nothing offline: the last known status and scores only', () => {
    const feed = buildFeed({ ...sources([node('m1', 1, 1, 'pending')], { m1: ['st'] }), online: false })
    expect(feed.next[0]!.estimatedStart).toBeNull()
  })
})

describe('estimated start', () => {
  /** Three results on one stream, 20 and 24 minutes apart: the stage's matches take 22 minutes there. */
  const played = [0, 20, 44].map((minute, i) =>
    node(`done${i}`, 1, i + 1, 'completed', { played_at: iso(NOW - 60 * MINUTE + minute * MINUTE) }),
  )
  const links = new Map(played.map((n) => [n.id, ['st']]))

  it('observes the median gap between consecutive results on a stream', () => {
    expect(observedMatchMs(played, links).get('s1')).toBe(22 * MINUTE)
  })

  it('starts the first queued match when the on-air one should end, each next one a match later', () => {
    const onAir = node('air', 2, 1, 'running')
    const queue = [node('q1', 2, 2, 'pending'), node('q2', 2, 3, 'pending')]
    const observed = new Map([['s1', 22 * MINUTE]])
    const estimates = estimateStarts({ onAir, takenAt: NOW - 7 * MINUTE, queue, observed, now: NOW })
    expect(estimates.get('q1')).toBe(iso(NOW + 15 * MINUTE))
    expect(estimates.get('q2')).toBe(iso(NOW + 37 * MINUTE))
    // Overrunning: the on-air match is due now.
    expect(estimateStarts({ onAir, takenAt: NOW - 40 * MINUTE, queue, observed, now: NOW }).get('q1')).toBe(iso(NOW))
  })

  it('follows queue order after a reorder: no match is expected before the one ahead of it', () => {
    // The producer put a late match (scheduled in 3 h, of a stage with nothing observed) first, then two others.
    const late = node('late', 6, 1, 'pending', { stage_id: 's2' })
    const queue = [late, node('q1', 2, 2, 'pending'), node('q2', 1, 3, 'pending', { stage_id: 's2' })]
    const observed = new Map([['s1', 22 * MINUTE]])
    const estimates = [...estimateStarts({ onAir: null, takenAt: null, queue, observed, now: NOW }).values()]
    const times = estimates.map((at) => Date.parse(at!))
    expect(times.every((at, i) => i === 0 || at >= times[i - 1]!)).toBe(true)
    expect(estimates[0]).toBe(late.scheduled_datetime)
  })

  it('falls back to the scheduled time while nothing was observed', () => {
    const queue = [node('q1', 2, 2, 'pending')]
    expect(estimateStarts({ onAir: null, takenAt: null, queue, observed: new Map(), now: NOW }).get('q1')).toBe(
      queue[0]!.scheduled_datetime,
    )
  })
})

describe('hold', () => {
  const before = [node('m1', 1, 1, 'running'), node('m2', 1, 2, 'pending')]
  const links = { m1: ['st'], m2: ['st'] }
  const published = buildFeed(sources(before, links, { onAir: 'm1' }))
  const renamed = before.map((n) =>
    n.id === 'm1' ? { ...n, opponents: [seat('Renamed'), seat('Bm1', undefined, 3)] } : n,
  )
  const current = buildFeed(sources(renamed, links, { onAir: 'm1' }))

  it('lists what the service changed as staged changes, field by field', () => {
    expect(stagedChanges(published, current)).toEqual([
      { matchId: 'm1', field: 'opponents.0.name', from: 'Am1', to: 'Renamed' },
      { matchId: 'm1', field: 'opponents.1.score', from: null, to: 3 },
    ])
  })

  it('keeps showing what was published until applied, one match or all', () => {
    expect(heldFeed(published, current).onAir!.opponents[0]!.name).toBe('Am1')
    expect(heldFeed(published, current, [{ matchId: 'm1' }]).onAir!.opponents[0]!.name).toBe('Renamed')
    expect(heldFeed(published, current, 'all')).toMatchObject({
      held: true,
      onAir: { opponents: [{ name: 'Renamed' }, { score: 3 }] },
    })
  })

  it('applies one approved change alone: the rename goes on air, the score still waits', () => {
    const one = heldFeed(published, current, [{ matchId: 'm1', field: 'opponents.0.name' }])
    expect(one.onAir!.opponents.map((o) => [o.name, o.score])).toEqual([
      ['Renamed', null],
      ['Bm1', null],
    ])
    expect(stagedChanges(one, current)).toEqual([{ matchId: 'm1', field: 'opponents.1.score', from: null, to: 3 }])
  })
})

describe('the stage board', () => {
  const stages = [{ id: 's1', name: 'Playoffs', type: 'single_elimination' as const, match_settings: {} }]
  const nodes = [node('m1', 1, 1, 'running'), node('m2', 1, 2, 'pending'), node('m3', 2, 1, 'pending')]
  const build = (at: BracketNode[], onAir: string | null) =>
    buildFeed({
      ...tournamentSources({ id: 't', name: 'Cup', locale: null, logo: null }, at, new Map(), () => true, stages),
      stream,
      desk: { onAir, takenAt: NOW, order: [] },
      casters: [],
      now: NOW,
      online: true,
    })

  it('draws the on-air match’s stage as its top 8, and none for a stage without a picture', () => {
    const feed = build(nodes, 'm1')
    expect(feed.board).toMatchObject({ kind: 'top8', stage: 'Playoffs' })
    expect(feed.board?.kind === 'top8' && feed.board.matches.map((m) => m.id)).toEqual(['m1', 'm2', 'm3'])
    expect(Feed.parse(feed).board).toEqual(feed.board)
    const ffa = tournamentSources({ id: 't', name: 'Cup', locale: null, logo: null }, nodes, new Map(), () => true, [
      { ...stages[0]!, type: 'ffa_league' as const },
    ])
    expect(ffa.boardOf(nodes[0]!)).toBeNull()
  })

  it('stands still while held: a result on the service waits with the rest', () => {
    const published = build(nodes, 'm1')
    const played = nodes.map((n) => (n.id === 'm2' ? { ...n, status: 'completed' as const } : n))
    const current = build(played, 'm1')
    expect(current.board).not.toEqual(published.board)
    expect(heldFeed(published, current).board).toEqual(published.board)
    expect(heldFeed(published, current, 'all').board).toEqual(current.board)
  })
})

describe('the series', () => {
  it("gives each match its stage's best-of where the match format says, and null where it does not", () => {
    const nodes = [node('m1', 1, 1, 'running'), node('m2', 1, 2, 'pending', { stage_id: 's2' })]
    const map = new Map(Object.entries({ m1: ['st'], m2: ['st'] }))
    const stages = [
      { id: 's1', match_settings: { format: { type: 'best_of', options: { nb_match_sets: 3 } } } },
      { id: 's2', match_settings: {} },
    ]
    const feed = buildFeed({
      ...tournamentSources({ id: 't', name: 'Cup', locale: null, logo: null }, nodes, map, () => true, stages),
      stream,
      desk: { onAir: 'm1', takenAt: NOW, order: [] },
      casters: [],
      now: NOW,
      online: true,
    })
    expect(feed.onAir?.bestOf).toBe(3)
    expect(feed.next[0]?.bestOf).toBeNull()
  })
})

describe('countries', () => {
  it('gives each known opponent the country it plays for, and none to an empty slot', () => {
    const nodes = [
      node('m1', 1, 1, 'running'),
      node('gf', 2, 1, 'pending', { opponents: [seat(null, { id: 'm1', type: 'winner' }), seat(null)] }),
    ]
    const map = new Map(Object.entries({ m1: ['st'], gf: ['st'] }))
    const feed = buildFeed({
      ...tournamentSources(
        { id: 't', name: 'Cup', locale: null, logo: null },
        nodes,
        map,
        () => true,
        [],
        (id) => (id === 'p-Am1' ? 'DE' : null),
      ),
      stream,
      desk: { onAir: 'm1', takenAt: NOW, order: [] },
      casters: [],
      now: NOW,
      online: true,
    })
    expect(feed.onAir?.opponents.map((o) => o.country)).toEqual(['DE', null])
    expect(feed.next[0]?.opponents.map((o) => o.country)).toEqual([null, null])
  })
})

describe('a feed kept from before', () => {
  it('still reads without casters, locale, logo, label parts or what a slot waits for (a held stream keeps it)', () => {
    const feed = buildFeed(sources([node('m1', 1, 1, 'running')], { m1: ['st'] }, { onAir: 'm1', takenAt: NOW }))
    const old = JSON.parse(JSON.stringify(feed)) as Record<string, unknown> & { onAir: Record<string, unknown> }
    delete old['casters']
    old['tournament'] = { id: 't', name: 'Cup' }
    delete old.onAir['name']
    old.onAir['opponents'] = (old.onAir['opponents'] as Record<string, unknown>[]).map(({ waitsFor: _w, ...o }) => o)
    old['onAirPath'] = { winnerTo: null, loserTo: null }
    const read = Feed.safeParse(old)
    expect(read.error?.issues ?? []).toEqual([])
    expect(read.data).toMatchObject({ casters: [], tournament: { locale: null, logo: null }, onAir: { name: null } })
  })
})

describe('OBS’s texts say what the overlays say', () => {
  it('names a queue’s only match when it still waits for its opponents: up next and the countdown are not blank', async () => {
    const { obsFields } = await import('./obs-fields')
    const nodes = [
      node('m1', 1, 1, 'running'),
      node('m2', 2, 1, 'pending', { opponents: [seat(null, { id: 'm1', type: 'winner' }), seat('Bm2')] }),
    ]
    const feed = buildFeed(sources(nodes, { m1: ['st'], m2: ['st'] }, { onAir: 'm1', takenAt: NOW }))
    expect(feed.next.map((m) => [m.id, m.decided])).toEqual([['m2', false]])
    const fields = obsFields(feed, NOW)
    expect(fields['up-next']).toMatch(/^Winner of .+ vs Bm2$/)
    expect(fields.countdown).toMatch(/to be decided$/)
  })

  it('names left and right as the scoreboard draws them, swapped by the producer or not', async () => {
    const { obsFields } = await import('./obs-fields')
    const feed = buildFeed(sources([node('m1', 1, 1, 'running')], { m1: ['st'] }, { onAir: 'm1', takenAt: NOW }))
    const [first, second] = feed.onAir!.opponents
    const plain = obsFields(feed, NOW)
    expect([plain['left-name'], plain['right-name']]).toEqual([first!.name, second!.name])
    const swapped = obsFields({ ...feed, onAir: { ...feed.onAir!, swapped: true } }, NOW)
    expect([swapped['left-name'], swapped['right-name']]).toEqual([second!.name, first!.name])
  })

  it('gives the live layer’s pips, current picks and map, and each game so far, by screen side', async () => {
    const { obsFields } = await import('./obs-fields')
    const feed = buildFeed(sources([node('m1', 1, 1, 'running')], { m1: ['st'] }, { onAir: 'm1', takenAt: NOW }))
    const [first, second] = feed.onAir!.opponents
    const onAir = {
      ...feed.onAir!,
      bestOf: 5,
      opponents: [
        { ...first!, score: 2 },
        { ...second!, score: 1 },
      ],
      games: [
        { winner: 0 as const, map: 'Inferno', picks: ['Ryu', 'Ken'] as [string, string] },
        { winner: 1 as const, map: null, picks: [null, null] as [null, null] },
        { winner: 0 as const, map: null, picks: [null, null] as [null, null] },
        {
          winner: null,
          map: 'Nuke',
          picks: ['Chun-Li', null] as [string, null],
          rounds: [7, 11] as [number, number],
        },
        { winner: null, map: null, picks: [null, null] as [null, null] },
      ],
    }
    const plain = obsFields({ ...feed, onAir }, NOW)
    expect([plain['left-games'], plain['right-games']]).toEqual(['●●○', '●○○'])
    expect([plain['left-pick'], plain['right-pick'], plain.map]).toEqual(['Chun-Li', '', 'Nuke'])
    expect(plain.games.split('\n')).toEqual([
      `Game 1: ${first!.name} · Inferno · Ryu – Ken`,
      `Game 2: ${second!.name}`,
      `Game 3: ${first!.name}`,
      `Game 4: Nuke · 7–11 · Chun-Li (${first!.name})`,
    ])
    // The current game's rounds by screen side.
    expect([plain['left-rounds'], plain['right-rounds']]).toEqual(['7', '11'])
    const swapped = obsFields({ ...feed, onAir: { ...onAir, swapped: true } }, NOW)
    // Picks left to right as the scoreboard has the sides.
    expect(swapped.games.split('\n')[0]).toBe(`Game 1: ${first!.name} · Inferno · Ken – Ryu`)
    expect([swapped['left-games'], swapped['right-games']]).toEqual(['●○○', '●●○'])
    expect([swapped['left-pick'], swapped['right-pick']]).toEqual(['', 'Chun-Li'])
    expect([swapped['left-rounds'], swapped['right-rounds']]).toEqual(['11', '7'])
    // The service's scores only: no pips beyond the best-of's, no picks, no games.
    const service = obsFields(feed, NOW)
    expect([service['left-pick'], service.map, service.games]).toEqual(['', '', ''])
  })
})
