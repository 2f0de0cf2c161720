// Each stream's game source: which stream follows which game — CS2's or Dota 2's Game State Integration under a token
// (kept only hashed), Rocket League's Stats API at an address, a chess PGN feed (a file or an address) the desk
// reads — per connection in game-sources.json;
// the config file the observer PC needs, when the game was last heard, who is who, and each reading turned into presses
// on the stream's on-air duel (shared/game/game-reading.ts) — journalled as the game's, held by Hold like a tablet's.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import {
  GameKind,
  GAME_CAUSES,
  chooseSide,
  followGame,
  type GameFollow,
  type GameReading,
  type GsiGame,
} from '../../../shared/game/game-reading'
import { RocketLeagueReader } from '../../../shared/game/rocket-league-state'
import { chessReading } from '../../../shared/game/chess-pgn'
import { gameConfig, type GameConfig } from '../../../shared/game/game-config'
import type { GameSourceView } from '../../../shared/game/game-source'
import type { LiveLayer, LivePress, Side } from '../../../shared/broadcast/live-layer'
import type { StreamState } from '../../../shared/broadcast/feed'
import type { Clock } from '../clock'
import { AppError } from '../app-error'
import { moduleLog } from '../log'
import { StatsFeed } from './stats-feed'
import { RateWindow } from '../local-server/rate-window'
import { PgnFeed } from './pgn-feed'

const log = moduleLog('game-sources')

/** How long a game may say nothing before the desk says so: three of GSI's 10-second heartbeats. */
export const GAME_QUIET_MS = 30_000
/** Posts a source (its token) may make in a second: GSI's throttle of 0.1 s (ten a second) and its heartbeats fit. */
export const GAME_POSTS_PER_SECOND = 20

