// What Rocket League's Stats API sends (the game's TCP feed on the PC that runs it), read for the live layer: each
// message an `Event` with its `Data` (itself JSON inside a string); the match's GUID, each team's goals and name from
// UpdateState, the winner from MatchEnded. Bounded: only the parts read are kept. Recorded messages are in
// tests/fixtures/real/rocketleague/.
import { z } from 'zod'
import type { GameReading } from './game-reading'

const Text = z.string().max(200)

/** One message as the feed frames it. */
export const StatsMessage = z.object({ Event: Text, Data: z.union([z.string().max(256 * 1024), z.looseObject({})]) })
export type StatsMessage = z.infer<typeof StatsMessage>

const Team = z.object({
  Name: Text.optional(),
  TeamNum: z.number().int().min(0).max(1),
  Score: z.number().int().min(0).max(999),
})

const UpdateState = z.object({
  MatchGuid: Text.optional(),
  Game: z.object({
    Teams: z.array(Team).max(2),
    bHasWinner: z.boolean().optional(),
    /** The winning team's name, once the game has one. */
    Winner: Text.optional(),
  }),
})

const MatchEnded = z.object({ MatchGuid: Text.optional(), WinnerTeamNum: z.number().int().min(0).max(1) })

/** Team names the game gives when none was set: those name no team. */
const teamName = (name: string | undefined): string | null => {
  const trimmed = name?.trim() ?? ''
  return trimmed === '' || /^(blue|orange)$/i.test(trimmed) ? null : trimmed
}

/**
 * Reads the feed message by message. A reading comes from each UpdateState (the goals, the winner once the game has
 * one) and from MatchEnded (the last state, its winner); other events (a ball hit, a goal's own event and its refire at
 * the restart) read nothing: the next UpdateState carries the score.
 */
export class RocketLeagueReader {
  private last: GameReading | null = null
  /** The match MatchEnded ended: its later states (the podium) are of a match over. */
  private ended: string | null = null

  /** The reading a message gives (undefined: none; an error's words when the message does not read). */
  take(message: unknown): { reading?: GameReading } | { error: string } {
    const framed = StatsMessage.safeParse(message)
    if (!framed.success) return { error: 'message: not an Event with its Data' }
    const { Event: event } = framed.data
    if (event !== 'UpdateState' && event !== 'MatchEnded') return {}
    let data: unknown = framed.data.Data
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data)
      } catch {
        return { error: `${event}.Data: not JSON` }
      }
    }
    if (event === 'MatchEnded') {
      const ended = MatchEnded.safeParse(data)
      if (!ended.success) return { error: 'MatchEnded.WinnerTeamNum: 0 or 1' }
      if (!this.last || (ended.data.MatchGuid && ended.data.MatchGuid !== this.last.id)) return {}
      this.ended = this.last.id
      this.last = { ...this.last, phase: 'over', winner: ended.data.WinnerTeamNum === 0 ? 0 : 1 }
      return { reading: this.last }
    }
    const state = UpdateState.safeParse(data)
    if (!state.success) return { error: `UpdateState.${state.error.issues[0]?.path.join('.') ?? ''}: not a game state` }
    const team = (num: 0 | 1) => state.data.Game.Teams.find((t) => t.TeamNum === num)
    const [blue, orange] = [team(0), team(1)]
    if (!blue || !orange) return {}
    const game = state.data.Game
    const byName = game.Winner ? [blue, orange].findIndex((t) => t.Name === game.Winner) : -1
    const byGoals = blue.Score === orange.Score ? null : blue.Score > orange.Score ? 0 : 1
    const id = state.data.MatchGuid ?? null
    // A state of the match MatchEnded ended is still of a match over, with the winner it said.
    if (id !== null && id === this.ended && this.last?.id === id) return { reading: this.last }
    const over = game.bHasWinner === true
    this.last = {
      id,
      map: null,
      teams: [
        { name: teamName(blue.Name), rounds: blue.Score },
        { name: teamName(orange.Name), rounds: orange.Score },
      ],
      phase: over ? 'over' : 'live',
      winner: !over ? null : byName === 0 || byName === 1 ? byName : byGoals,
      sidesSwap: false,
      swappedAtBreak: null,
      draft: null,
      roundsToWin: null,
    }
    return { reading: this.last }
  }
}
