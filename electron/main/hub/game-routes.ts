// The games' own posts (CS2's and Dota 2's Game State Integration) from an observer PC: the token the desk made for a
// stream, in the address and again in the body's auth block; the body bounded, read for the live layer and handed to
// the stream's game source. The game is answered at once (it posts again after a refusal; it reads no answer).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Cs2State, readCs2 } from '../../../shared/game/cs2-state'
import { Dota2State, readDota2 } from '../../../shared/game/dota2-state'
import { GsiGame, type GameReading } from '../../../shared/game/game-reading'
import { sameSecret } from '../local-server/route-guard'
import { access } from './hub-access'
import type { HubContext } from './hub-context'
import { GAME_POSTS_PER_SECOND, type GameSources, type GameTokenOwner } from '../broadcast/game-sources'

/** The most a game's post may hold: an observer's CS2 body with ten players and their weapons is about 30 KB. */
export const GAME_BODY_LIMIT = 256 * 1024

/** The token a game posts with, from its address (`?token=`). */
export function gameTokenOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined
  const token = query?.['token']
  return typeof token === 'string' ? token : ''
}

/** Remembers each request's source, so the rule and the handler look its token up once. */
const owners = new WeakMap<FastifyRequest, GameTokenOwner | null>()

/** The source a game's post comes from, by its token (undefined: none has it). */
export function gameOwnerOf(request: FastifyRequest, games: GameSources | undefined): GameTokenOwner | undefined {
  if (!owners.has(request)) owners.set(request, games?.owner(gameTokenOf(request)) ?? null)
  return owners.get(request) ?? undefined
}

/** Each game's body, read for the live layer (null: no map yet). */
const READERS: Record<
  GsiGame,
  (body: unknown) => { ok: true; reading: GameReading | null } | { ok: false; error: string }
> = {
  cs2: (body) => {
    const parsed = Cs2State.safeParse(body)
    if (!parsed.success) return { ok: false, error: issueWords(parsed.error.issues[0]) }
    return { ok: true, reading: readCs2(parsed.data) }
  },
  dota2: (body) => {
    const parsed = Dota2State.safeParse(body)
    if (!parsed.success) return { ok: false, error: issueWords(parsed.error.issues[0]) }
    return { ok: true, reading: readDota2(parsed.data) }
  },
}

const issueWords = (issue: { path: PropertyKey[]; message: string } | undefined) =>
  issue ? `${issue.path.map(String).join('.') || 'body'}: ${issue.message}` : 'body: not a game state'

export function gameRoutes(server: FastifyInstance, { games }: HubContext): void {
  server.post<{ Params: { game: string } }>(
    '/game/v1/:game',
    { config: access('game'), bodyLimit: GAME_BODY_LIMIT },
    (request, reply) => {
      const token = gameTokenOf(request)
      // The rule let in a token some source has: this one's game must be the route's.
      const owner = gameOwnerOf(request, games)
      const game = GsiGame.safeParse(request.params.game)
      if (!owner || !game.success || owner.game !== game.data)
        return reply.code(404).send({ error: 'game: this token is for another game' })
      const body = request.body as { auth?: { token?: unknown } } | undefined
      const given = body?.auth?.token
      if (typeof given !== 'string' || !sameSecret(given, token))
        return reply.code(401).send({ error: 'auth.token: not the token of this address' })
      // Counted per token: a source made again starts its own count.
      if (!games!.admit(token))
        return reply
          .code(429)
          .header('retry-after', '1')
          .send({ error: `at most ${GAME_POSTS_PER_SECOND} posts a second` })
      const read = READERS[game.data](request.body)
      if (!read.ok) return reply.code(400).send({ error: read.error })
      games!.take(owner, read.reading)
      return reply.send({})
    },
  )
}
