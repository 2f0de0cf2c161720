// What Dota 2's Game State Integration posts to the hub (an observer's client), read for the live layer: the match's
// id, its state, its winner, and the draft's picks and bans by hero. Bounded like CS2's (only the parts read are kept;
// the route bounds the bytes). Recorded bodies are in tests/fixtures/real/dota2/.
import { z } from 'zod'
import { heroes } from 'dotaconstants'
import type { GameReading } from './game-reading'
import { airName, innerNameTitle } from './inner-name'

const Text = z.string().max(200)

/** One team's draft as GSI gives it: `pick0_class` … `ban6_class` (the hero's inner name), `pick0_id` … (its id). */
const TeamDraft = z.record(Text, z.union([Text, z.number(), z.boolean()]))

export const Dota2State = z.object({
  provider: z.object({ name: Text, appid: z.number().int(), timestamp: z.number().int().optional() }),
  map: z
    .object({
      matchid: Text,
      game_state: Text,
      /** radiant, dire, or none. */
      win_team: Text.optional(),
    })
    .optional(),
  /** The draft as a spectator sees it: team2 is Radiant, team3 Dire. */
  draft: z.object({ team2: TeamDraft.optional(), team3: TeamDraft.optional() }).catchall(z.unknown()).optional(),
  auth: z.record(z.string().max(40), z.string().max(200)).optional(),
})
export type Dota2State = z.infer<typeof Dota2State>

const byInnerName = new Map(
  Object.values(heroes as Record<string, { name: string; localized_name: string }>).map((hero) => [
    hero.name.replace(/^npc_dota_hero_/, ''),
    hero.localized_name,
  ]),
)

/** A hero as casters say it: "obsidian_destroyer" → "Outworld Devourer"; one not known yet, from its inner name. */
export function heroTitle(inner: string): string {
  const bare = inner.replace(/^npc_dota_hero_/, '')
  const known = byInnerName.get(bare)
  return known ? airName(known) : innerNameTitle(bare)
}

/** The states before the horn: loading, the draft, the showcase. The pre-game (creeps not yet out) is played. */
const BEFORE =
  /^DOTA_GAMERULES_STATE_(INIT|WAIT_FOR_PLAYERS_TO_LOAD|CUSTOM_GAME_SETUP|PLAYER_DRAFT|HERO_SELECTION|STRATEGY_TIME|TEAM_SHOWCASE|WAIT_FOR_MAP_TO_LOAD)$/

type Drafted = NonNullable<GameReading['draft']>

/** Slots a team's picks or bans may use (Captains Mode: 5 picks, 7 bans). */
const SLOTS = 10

/** A team's heroes of one action, in the draft's order (`ban0`, `ban1`, …). */
function heroesOf(team: Record<string, unknown> | undefined, action: 'pick' | 'ban'): string[] {
  const out: string[] = []
  for (let slot = 0; slot < SLOTS; slot++) {
    const inner = team?.[`${action}${slot}_class`]
    const hero = typeof inner === 'string' ? heroTitle(inner) : ''
    if (hero !== '') out.push(hero)
  }
  return out
}

/**
 * The draft as steps: bans, then picks, Radiant's and Dire's taken in turn. GSI gives each team's slots, not the order
 * they came in; this order is the one a draft screen shows them in.
 */
function draftOf(draft: Dota2State['draft']): Drafted | null {
  if (!draft) return null
  const steps: Drafted = []
  for (const action of ['ban', 'pick'] as const) {
    const [radiant, dire] = [heroesOf(draft.team2, action), heroesOf(draft.team3, action)]
    for (let i = 0; i < Math.max(radiant.length, dire.length); i++) {
      if (radiant[i]) steps.push({ team: 0, action, item: radiant[i]! })
      if (dire[i]) steps.push({ team: 1, action, item: dire[i]! })
    }
  }
  return steps
}

/**
 * A GSI body as the live layer reads it (null: no match yet). One map, no rounds; the teams keep their sides for the
 * whole game (Radiant first), and the match's id tells a new game of the series.
 */
export function readDota2(state: Dota2State): GameReading | null {
  const map = state.map
  if (!map || !map.matchid || map.matchid === '0') return null
  const over = map.game_state === 'DOTA_GAMERULES_STATE_POST_GAME'
  const phase = over ? 'over' : BEFORE.test(map.game_state) ? 'warmup' : 'live'
  const winner = !over ? null : map.win_team === 'radiant' ? 0 : map.win_team === 'dire' ? 1 : null
  return {
    id: map.matchid,
    map: null,
    teams: [
      { name: null, rounds: null },
      { name: null, rounds: null },
    ],
    phase,
    winner,
    sidesSwap: false,
    swappedAtBreak: null,
    draft: draftOf(state.draft),
    roundsToWin: null,
  }
}
