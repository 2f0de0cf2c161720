// Rocket League's Stats API as recorded (tests/fixtures/real/rocketleague): goals from UpdateState, nothing from the
// goal's own events (nor their empty refire at the restart), the winner from MatchEnded; followed as a game's score.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pressed, seedLayer } from '../broadcast/live-layer'
import type { FeedMatch } from '../broadcast/feed'
import { followGame, type GameFollow } from './game-reading'
import { RocketLeagueReader } from './rocket-league-state'
import { GameAddress } from './game-source'

const real = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/real/rocketleague/${name}`, import.meta.url), 'utf8'))
const GUID = '2E00EF7011F143545D4DEE8C9B86C7FA'

describe("Rocket League's Stats API, as recorded", () => {
  it('reads the goals of each team from UpdateState, Blue first; the default team names name no one', () => {
    const reader = new RocketLeagueReader()
    const read = reader.take(real('spectator_msg0129_UpdateState_after_goal_score1-0.json'))
    expect(read).toEqual({
      reading: {
        id: GUID,
        map: null,
        teams: [
          { name: null, rounds: 1 },
          { name: null, rounds: 0 },
        ],
        phase: 'live',
        winner: null,
        sidesSwap: false,
        swappedAtBreak: null,
        draft: null,
        roundsToWin: null,
      },
    })
  })

  it('reads nothing from a goal’s own event, its empty refire, a ball hit or the countdown', () => {
    const reader = new RocketLeagueReader()
    for (const name of [
      'spectator_msg0128_GoalScored.json',
      'spectator_msg0651_GoalScored_refire_empty_scorer.json',
      'spectator_msg0072_BallHit.json',
      'spectator_msg0652_CountdownBegin.json',
    ])
      expect(reader.take(real(name))).toEqual({})
  })

  it('ends the game at MatchEnded with its winner (a MatchEnded of another match is not this one’s)', () => {
    const reader = new RocketLeagueReader()
    reader.take(real('spectator_msg0129_UpdateState_after_goal_score1-0.json'))
    expect(
      reader.take({ Event: 'MatchEnded', Data: JSON.stringify({ MatchGuid: 'other', WinnerTeamNum: 1 }) }),
    ).toEqual({})
    const ended = reader.take({ Event: 'MatchEnded', Data: JSON.stringify({ MatchGuid: GUID, WinnerTeamNum: 0 }) })
    expect(ended).toMatchObject({ reading: { phase: 'over', winner: 0 } })
    // The podium's states of that match, without bHasWinner, are still of a match over.
    const podium = reader.take(real('spectator_msg0129_UpdateState_after_goal_score1-0.json'))
    expect(podium).toMatchObject({ reading: { phase: 'over', winner: 0 } })
  })

  it('says what does not read, naming the part', () => {
    const reader = new RocketLeagueReader()
    expect(reader.take({ Event: 'UpdateState', Data: '{not json' })).toEqual({ error: 'UpdateState.Data: not JSON' })
    expect(reader.take({ Event: 'UpdateState', Data: { Game: { Teams: 'x' } } })).toMatchObject({
      error: expect.stringMatching(/^UpdateState\.Game\.Teams/),
    })
    expect(reader.take({ Data: {} })).toEqual({ error: 'message: not an Event with its Data' })
  })

  it('followed, its goals are the game’s score, its end the game’s winner, a new match the next game', () => {
    let layer = seedLayer({
      id: 'm1',
      bestOf: 5,
      opponents: [
        { name: 'Blue Side', score: null },
        { name: 'Orange Side', score: null },
      ],
    } as unknown as FeedMatch)
    const reader = new RocketLeagueReader()
    let kept: GameFollow | null = null
    const feed = (message: unknown) => {
      const read = reader.take(message)
      if (!('reading' in read) || !read.reading) return
      const step = followGame(kept, read.reading, layer, ['Blue Side', 'Orange Side'])
      kept = step.follow
      for (const press of step.presses) layer = pressed(layer, press)
    }
    feed(real('spectator_msg0129_UpdateState_after_goal_score1-0.json'))
    expect(layer.games[0]!.rounds).toEqual([1, 0])
    feed({ Event: 'MatchEnded', Data: JSON.stringify({ MatchGuid: GUID, WinnerTeamNum: 0 }) })
    expect(layer.games[0]!.winner).toBe(0)
    const next = real('spectator_msg0000_UpdateState.json') as { Data: string }
    feed({ ...next, Data: next.Data.replace(/"MatchGuid":"[^"]*"/, '"MatchGuid":"NEXT"') })
    expect(layer.games[1]!.rounds).toEqual([0, 0])
  })
})

describe('a feed’s address as typed', () => {
  it('takes a host and a port; refuses the rest once, naming the field', () => {
    expect(GameAddress.parse(' 192.168.1.20:49123 ')).toBe('192.168.1.20:49123')
    expect(GameAddress.parse('observer-pc.local:49123')).toBe('observer-pc.local:49123')
    const refused = (text: string) => GameAddress.safeParse(text).error?.issues.map((issue) => issue.message)
    expect(refused('http://x')).toEqual(['address: a host and a port, as 127.0.0.1:49123'])
    expect(refused('127.0.0.1:70000')).toEqual(['address: the port is 1 to 65535'])
  })
})
