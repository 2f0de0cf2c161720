// Each stream's game source (Counter-Strike 2's Game State Integration): which stream follows which game
// under which token (kept only hashed, per connection, in game-sources.json), the config file the observer PC needs,
// when the game was last heard, and each reading turned into presses on the stream's on-air duel
// (shared/game/game-reading.ts) — the game's presses journalled as the game's, held by Hold like a tablet's.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { GameKind, GAME_TITLES, followGame, type GameFollow, type GameReading } from '../../../shared/game/game-reading'
import { gameConfig, type GameConfig } from '../../../shared/game/game-config'
import type { GameSourceView } from '../../../shared/game/game-source'
import type { LiveLayer, LivePress } from '../../../shared/broadcast/live-layer'
import type { StreamState } from '../../../shared/broadcast/feed'
import type { Clock } from '../clock'
import { AppError } from '../app-error'
import { moduleLog } from '../log'

const log = moduleLog('game-sources')

/** How long a game may say nothing before the desk says so: three of GSI's 10-second heartbeats. */
export const GAME_QUIET_MS = 30_000

const Kept = z.object({ game: GameKind, tokenHash: z.string().regex(/^[0-9a-f]{64}$/), since: z.number() })
type Kept = z.infer<typeof Kept>
type Stored = Record<string, Record<string, Kept>>

export interface GameSourcePorts {
  dataDir: string
  clock: Clock
  /** The connection the desk works on (a source serves the connection it was made on). */
  profileId: () => string
  desk: {
    onAirLayer(streamId: string): { layer: LiveLayer; names: [string, string] } | null
    /** The match a game may press on now (null: none on air, or the service's scores shown), read cheaply. */
    pressableMatch(streamId: string): string | null
    fromGame(streamId: string, presses: readonly LivePress[], cause: string): StreamState
  }
  /** Told when a source was made, removed, first heard or heard again after a quiet spell. */
  changed: (streamId: string) => void
}

