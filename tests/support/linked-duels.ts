// A stream's tests' starting point on the Demo venue: the Lyon LAN Winter Cup (or another tournament) read into the
// local copy, its "B stream" (or another), and its first duels not yet played with both players known, linked to that stream as a producer links them on the
// Stream desk. Through the channels the page calls (in-process dispatch or web mode's bridge alike).

type Value = <T>(channel: string, input?: unknown) => Promise<T>

export interface Duel {
  id: string
  status: string
  opponents: { participant: { id: string; name: string } | null; score?: number | null }[]
  /** The two players' names, in bracket order. */
  names: string[]
}

export interface LinkedDuels {
  tournamentId: string
  streamId: string
  /** The tournament's streams, B stream among them. */
  streams: { id: string; name: string }[]
  duels: Duel[]
}

/** Another of the Demo's tournaments and its stream (the Lyon LAN Winter Cup's B stream unless said). */
export interface DuelsOf {
  tournament: string
  stream: string
}

export async function linkedDuels(
  value: Value,
  count: number,
  of: DuelsOf = { tournament: 'Lyon LAN Winter Cup', stream: 'B stream' },
): Promise<LinkedDuels> {
  const tournaments = await value<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
  const tournamentId = tournaments.items.find((t) => t.name === of.tournament)!.id
  await value('participants:list', { tournamentId, filters: {} })
  const streams = (
    await value<{ items: { id: string; name: string }[] }>('streams:list', { tournamentId, filters: {} })
  ).items
  const streamId = streams.find((s) => s.name === of.stream)!.id
  const nodes = await value<{ items: Omit<Duel, 'names'>[] }>('bracket:nodes', { tournamentId, filters: {} })
  const duels = nodes.items
    .filter((n) => n.status !== 'completed' && n.opponents.length === 2 && n.opponents.every((o) => o.participant))
    .slice(0, count)
    .map((n) => ({ ...n, names: n.opponents.map((o) => o.participant!.name) }))
  for (const duel of duels) await value('match-streams:replace', { matchId: duel.id, streamIds: [streamId] })
  return { tournamentId, streamId, streams, duels }
}
