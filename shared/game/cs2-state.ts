// What Counter-Strike 2's Game State Integration posts to the hub, read for the live layer: the map, its phase, each
// team's rounds and name. Bounded: the body comes from a PC on the LAN (only the parts read are kept; the route
// bounds the bytes). A recorded body is in tests/fixtures/real/.
import { z } from 'zod'
import type { GameReading } from './game-reading'
import { innerNameTitle } from './inner-name'

const Name = z.string().max(200)
const Rounds = z.number().int().min(0).max(999)

const Team = z.object({ score: Rounds, name: Name.optional() })

/** The parts of a GSI body the hub reads; everything else the game sends (players, grenades, …) is dropped. */
export const Cs2State = z.object({
  provider: z.object({ name: Name, appid: z.number().int(), timestamp: z.number().int().optional() }),
  map: z
    .object({
      name: Name,
      /** competitive, scrimcomp2v2 (wingman), casual, … */
      mode: z.string().max(40).optional(),
      /** warmup, live, intermission (between halves), gameover. */
      phase: z.string().max(40),
      /** Rounds played so far. */
      round: Rounds,
      team_ct: Team,
      team_t: Team,
    })
    .optional(),
  round: z.object({ phase: z.string().max(40), win_team: z.string().max(10).optional() }).optional(),
  auth: z.record(z.string().max(40), z.string().max(200)).optional(),
})
export type Cs2State = z.infer<typeof Cs2State>

/** A map's name as casters say it: de_mirage → Mirage, cs_office → Office. */
export function mapTitle(name: string): string {
  return innerNameTitle(name.replace(/^.*\//, '').replace(/^[a-z]{2,3}_/, ''))
}

/** Team names a server did not set come as "" or as the side; those name no team. */
const teamName = (name: string | undefined): string | null => {
  const trimmed = name?.trim() ?? ''
  return trimmed === '' || /^(ct|t|terrorists?|counter-terrorists?)$/i.test(trimmed) ? null : trimmed
}

/**
 * Whether the teams change sides at a break after `played` rounds, by the mode's rules: competitive's 24 rounds change
 * after 12 and each overtime of 6 after its 3rd; wingman's 16 after 8. Null where not known (wingman's overtimes,
 * other modes).
 */
export function sidesChangedAt(mode: string | undefined, played: number): boolean | null {
  if (mode === 'competitive') return played === 12 || (played > 24 && (played - 24) % 6 === 3)
  if (mode === 'scrimcomp2v2') return played <= 16 ? played === 8 : null
  return null
}

/**
 * The rounds a team needs to win the map, by the mode's rules: competitive's 13 of 24, then each overtime of 6 (MR3)
 * three more from 12–12 (16, then 19, …); wingman's 9 of 16. Null where not known (other modes, wingman's overtimes).
 */
export function roundsToWin(mode: string | undefined, ct: number, t: number): number | null {
  const [low, high] = [Math.min(ct, t), Math.max(ct, t)]
  if (mode === 'competitive') return low < 12 || high < 12 ? 13 : 16 + 3 * Math.floor((low - 12) / 3)
  if (mode === 'scrimcomp2v2') return low < 8 || high < 8 ? 9 : null
  return null
}

/** A GSI body as the live layer reads it (null: no map yet, the game sits in its menus). */
export function readCs2(state: Cs2State): GameReading | null {
  const map = state.map
  if (!map) return null
  const phase =
    map.phase === 'gameover'
      ? 'over'
      : map.phase === 'intermission'
        ? 'break'
        : map.phase === 'warmup'
          ? 'warmup'
          : 'live'
  const ct = map.team_ct.score
  const t = map.team_t.score
  // The map's winner: the last round's winner at its end (a surrender too), else the team with more rounds.
  const lastWin = state.round?.win_team === 'CT' ? 0 : state.round?.win_team === 'T' ? 1 : null
  const played = ct + t
  return {
    id: null,
    map: mapTitle(map.name),
    // CT first: the game's own order. The teams change sides at each half; the follower keeps who is who.
    teams: [
      { name: teamName(map.team_ct.name), rounds: ct },
      { name: teamName(map.team_t.name), rounds: t },
    ],
    phase,
    winner: phase !== 'over' ? null : (lastWin ?? (ct === t ? null : ct > t ? 0 : 1)),
    sidesSwap: true,
    swappedAtBreak: sidesChangedAt(map.mode, played),
    draft: null,
    roundsToWin: roundsToWin(map.mode, ct, t),
  }
}