/** Who a token is: the connection, the stream and the game it was made for. */
export interface GameTokenOwner {
  profileId: string
  streamId: string
  game: GameKind
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export class GameSources {
  private readonly file: string
  private data: Stored = Object.create(null) as Stored
  /** Each stream's follower (per connection and stream), with the on-air match it follows. */
  private readonly follows = new Map<string, { matchId: string; follow: GameFollow | null }>()
  /** When each stream's game was last heard (per connection and stream). */
  private readonly heard = new Map<string, number>()
  /** Each source by its token's hash, kept with the file: a game's post looks its token up in one step. */
  private readonly owners = new Map<string, GameTokenOwner>()
  /** Each stream's last reading as text: a post that says the same again presses nothing. */
  private readonly lastText = new Map<string, string>()
  /** Streams whose last presses failed (said once in the log until they are made again). */
  private readonly failing = new Set<string>()

  constructor(private readonly ports: GameSourcePorts) {
    this.file = join(ports.dataDir, 'game-sources.json')
    if (!existsSync(this.file)) return
    try {
      const raw = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, Record<string, unknown>>
      for (const [profileId, streams] of Object.entries(raw))
        for (const [streamId, kept] of Object.entries(streams ?? {})) {
          const parsed = Kept.safeParse(kept)
          if (parsed.success) this.profile(profileId)[streamId] = parsed.data
        }
    } catch (error) {
      log.warn('the game sources file did not read: every stream starts with none', { err: error })
    }
    this.index()
  }

  /**
   * Makes (or makes again) the stream's source of `game`: a new token, the old one refused from now on; answers the
   * config file for the observer PC, which posts to `hubUrl`.
   */
  connect(streamId: string, game: GameKind, hubUrl: string, streamName: string): GameConfig {
    const token = randomBytes(24).toString('base64url')
    this.profile(this.ports.profileId())[streamId] = { game, tokenHash: hashOf(token), since: this.ports.clock.now() }
    this.save()
    this.forget(streamId)
    this.ports.changed(streamId)
    return gameConfig(game, { hubUrl, token, streamName })
  }

  /** The stream follows no game any more: its token is refused. */
  disconnect(streamId: string): void {
    delete this.profile(this.ports.profileId())[streamId]
    this.save()
    this.forget(streamId)
    this.ports.changed(streamId)
  }

  /** The stream's source as the desk shows it (null: none). */
  source(streamId: string): GameSourceView | null {
    const profileId = this.ports.profileId()
    const kept = this.data[profileId]?.[streamId]
    if (!kept) return null
    const key = `${profileId}\u0000${streamId}`
    const heardAt = this.heard.get(key) ?? null
    const named = this.follows.get(key)?.follow?.named ?? null
    return { streamId, game: kept.game, since: kept.since, heardAt, quietMs: GAME_QUIET_MS, named }
  }

  /** Who a token was made for (undefined: no source has it). Looked up by its hash: no secret is compared. */
  owner(token: string): GameTokenOwner | undefined {
    if (token.length < 16 || token.length > 100) return undefined
    return this.owners.get(hashOf(token))
  }

  /**
   * A reading from the game of `owner`'s stream: heard now; its presses made on the on-air duel (none when the stream
   * is on another connection than the desk's, has nothing on air, or shows the service's scores).
   */
  take(owner: GameTokenOwner, reading: GameReading | null): void {
    const key = `${owner.profileId}\u0000${owner.streamId}`
    const now = this.ports.clock.now()
    const before = this.heard.get(key)
    this.heard.set(key, now)
    if (before === undefined || now - before > GAME_QUIET_MS) this.ports.changed(owner.streamId)
    if (!reading || owner.profileId !== this.ports.profileId()) return
    // Most posts say what the last one said (a player moved, a timer ran) of the same match on air: nothing to press.
    const text = `${this.ports.desk.pressableMatch(owner.streamId)}\u0000${JSON.stringify(reading)}`
    if (this.lastText.get(key) === text) return
    try {
      const onAir = this.ports.desk.onAirLayer(owner.streamId)
      if (onAir) this.press(key, owner, reading, onAir)
      // Kept once pressed: a reading whose presses failed is tried again with the game's next post.
      this.lastText.set(key, text)
      this.failing.delete(key)
    } catch (error) {
      // The game is told nothing (it only posts); the desk's log keeps why its presses did not hold, once until they do.
      if (!(error instanceof AppError)) throw error
      if (!this.failing.has(key))
        log.warn(`the game's presses on stream ${owner.streamId} were not made`, { err: error })
      this.failing.add(key)
    }
  }

  /** The presses of a reading on the on-air duel; the follower kept only once they are made. */
  private press(
    key: string,
    owner: GameTokenOwner,
    reading: GameReading,
    onAir: { layer: LiveLayer; names: [string, string] },
  ): void {
    const kept = this.follows.get(key)
    const followed = kept?.matchId === onAir.layer.matchId ? kept.follow : null
    const { follow, presses } = followGame(followed, reading, onAir.layer, onAir.names)
    if (presses.length > 0) this.ports.desk.fromGame(owner.streamId, presses, `${GAME_TITLES[owner.game]}'s own state`)
    this.follows.set(key, { matchId: onAir.layer.matchId, follow })
    // Whether the teams are known by name is on the desk: told when it changes.
    if ((kept?.follow?.named ?? null) !== (follow?.named ?? null)) this.ports.changed(owner.streamId)
  }

  private forget(streamId: string): void {
    const key = `${this.ports.profileId()}\u0000${streamId}`
    this.follows.delete(key)
    this.heard.delete(key)
    this.lastText.delete(key)
    this.failing.delete(key)
  }

  private index(): void {
    this.owners.clear()
    for (const [profileId, streams] of Object.entries(this.data))
      for (const [streamId, kept] of Object.entries(streams))
        this.owners.set(kept.tokenHash, { profileId, streamId, game: kept.game })
  }

  private profile(profileId: string): Record<string, Kept> {
    return (this.data[profileId] ??= Object.create(null) as Record<string, Kept>)
  }

  private save(): void {
    this.index()
    writeFileAtomic.sync(this.file, JSON.stringify(this.data, null, 2) + '\n', { mode: 0o600 })
  }
}
