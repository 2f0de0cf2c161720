import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pressed, seedLayer, type LiveLayer } from '../broadcast/live-layer'
import type { FeedMatch } from '../broadcast/feed'
import { Cs2State, mapTitle, readCs2, roundsToWin, sidesChangedAt } from './cs2-state'
import { chooseSide, followGame, sameName, sideByName, type GameFollow, type GameReading } from './game-reading'

const real = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/real/cs2/${name}`, import.meta.url), 'utf8'))
const read = (body: unknown) => readCs2(Cs2State.parse(body))

/** A best of three between the two teams of the recorded match, nothing won yet. */
const layerOf = (bestOf = 3): LiveLayer =>
  seedLayer({
    id: 'm1',
    bestOf,
    opponents: [
      { name: 'Three Guys One Glock', score: null },
      { name: 'Negevs Only', score: null },
    ],
  } as unknown as FeedMatch)
const NAMES = ['Three Guys One Glock', 'Negevs Only'] as const

/** Feeds readings one by one, pressing what the follower presses: the layer at the end and every press. */
function follow(readings: (GameReading | null)[], layer = layerOf(), names: readonly [string, string] = NAMES) {
  let kept: GameFollow | null = null
  const presses = []
  for (const reading of readings) {
    if (!reading) continue
    const step = followGame(kept, reading, layer, names)
    kept = step.follow
    for (const press of step.presses) layer = pressed(layer, press)
    presses.push(...step.presses)
  }
  return { layer, presses }
}

describe("CS2's game state, as recorded", () => {
  it('reads a live round-over body: the map as casters say it, CT first, no winner yet', () => {
    const reading = read(real('cs2_body_round_over_CT_defused.json'))
    expect(reading).toEqual({
      id: null,
      map: 'Dust2',
      teams: [
        { name: null, rounds: 1 },
        { name: null, rounds: 0 },
      ],
      phase: 'live',
      winner: null,
      sidesSwap: true,
      swappedAtBreak: false,
      draft: null,
      roundsToWin: 13,
    })
  })

  it('knows the rounds a team needs by the mode: 13, then three more for each overtime; wingman’s 9', () => {
    const needs = (mode: string, ct: number, t: number) => roundsToWin(mode, ct, t)
    expect([needs('competitive', 0, 0), needs('competitive', 12, 11), needs('competitive', 12, 12)]).toEqual([
      13, 13, 16,
    ])
    expect([needs('competitive', 15, 14), needs('competitive', 15, 15), needs('competitive', 18, 17)]).toEqual([
      16, 19, 19,
    ])
    expect([needs('scrimcomp2v2', 8, 7), needs('scrimcomp2v2', 8, 8), needs('casual', 3, 2)]).toEqual([9, null, null])
  })

  it('reads the menu as no map, and a half-time as a break', () => {
    expect(read(real('cs2_body_menu.json'))).toBeNull()
    expect(read(real('cs2_body_map_intermission_halftime.json'))?.phase).toBe('break')
  })

  it('reads a map over as won by the team with more rounds', () => {
    const bodies = real('truescrub_sample_game_states.json') as unknown[]
    const over = bodies.map(read).find((r) => r?.phase === 'over')!
    expect(over).toMatchObject({ map: 'Italy', teams: [{ rounds: 5 }, { rounds: 11 }], winner: 1 })
  })

  it('names maps as casters do, workshop paths too', () => {
    expect(mapTitle('de_mirage')).toBe('Mirage')
    expect(mapTitle('workshop/2019482002/de_dust2_mirror')).toBe('Dust2 Mirror')
  })

  it('refuses a body whose parts are out of bounds', () => {
    const body = real('cs2_body_round_over_CT_defused.json') as { map: { round: number } }
    expect(Cs2State.safeParse({ ...body, map: { ...body.map, round: 1e9 } }).success).toBe(false)
  })
})

describe('a game followed on the live layer', () => {
  const sequence = () => (real('truescrub_real_game_states_sequence.json') as unknown[]).map(read)

  it('follows a recorded overtime map to its end: every round by team name across each change of sides', () => {
    const { layer, presses } = follow(sequence())
    // The map is the first game's; its rounds are the teams', whichever side each played; the map won by 19–17.
    expect(layer.games[0]).toMatchObject({ map: 'Safehouse', rounds: [19, 17], winner: 0 })
    expect(presses.filter((p) => p.kind === 'winner')).toEqual([{ kind: 'winner', game: 1, side: 0 }])
    // The rounds only ever grow for each team: no change of sides was read as a team losing rounds.
    const rounds = presses.flatMap((p) => (p.kind === 'rounds' && p.rounds ? [p.rounds] : []))
    for (const [i, now] of rounds.entries())
      if (i > 0) expect(now[0] >= rounds[i - 1]![0] && now[1] >= rounds[i - 1]![1]).toBe(true)
  })

  it('gives the bracket order, not the game’s: the second opponent named first in the bracket', () => {
    const swapped = layerOf()
    const { layer } = follow(sequence(), swapped, ['Negevs Only', 'Three Guys One Glock'])
    expect(layer.games[0]).toMatchObject({ rounds: [17, 19], winner: 1 })
  })

  it('presses only what the game changed: a person’s press holds until the game’s next event', () => {
    const readings = sequence()
    let layer = layerOf()
    let kept: GameFollow | null = null
    const step = (reading: GameReading | null) => {
      const next = followGame(kept, reading!, layer, NAMES)
      kept = next.follow
      for (const press of next.presses) layer = pressed(layer, press)
      return next.presses
    }
    step(readings[1]!)
    // The producer corrects the rounds by hand; the game posts the same state again (a heartbeat): nothing changes.
    layer = pressed(layer, { kind: 'rounds', game: 1, rounds: [5, 5] })
    expect(step(readings[1]!)).toEqual([])
    expect(layer.games[0]!.rounds).toEqual([5, 5])
    // The next round ends: the game's count is on air again.
    expect(step(readings[2]!)).toEqual([{ kind: 'rounds', game: 1, rounds: [11, 11] }])
  })

  it('leaves a map a person already gave a winner, and follows the next map as the next game', () => {
    const readings = sequence()
    let layer = layerOf()
    let kept: GameFollow | null = null
    const all = []
    for (const [i, reading] of readings.entries()) {
      // The producer presses the map's winner before the game says it is over.
      if (i === readings.length - 1) layer = pressed(layer, { kind: 'winner', game: 1, side: 1 })
      const next = followGame(kept, reading!, layer, NAMES)
      kept = next.follow
      for (const press of next.presses) layer = pressed(layer, press)
      all.push(...next.presses)
    }
    expect(layer.games[0]!.winner).toBe(1)
    expect(all.some((p) => p.kind === 'winner')).toBe(false)
    // A new map starts: the second game's, its name given once it goes live.
    const next = read(real('cs2_body_round_over_CT_defused.json'))!
    const step = followGame(kept, next, layer, NAMES)
    expect(step.presses[0]).toEqual({ kind: 'map', game: 2, map: 'Dust2' })
  })

  it('starting on a map already over presses nothing for it', () => {
    const over = sequence().at(-1)!
    expect(followGame(null, over, layerOf(), NAMES).presses).toEqual([])
  })

  const unnamed = (ct: number, t: number, phase: GameReading['phase'] = 'live'): GameReading => ({
    id: null,
    map: 'Mirage',
    teams: [
      { name: null, rounds: ct },
      { name: null, rounds: t },
    ],
    phase,
    winner: phase === 'over' ? (ct > t ? 0 : 1) : null,
    sidesSwap: true,
    swappedAtBreak: sidesChangedAt('competitive', ct + t),
    draft: null,
    roundsToWin: null,
  })

  it('without team names, keeps who is who by the rounds across a half-time', () => {
    // The first opponent starts on CT and leads 7–5 at the half; after it, it plays T with its 7.
    const readings = [unnamed(0, 0), unnamed(7, 5), unnamed(7, 5, 'break'), unnamed(5, 7), unnamed(5, 8), unnamed(6, 8)]
    expect(follow(readings).layer.games[0]!.rounds).toEqual([8, 6])
  })

  it('without team names, a tied break follows the game’s rules: a half-time changes sides, an overtime’s start not', () => {
    // 6–6 at the half: the sides change (competitive), the first opponent now on T; it wins the next round there.
    const half = follow([unnamed(5, 6), unnamed(6, 6), unnamed(6, 6, 'break'), unnamed(6, 6), unnamed(6, 7)])
    expect(half.layer.games[0]!.rounds).toEqual([7, 6])
    // 12–12 at the end of regulation: overtime starts on the same sides; the first opponent, on CT, wins a round.
    const overtime = follow([unnamed(11, 12), unnamed(12, 12, 'break'), unnamed(12, 12), unnamed(13, 12)])
    expect(overtime.layer.games[0]!.rounds).toEqual([13, 12])
  })

  it('a decided best-of gets nothing of the next map; a new map goes to the game the veto gave it', () => {
    const won = pressed(pressed(layerOf(), { kind: 'winner', game: 1, side: 0 }), { kind: 'winner', game: 2, side: 0 })
    expect(followGame(null, unnamed(1, 0), won, NAMES).presses).toEqual([])
    // The veto gave game 2 Inferno and game 3 Mirage: a Mirage map is game 3's, whatever game 2 waits for.
    let vetoed = pressed(layerOf(), { kind: 'winner', game: 1, side: 1 })
    vetoed = pressed(vetoed, { kind: 'map', game: 2, map: 'Inferno' })
    vetoed = pressed(vetoed, { kind: 'map', game: 3, map: 'Mirage' })
    expect(followGame(null, unnamed(1, 0), vetoed, NAMES).presses).toEqual([
      { kind: 'rounds', game: 3, rounds: [1, 0] },
    ])
  })

  it('starting on a map already over presses its end only on the game that is that map', () => {
    const over = unnamed(13, 9, 'over')
    expect(followGame(null, over, layerOf(), NAMES).presses).toEqual([])
    const mirage = pressed(layerOf(), { kind: 'map', game: 1, map: 'Mirage' })
    expect(followGame(null, over, mirage, NAMES).presses).toEqual([{ kind: 'winner', game: 1, side: 0 }])
  })

  it('ties a team to the bracket by its name, whatever its case, spaces or accents', () => {
    const teams = (a: string, b: string): GameReading['teams'] => [
      { name: a, rounds: 0 },
      { name: b, rounds: 0 },
    ]
    expect(sideByName(teams('NEGEVS ONLY', 'three guys one glock'), NAMES)).toBe(1)
    expect(sideByName(teams('Négevs-Only', 'someone else'), NAMES)).toBe(1)
    expect(sideByName(teams('X', 'Y'), NAMES)).toBeNull()
  })
})

describe('a person’s choice of sides', () => {
  it('holds over the names for its game (they may tie a team wrongly), and the names come back with the next map', () => {
    const named = (ct: number, t: number, map = 'Mirage'): GameReading => ({
      id: null,
      map,
      teams: [
        { name: 'Negevs Only', rounds: ct },
        { name: 'Three Guys One Glock', rounds: t },
      ],
      phase: 'live',
      winner: null,
      sidesSwap: true,
      swappedAtBreak: false,
      draft: null,
      roundsToWin: 13,
    })
    let layer = layerOf()
    const first = followGame(null, named(1, 0), layer, NAMES)
    expect(first.follow).toMatchObject({ sides: 'names', firstSide: 1 })
    for (const press of first.presses) layer = pressed(layer, press)
    const chosen = chooseSide(first.follow!, 0, layer)
    expect(chosen.presses).toEqual([{ kind: 'rounds', game: 1, rounds: [1, 0], toWin: 13 }])
    for (const press of chosen.presses) layer = pressed(layer, press)
    const later = followGame(chosen.follow, named(2, 0), layer, NAMES)
    expect(later.follow).toMatchObject({ sides: 'chosen', firstSide: 0 })
    expect(later.presses).toEqual([{ kind: 'rounds', game: 1, rounds: [2, 0], toWin: 13 }])
    const nextMap = followGame(later.follow, named(0, 0, 'Inferno'), layer, NAMES)
    expect(nextMap.follow).toMatchObject({ sides: 'names', firstSide: 1 })
  })
})

describe('names the game gives and the bracket’s', () => {
  it('takes the same words in another order, as PGN writes people; not one common word alone', () => {
    expect(sameName('Carlsen, Magnus', 'Magnus Carlsen')).toBe(true)
    expect(sameName('Metge, J. Nigel', 'Nigel Metge')).toBe(true)
    expect(sameName('Team Vitality', 'Team Liquid')).toBe(false)
    expect(sameName('Nagy, Gabor', 'Gabor Nagy 2')).toBe(false)
    // One name inside the other is the same team, unless what is left is a number: another team of the same name.
    expect(sameName('Liquid', 'Team Liquid')).toBe(true)
    expect(sameName('Bremen Ravens', 'Bremen Ravens 2')).toBe(false)
  })
})
