// A stream's game source as the desk shows it, and what the desk asks of it (IPC): which game, since when, when the
// game was last heard; the config file made for the observer PC.
import { z } from 'zod'
import { GameKind } from './game-reading'

export const GameSourceView = z.object({
  streamId: z.string(),
  game: GameKind,
  /** When the source was made (epoch ms). */
  since: z.number(),
  /** When the game last posted (epoch ms), or null: not since the desk started. */
  heardAt: z.number().nullable(),
  /** How long the game may say nothing before the desk says so (ms). */
  quietMs: z.number(),
  /** Whether the game's teams are known by their names (false: who is who is the rounds' guess; null: not yet read). */
  named: z.boolean().nullable(),
})
export type GameSourceView = z.infer<typeof GameSourceView>

export const GameConfig = z.object({
  /** The file's name, as the game looks for it. */
  fileName: z.string(),
  /** Where it goes on the observer PC (the game's cfg folder under Steam's library). */
  folder: z.string(),
  /** The file itself (it holds the source's token: shown once, never kept by the desk). */
  text: z.string(),
})
export type GameConfig = z.infer<typeof GameConfig>

/** True when the game has said nothing for its quiet time (or never, since the source was made that long ago). */
export function gameQuiet(source: GameSourceView, now: number): boolean {
  return now - (source.heardAt ?? source.since) > source.quietMs
}
