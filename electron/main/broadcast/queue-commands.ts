// What goes on air on a stream and what comes next: a Take (a linked match; an undecided one only when the producer
// confirmed), take next (the queue's first decided match) and the queue's order, through the desk's own actions.
import type { Stream } from '../../../shared/api'
import type { StreamState } from '../../../shared/broadcast/feed'
import { slotName } from '../../../shared/bracket/match-labels'
import { isDecided } from '../../../shared/bracket/stream-queue'
import { AppError } from '../app-error'
import type { DeskCommandPorts } from './desk-actions'
import { streamQueue, type TournamentSources } from './feed-builder'

export interface QueueCommandPorts extends DeskCommandPorts {
  /** Seeds the taken match's live layer from the service's data. */
  seed(stream: Stream, sources: TournamentSources): unknown
  /** A Take happened on the stream (a show sequence may start). */
  taken?: ((streamId: string) => void) | undefined
}

export class QueueCommands {
  constructor(private readonly ports: QueueCommandPorts) {}

  /** Puts a match on air; one whose opponents are not all known only when `undecided` says the producer confirmed. */
  take(streamId: string, matchId: string, undecided = false): StreamState {
    const { desk, feeds, session } = this.ports
    const stream = desk.ownStream(streamId)
    const sources = feeds.sourcesOf(stream.tournament_id)
    const match = feeds.match(sources, matchId)
    const label = sources.labels.get(match.id)?.long ?? `match ${match.number}`
    if (!(sources.links.get(match.id) ?? []).includes(stream.id)) {
      throw new AppError('validation', `${label} is not linked to the stream “${stream.name}”: link it first.`, {
        matchId: `not linked to the stream “${stream.name}”`,
      })
    }
    if (!undecided && !isDecided(match)) {
      const waiting = match.opponents.map((o) => slotName(o, sources.labels)).join(' vs ')
      throw new AppError('validation', `${label} is not decided yet (${waiting}): confirm to put it on air anyway.`, {
        matchId: 'not decided yet',
      })
    }
    const store = session().producer
    return desk.inOneTransaction(() => {
      store.setOnAir(stream.id, match.id, this.ports.clock.now())
      store.setOrder(
        stream.id,
        store.order(stream.id).filter((id) => id !== match.id),
      )
      this.ports.seed(stream, sources)
      this.ports.taken?.(stream.id)
      return desk.act(stream, sources)
    })
  }

  /** Puts the queue's first decided match on air. */
  next(streamId: string): StreamState {
    const { desk, feeds } = this.ports
    const stream = desk.ownStream(streamId)
    const sources = feeds.sourcesOf(stream.tournament_id)
    const queue = streamQueue(sources, stream, feeds.deskState(stream.id))
    if (queue.length === 0)
      throw new AppError('validation', `Nothing is queued on “${stream.name}”: link a match to it first.`)
    // The first match whose opponents are all known: an undecided one goes on air only when taken by hand.
    const first = queue.find(isDecided)
    if (!first)
      throw new AppError(
        'validation',
        `Nothing decided is queued on “${stream.name}”: its matches still wait for their opponents. Take one by hand to put it on air anyway.`,
      )
    return this.take(streamId, first.id)
  }

  /** The queue in the producer's order (only matches it holds). */
  order(streamId: string, matchIds: string[]): StreamState {
    const { desk, feeds, session } = this.ports
    const stream = desk.ownStream(streamId)
    const sources = feeds.sourcesOf(stream.tournament_id)
    const queued = new Set(streamQueue(sources, stream, feeds.deskState(stream.id)).map((n) => n.id))
    const fields: Record<string, string> = {}
    matchIds.forEach((id, index) => {
      if (!queued.has(id)) fields[`matchIds.${index}`] = `match ${id} is not in the queue of “${stream.name}”`
    })
    if (Object.keys(fields).length) throw new AppError('validation', Object.values(fields).join('; '), fields)
    return desk.inOneTransaction(() => {
      session().producer.setOrder(stream.id, matchIds)
      return desk.act(stream, sources)
    })
  }
}
