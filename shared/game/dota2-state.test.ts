// Dota 2's own state as recorded (tests/fixtures/real/dota2): the match, its state and winner, the draft by hero as
// casters say them; and the follower pressing them on a best-of (a new match id is the next game; who is Radiant
// a guess until a person says).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pressed, seedLayer, type LiveLayer } from '../broadcast/live-layer'
import type { FeedMatch } from '../broadcast/feed'
import { Dota2State, heroTitle, readDota2 } from './dota2-state'
import { chooseSide, followGame, type GameFollow, type GameReading } from './game-reading'

const real = (name: string) =>
  readDota2(
    Dota2State.parse(
      JSON.parse(readFileSync(new URL(`../../tests/fixtures/real/dota2/${name}`, import.meta.url), 'utf8')),
    ),
  )!
const NAMES = ['Team Spirit', 'Gaimin Gladiators'] as const
const layerOf = (): LiveLayer =>
  seedLayer({
    id: 'm1',
    bestOf: 3,
    opponents: NAMES.map((name) => ({ name, score: null })),
  } as unknown as FeedMatch)

describe("Dota 2's game state, as recorded", () => {
  it('reads a spectator’s match over: its id, Dire the winner, the whole draft by hero name', () => {
    const reading = real('greshilov_spectator_post_game_win_dire_draft.json')
    expect(reading).toMatchObject({ id: '5191286625', map: null, phase: 'over', winner: 1, sidesSwap: false })
    expect(reading.teams.map((team) => team.rounds)).toEqual([null, null])
    const draft = reading.draft!
    expect(draft.filter((step) => step.action === 'pick')).toHaveLength(10)
    expect(draft.filter((step) => step.action === 'ban')).toHaveLength(12)
    // Heroes as the game shows them, not their inner names.
    const items = draft.map((step) => step.item)
    expect(items).toEqual(expect.arrayContaining(['Outworld Devourer', 'Io', 'Shadow Fiend', 'Winter Wyvern', 'Doom']))
    // Bans first, Radiant's and Dire's in turn.
    expect(draft.slice(0, 2)).toEqual([
      { team: 0, action: 'ban', item: 'Razor' },
      { team: 1, action: 'ban', item: 'Doom' },
    ])
  })

  it('reads the hero selection as not started, its draft so far; a player’s game in progress as played', () => {
    const selection = real('greshilov_spectator_hero_selection_draft.json')
    expect(selection.phase).toBe('warmup')
    expect(selection.draft).toEqual([
      { team: 0, action: 'ban', item: 'Doom' },
      { team: 1, action: 'ban', item: "Nature's Prophet" },
      { team: 0, action: 'ban', item: 'Io' },
      { team: 1, action: 'ban', item: 'Lich' },
      { team: 1, action: 'ban', item: 'Elder Titan' },
    ])
    const playing = real('cannawen_player_in_progress_scores_3-10.json')
    expect(playing).toMatchObject({ id: '7073748229', phase: 'live', winner: null, draft: [] })
  })

  it('names a hero not known yet from its inner name, nothing unseen of it on air', () => {
    expect(heroTitle('npc_dota_hero_some_new_one')).toBe('Some New One')
    expect(heroTitle('x\n\u202eevil')).toBe('X Evil')
    expect(heroTitle('___')).toBe('')
  })
})

describe('following Dota 2 on a best of 3', () => {
  /** Feeds readings, pressing what the follower presses. */
  function follow(readings: GameReading[], start: { layer?: LiveLayer; kept?: GameFollow | null } = {}) {
    let layer = start.layer ?? layerOf()
    let kept = start.kept ?? null
    for (const reading of readings) {
      const step = followGame(kept, reading, layer, NAMES)
      kept = step.follow
      for (const press of step.presses) layer = pressed(layer, press)
    }
    return { layer, kept: kept! }
  }
  const selection = real('greshilov_spectator_hero_selection_draft.json')
  const over = real('greshilov_spectator_post_game_win_dire_draft.json')
  // The same match throughout: the selection's draft, then its end (one match id).
  const sameMatch = { ...over, id: selection.id }
  const playing = { ...sameMatch, phase: 'live' as const, winner: null }

  it('puts the draft on air as the veto, its game’s winner by Radiant’s side, a guess until said', () => {
    const { layer, kept } = follow([selection, playing, sameMatch])
    expect(kept.sides).toBe('guess')
    expect(layer.veto).toHaveLength(22)
    // The bracket’s first team taken as Radiant: Dire’s win is the second’s.
    expect(layer.games[0]!.winner).toBe(1)
    expect(layer.games[0]!.map).toBeNull()
    expect(layer.games[0]!.rounds).toBeUndefined()
  })

  it('a person says the first team is Dire: the draft is pressed again by it, and the game’s end follows it', () => {
    const during = follow([selection, playing])
    const chosen = chooseSide(during.kept, 1, during.layer)
    expect(chosen.follow.sides).toBe('chosen')
    expect(chosen.presses).toHaveLength(1)
    let layer = during.layer
    for (const press of chosen.presses) layer = pressed(layer, press)
    expect(layer.veto![0]).toEqual({ side: 1, action: 'ban', item: 'Razor' })
    const ended = follow([sameMatch], { layer, kept: chosen.follow })
    expect(ended.layer.games[0]!.winner).toBe(0)
    // The next match (a new id) is game 2, its sides a guess again from the last game's.
    const next = follow([selection], { layer: ended.layer, kept: ended.kept })
    expect(next.kept).toMatchObject({ game: 2, sides: 'guess', firstSide: 1 })
  })

  it('a choice made after a game is over is the next game’s: the game over keeps its winner', () => {
    const ended = follow([selection, playing, sameMatch])
    expect(ended.layer.games[0]!.winner).toBe(1)
    const chosen = chooseSide(ended.kept, 1, ended.layer)
    expect(chosen.presses).toEqual([])
    const next = follow([selection], { layer: ended.layer, kept: chosen.follow })
    expect(next.kept).toMatchObject({ game: 2, sides: 'chosen', firstSide: 1 })
    expect(next.layer.games[0]!.winner).toBe(1)
    expect(next.layer.veto![0]).toEqual({ side: 1, action: 'ban', item: 'Doom' })
  })
})
