// What Counter-Strike 2's Game State Integration posts to the hub, read for the live layer: the map, its phase, each
// team's rounds and name. Bounded: the body comes from a PC on the LAN (only the parts read are kept; the route
// bounds the bytes). A recorded body is in tests/fixtures/real/.
import { z } from 'zod'
import type { GameReading } from './game-reading'

const Name = z.string().max(200)
const Rounds = z.number().int().min(0).max(999)

const Team = z.object({ score: Rounds, name: Name.optional() })

/** The parts of a GSI body the hub reads; everything else the game sends (players, grenades, …) is dropped. */
export const Cs2State = z.object({
  provider: z.object({ name: Name, appid: z.number().int(), timestamp: z.number().int().optional() }),
  map: z
    .object({
      name: Name,
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
  const bare = name.replace(/^.*\//, '').replace(/^[a-z]{2,3}_/, '')
  return bare
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ')
    .slice(0, 40)
}

/** Team names a server did not set come as "" or as the side; those name no team. */
const teamName = (name: string | undefined): string | null => {
  const trimmed = name?.trim() ?? ''
  return trimmed === '' || /^(ct|t|terrorists?|counter-terrorists?)$/i.test(trimmed) ? null : trimmed
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
  return {
    map: mapTitle(map.name),
    // CT first: the game's own order. The teams change sides at each half; the follower keeps who is who.
    teams: [
      { name: teamName(map.team_ct.name), rounds: ct },
      { name: teamName(map.team_t.name), rounds: t },
    ],
    phase,
    winner: phase === 'over' && ct !== t ? (ct > t ? 0 : 1) : null,
    sidesSwap: true,
  }
}
