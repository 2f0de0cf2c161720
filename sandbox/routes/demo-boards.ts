// The Demo venue's chess boards, as a board's software (or a Lichess broadcast's round export) publishes them: one
// PGN game per match of a chess tournament that has begun, its players from the bracket, its moves a real game's
// played out a ply every few seconds from when the board was first asked for, its result the service's once the
// match is completed. Public, as a broadcast's export is; a tournament of another discipline has no boards.
import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'
import { notFound } from '../http/replies'
import { DEMO_CHESS_PLIES } from '../seed/demo-chess-moves'
import type { NodeRecord } from '../store/records'

/** How long a Demo board takes for each ply. */
export const DEMO_PLY_MS = 4_000

/** A PGN tag's value: quotes and backslashes escaped, one line. */
const tag = (name: string, value: string) =>
  `[${name} "${value.replace(/[\r\n]+/g, ' ').replace(/[\\"]/g, (c) => `\\${c}`)}"]`

/** The movetext of the first `plies` plies: "1. d4 Nf6 2. c4 …". */
function movetext(plies: number): string {
  const out: string[] = []
  DEMO_CHESS_PLIES.slice(0, plies).forEach((san, i) => out.push(i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san))
  return out.join(' ')
}

/** PGN's result of a match: White (the bracket's first) won, lost, drew, or it is played. */
function resultOf(node: NodeRecord): string {
  if (node.status !== 'completed') return '*'
  const white = node.opponents[0]?.result
  return white === 'win' ? '1-0' : white === 'loss' ? '0-1' : '1/2-1/2'
}

export function demoBoardRoutes(app: FastifyInstance, { store }: SandboxContext): void {
  /** When each board was first asked for while played: its moves count from there. */
  const firstSeen = new Map<string, number>()

  app.get<{ Params: { file: string } }>('/demo/boards/:file', { config: { access: 'public' } }, (request, reply) => {
    const tournamentId = /^(.{1,100})\.pgn$/.exec(request.params.file)?.[1] ?? ''
    const tournament = store.tournaments.get(tournamentId)
    if (!tournament || tournament.discipline !== 'chess') return notFound(reply, 'boards', tournamentId)
    const now = Date.now()
    const boards = [...store.nodes.values()].filter(
      (node) =>
        node.tournament_id === tournamentId &&
        node.status !== 'pending' &&
        node.opponents.length === 2 &&
        node.opponents.every((o) => o.participant),
    )
    const games = boards.map((node, board) => {
      const result = resultOf(node)
      const since = firstSeen.get(node.id) ?? now
      firstSeen.set(node.id, since)
      const plies =
        result === '*'
          ? Math.min(DEMO_CHESS_PLIES.length, Math.floor((now - since) / DEMO_PLY_MS))
          : DEMO_CHESS_PLIES.length
      return [
        tag('Event', tournament.name),
        tag('Site', tournament.location ?? 'Matchdesk Demo venue'),
        tag('Board', String(board + 1)),
        tag('White', node.opponents[0]!.participant!.name),
        tag('Black', node.opponents[1]!.participant!.name),
        tag('Result', result),
        tag('GameURL', `${request.protocol}://${request.host}/demo/boards/${tournamentId}.pgn#${node.id}`),
        '',
        `${movetext(plies)} ${result}`.trim(),
        '',
      ].join('\n')
    })
    return reply
      .header('content-type', 'application/x-chess-pgn; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(games.join('\n'))
  })
}
