// A stream's game source as the desk shows it, and what the desk asks of it (IPC): which game, since when, when the
// game was last heard, who is who; the config file made for the observer PC, the address of Rocket League's feed.
import { z } from 'zod'
import { Side } from '../broadcast/live-layer'
import { GameKind, SIDES_KNOWN } from './game-reading'

export const GameSourceView = z.object({
  streamId: z.string(),
  game: GameKind,
  /** When the source was made (epoch ms). */
  since: z.number(),
  /** When the game last posted (epoch ms), or null: not since the desk started. */
  heardAt: z.number().nullable(),
  /** How long the game may say nothing before the desk says so (ms). */
  quietMs: z.number(),
  /**
   * How the game's teams are tied to the bracket's for the game being played: by their names, by a person's choice, or
   * a guess (the rounds followed); null: nothing read yet, or no match on air to follow.
   */
  sides: z.enum(SIDES_KNOWN).nullable(),
  /** The bracket side playing the game's first team (CT now, Radiant, Blue), or null as `sides`. */
  firstSide: Side.nullable(),
  /**
   * Where the desk reads the game's feed (Rocket League's Stats API: host:port; a PGN: a file's path or an address), or
   * null: the game posts to the hub.
   */
  address: z.string().nullable(),
  /** Why the desk cannot read that feed now ("connection refused"), or null. */
  problem: z.string().nullable(),
  /** What the feed says beyond the presses (a chess game's current move and result: "34… Qxe5 · 1-0"), or null. */
  detail: z.string().nullable(),
})
export type GameSourceView = z.infer<typeof GameSourceView>

export const GameConfig = z.object({
  /** The file's name, as the game looks for it. */
  fileName: z.string(),
  /** Where it goes on the observer PC (the game's cfg folder under Steam's library). */
  folder: z.string(),
  /** What the game must be started with to read it (Steam's launch options), or null. */
  launchOption: z.string().nullable(),
  /** The file itself (it holds the source's token: shown once, never kept by the desk). */
  text: z.string(),
})
export type GameConfig = z.infer<typeof GameConfig>

/** True when the game has said nothing for its quiet time (or never, since the source was made that long ago). */
export function gameQuiet(source: GameSourceView, now: number): boolean {
  return now - (source.heardAt ?? source.since) > source.quietMs
}

/** Where Rocket League's Stats API listens by default (the game's own TCP port on the PC that runs it). */
export const STATS_API_ADDRESS = '127.0.0.1:49123'

/** A feed's address as typed: a host (name or IPv4) and a port, `192.168.1.20:49123`. */
export const GameAddress = z
  .string()
  .trim()
  .max(260, 'address: at most 260 characters')
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}):\d{1,5}$/, 'address: a host and a port, as 127.0.0.1:49123')
  .refine((address) => {
    // Said once: an address without a port is the pattern's to refuse.
    const port = /:(\d{1,5})$/.exec(address)?.[1]
    return port === undefined || (Number(port) >= 1 && Number(port) <= 65535)
  }, 'address: the port is 1 to 65535')

/** A PGN feed's location as typed: a file's full path, or an http(s) address; one line. */
export const PgnLocation = z
  .string()
  .trim()
  .min(1, 'location: a file’s full path or an http(s) address')
  .max(2000, 'location: at most 2000 characters')
  .regex(/^[^\p{Cc}]*$/u, 'location: one line, no control characters')
  .refine(
    (location) => /^https?:\/\/[^\s/]+/i.test(location) || /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(location),
    'location: a file’s full path or an http(s) address',
  )