/** A source as kept: a GSI game's token hash, or the address of the feed the desk reads (Rocket League's, a PGN). */
const Kept = z.object({
  game: GameKind,
  tokenHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  address: z.string().max(2000).optional(),
  since: z.number(),
})
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
  /** Each token's posts in the current second (a source made again starts its own count). */
  private readonly rate = new RateWindow(GAME_POSTS_PER_SECOND)
  /** Streams whose last presses failed (said once in the log until they are made again). */
  private readonly failing = new Set<string>()
  /** Each feed the desk reads (per connection and stream), why it cannot now, and what it says beyond the presses. */
  private readonly feeds = new Map<string, { feed: { close(): void }; problem: string | null; detail: string | null }>()

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
    for (const [profileId, streams] of Object.entries(this.data))
      for (const [streamId, kept] of Object.entries(streams))
        if (kept.address) this.read(profileId, streamId, kept.game, kept.address)
  }

  /**
   * Makes (or makes again) the stream's source of `game`: a new token, the old one refused from now on; answers the
   * config file for the observer PC, which posts to `hubUrl`.
   */
  connect(streamId: string, game: GsiGame, hubUrl: string, streamName: string): GameConfig {
    const token = randomBytes(24).toString('base64url')
    this.forget(streamId)
    this.profile(this.ports.profileId())[streamId] = { game, tokenHash: hashOf(token), since: this.ports.clock.now() }
    this.save()
    this.ports.changed(streamId)
    return gameConfig(game, { hubUrl, token, streamName })
  }

  /**
   * The stream follows a feed the desk reads from now on: Rocket League's Stats API at `address` (host:port), or a
   * chess PGN (a file's full path or an http(s) address).
   */
  listen(streamId: string, game: 'rocketleague' | 'chess', address: string): GameSourceView {
    const profileId = this.ports.profileId()
    this.forget(streamId)
    this.profile(profileId)[streamId] = { game, address, since: this.ports.clock.now() }
    this.save()
    this.read(profileId, streamId, game, address)
    this.ports.changed(streamId)
    return this.source(streamId)!
  }

  /**
   * A person says which bracket side plays the game's first team: during a game, kept for it (its rounds and draft
   * pressed again by it); once the game is over, kept for the next (shared/game/game-reading.ts, `chooseSide`).
   */
  chooseSide(streamId: string, firstSide: Side): GameSourceView {
    const profileId = this.ports.profileId()
    const key = `${profileId}\u0000${streamId}`
    const kept = this.follows.get(key)
    const onAir = this.ports.desk.onAirLayer(streamId)
    const source = this.data[profileId]?.[streamId]
    if (!source || !kept?.follow || !onAir || onAir.layer.matchId !== kept.matchId)
      throw new AppError('conflict', 'firstSide: nothing read from the game for the match on air yet.', {
        firstSide: 'no game read yet',
      })
    const { follow, presses } = chooseSide(kept.follow, firstSide, onAir.layer)
    if (presses.length > 0)
      this.ports.desk.fromGame(streamId, presses, `${GAME_CAUSES[source.game]}, its teams as chosen`)
    this.follows.set(key, { matchId: kept.matchId, follow })
    this.ports.changed(streamId)
    return this.source(streamId)!
  }

  /** Stops reading every feed (the app quits). */
  close(): void {
    for (const { feed } of this.feeds.values()) feed.close()
    this.feeds.clear()
  }

  /** The stream follows no game any more: its token is refused. */
  disconnect(streamId: string): void {
    this.forget(streamId)
    delete this.profile(this.ports.profileId())[streamId]
    this.save()
    this.ports.changed(streamId)
  }

  /** The stream's source as the desk shows it (null: none). */
  source(streamId: string): GameSourceView | null {
    const profileId = this.ports.profileId()
    const kept = this.data[profileId]?.[streamId]
    if (!kept) return null
    const key = `${profileId}\u0000${streamId}`
    const heardAt = this.heard.get(key) ?? null
    const follow = this.follows.get(key)?.follow ?? null
    return {
      streamId,
      game: kept.game,
      since: kept.since,
      heardAt,
      quietMs: GAME_QUIET_MS,
      sides: follow?.sides ?? null,
      firstSide: follow?.firstSide ?? null,
      address: kept.address ?? null,
      problem: this.feeds.get(key)?.problem ?? null,
      detail: this.feeds.get(key)?.detail ?? null,
    }
  }

  /** Counts a post of `token` now: false once it has made its posts of this second. */
  admit(token: string): boolean {
    return this.rate.admit(token, this.ports.clock.now())
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
    this.hear(key, owner)
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

  /** The game was heard now: told to the desk when first heard, or heard again after a quiet spell. */
  private hear(key: string, owner: GameTokenOwner): void {
    const now = this.ports.clock.now()
    const before = this.heard.get(key)
    this.heard.set(key, now)
    if (before === undefined || now - before > GAME_QUIET_MS) this.ports.changed(owner.streamId)
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
    if (presses.length > 0) this.ports.desk.fromGame(owner.streamId, presses, GAME_CAUSES[owner.game])
    this.follows.set(key, { matchId: onAir.layer.matchId, follow })
    // Who is who is on the desk: told when it changes.
    const said = (f: GameFollow | null | undefined) => (f ? `${f.sides}${f.firstSide}` : null)
    if (said(kept?.follow) !== said(follow)) this.ports.changed(owner.streamId)
  }

  /** Reads the feed at `address` for a stream, each reading taken as a post is. */
  private read(profileId: string, streamId: string, game: GameKind, address: string): void {
    const key = `${profileId}\u0000${streamId}`
    const owner: GameTokenOwner = { profileId, streamId, game }
    if (game === 'chess') return this.readPgn(key, owner, address)
    const reader = new RocketLeagueReader()
    const feed = new StatsFeed(address, {
      message: (value) => {
        const read = reader.take(value)
        if ('error' in read) return this.problem(key, owner, read.error)
        if (!read.reading) return
        // A message read well: an earlier one's problem is over.
        this.problem(key, owner, null)
        this.take(owner, read.reading)
      },
      problem: (words) => this.problem(key, owner, words),
    })
    this.feeds.set(key, { feed, problem: null, detail: null })
  }

  /**
   * Reads a PGN feed: after each read, the game of the on-air duel's two players found in it and taken as a post is
   * (again only when the feed or the match on air changed); its current move and result said on the desk.
   */
  private readPgn(key: string, owner: GameTokenOwner, location: string): void {
    /** The last text read with the names it was read for, and what it gave: read again only when either changes. */
    let seen: { text: string; names: string; prefer: string | null; read: ReturnType<typeof chessReading> } | null =
      null
    const feed = new PgnFeed(location, {
      text: (text) => {
        // Read is heard: a chess game may go minutes without a move.
        this.hear(key, owner)
        const onAir = owner.profileId === this.ports.profileId() ? this.onAirOrNone(owner.streamId) : null
        if (!onAir) {
          this.problem(key, owner, null)
          return this.said(key, owner, null)
        }
        // The game followed is kept until its result is taken, though the players' next game is in the feed already.
        const last = this.follows.get(key)?.follow?.last
        const prefer = last && last.phase !== 'over' ? last.id : null
        const names = onAir.names.join('\u0000')
        if (seen?.text !== text || seen.names !== names || seen.prefer !== prefer)
          seen = { text, names, prefer, read: chessReading(text, onAir.names, prefer) }
        const { read } = seen
        if (read && 'error' in read) return this.problem(key, owner, read.error)
        if (!read) return this.problem(key, owner, `no game of the feed has ${onAir.names[0]} and ${onAir.names[1]}`)
        this.problem(key, owner, null)
        this.said(key, owner, read.move ? `${read.move}${read.result === '*' ? '' : ` · ${read.result}`}` : null)
        // Taken after each read: the game's repeats press nothing (take's own check), a refused press is tried again.
        this.take(owner, read.reading)
      },
      problem: (words) => this.problem(key, owner, words),
    })
    this.feeds.set(key, { feed, problem: null, detail: null })
  }

  /** The stream's on-air duel, or null: none, or a stream the local copy no longer has. */
  private onAirOrNone(streamId: string): ReturnType<GameSourcePorts['desk']['onAirLayer']> {
    try {
      return this.ports.desk.onAirLayer(streamId)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      // let go: a stream gone from the local copy has nothing on air; the feed says so as "not read".
      return null
    }
  }

  /** What a feed says beyond its presses (a chess game's current move), told to the desk when it changes. */
  private said(key: string, owner: GameTokenOwner, detail: string | null): void {
    const kept = this.feeds.get(key)
    if (!kept || kept.detail === detail) return
    kept.detail = detail
    this.ports.changed(owner.streamId)
  }

  /** Why a feed cannot be read now (null: it is again), told to the desk when it changes. */
  private problem(key: string, owner: GameTokenOwner, words: string | null): void {
    const kept = this.feeds.get(key)
    if (!kept || kept.problem === words) return
    kept.problem = words
    if (words) log.warn(`the game feed of stream ${owner.streamId} cannot be read: ${words}`)
    this.ports.changed(owner.streamId)
  }

  private forget(streamId: string): void {
    const key = `${this.ports.profileId()}\u0000${streamId}`
    this.feeds.get(key)?.feed.close()
    this.feeds.delete(key)
    this.follows.delete(key)
    this.heard.delete(key)
    this.lastText.delete(key)
    this.failing.delete(key)
  }

  private index(): void {
    this.owners.clear()
    for (const [profileId, streams] of Object.entries(this.data))
      for (const [streamId, kept] of Object.entries(streams))
        if (kept.tokenHash) this.owners.set(kept.tokenHash, { profileId, streamId, game: kept.game })
  }

  private profile(profileId: string): Record<string, Kept> {
    return (this.data[profileId] ??= Object.create(null) as Record<string, Kept>)
  }

  private save(): void {
    this.index()
    writeFileAtomic.sync(this.file, JSON.stringify(this.data, null, 2) + '\n', { mode: 0o600 })
  }
}
