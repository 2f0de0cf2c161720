// A show set up as a producer would, through the bridge: a tournament's stream with its decided open matches linked
// to it (the Demo venue's "Lyon LAN Winter Cup" and its "B stream" unless told otherwise).
import { randomUUID } from 'node:crypto'
import type { WebMode } from './web-mode'

export type ShowMatch = {
  id: string
  status: string
  opponents: { participant: { id: string; name: string } | null }[]
}

export interface LinkedShow {
  tournamentId: string
  streamId: string
  /** The linked matches, decided and not played, in bracket order. */
  matches: ShowMatch[]
}

export async function linkedShow(
  web: WebMode,
  count: number,
  { tournament = 'Lyon LAN Winter Cup', stream = 'B stream' } = {},
): Promise<LinkedShow> {
  const list = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
  const tournamentId = list.items.find((t) => t.name === tournament)!.id
  const streams = await web.ipc<{ items: { id: string; name: string }[] }>('streams:list', {
    tournamentId,
    filters: {},
  })
  const streamId = streams.items.find((s) => s.name === stream)!.id
  const nodes = await web.ipc<{ items: ShowMatch[] }>('bracket:nodes', { tournamentId, filters: {} })
  const matches = nodes.items
    .filter((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))
    .slice(0, count)
  for (const match of matches)
    await web.ipc('match-streams:replace', { matchId: match.id, streamIds: [streamId], requestId: randomUUID() })
  return { tournamentId, streamId, matches }
}
