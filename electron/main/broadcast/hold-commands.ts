// The producer's Hold and what rides on it: holding a stream, applying what waits (one change, one match, all, or the
// first), the technical-difficulties key (which holds the stream under its card) and the casters (a caster tablet's
// edit waits on a held stream), each published through the desk's own actions.
import { Casters, waitsOnHold, type PressedBy, type StreamState } from '../../../shared/broadcast/feed'
import { AppError } from '../app-error'
import type { DeskCommandPorts } from './desk-actions'
import { heldFeed, stagedChanges } from './hold'

export class HoldCommands {
  constructor(private readonly ports: DeskCommandPorts) {}

  /** Holds a stream (what shows now stays, the service's changes wait in Hold's list) or lets it go live again. */
  hold(streamId: string, held: boolean): StreamState {
    const { desk, feeds, session } = this.ports
    const stream = desk.ownStream(streamId)
    const sources = feeds.sourcesOf(stream.tournament_id)
    const store = session().producer
    if (!held)
      return desk.inOneTransaction(() => {
        store.setHeld(stream.id, false)
        return desk.act(stream, sources)
      })
    // What shows now is what stays: the current published feed, marked held.
    const current = feeds.current(stream, sources)
    return desk.inOneTransaction(() => {
      store.setHeld(stream.id, true)
      return desk.answer(stream.id, current, { ...(desk.shown(stream.id) ?? current), held: true })
    })
  }

  /**
   * The technical-difficulties key (desk, Companion, a tablet): down, the card goes on air at once and the rest stands
   * still (the stream is held: the service's changes wait, as Hold's do); up, the stream is as it was — live again, or
   * still held if it was held before — and what waited goes on air unless it is still held.
   */
  difficulties(streamId: string, key: boolean | 'toggle'): StreamState {
    const { desk, feeds, session } = this.ports
    const stream = desk.ownStream(streamId)
    const sources = feeds.sourcesOf(stream.tournament_id)
    const store = session().producer
    const now = store.desk(stream.id)
    const down = key === 'toggle' ? !now.difficulties : key
    if (now.difficulties === down) return desk.act(stream, sources)
    return desk.inOneTransaction(() => {
      if (!down) {
        store.setDifficulties(stream.id, false)
        store.setHeld(stream.id, now.heldBefore)
        return desk.act(stream, sources)
      }
      store.setDifficulties(stream.id, true, now.held)
      store.setHeld(stream.id, true)
      const current = feeds.current(stream, sources)
      const shown = desk.shown(stream.id) ?? current
      return desk.answer(stream.id, current, { ...shown, held: true, difficulties: true })
    })
  }

  /**
   * Who casts the stream, in order (at most four): the desk's and Companion's published at once, held or not, since
   * they are the producer's own; a caster tablet's wait in Hold's list on a held stream.
   */
  casters(streamId: string, casters: unknown, by: PressedBy = 'desk'): StreamState {
    const { desk, feeds, session } = this.ports
    const stream = desk.ownStream(streamId)
    const parsed = Casters.safeParse(casters)
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((issue) => [['casters', ...issue.path].join('.'), issue.message]),
      )
      throw new AppError('validation', Object.values(fields).join('; '), fields)
    }
    return desk.inOneTransaction(() => {
      session().producer.setCasters(stream.id, parsed.data)
      const sources = feeds.sourcesOf(stream.tournament_id)
      const shown = desk.shown(stream.id)
      if (waitsOnHold(by) || !session().producer.desk(stream.id).held || !shown) return desk.act(stream, sources)
      const current = feeds.current(stream, sources)
      return desk.answer(stream.id, current, heldFeed(shown, current, [{ matchId: stream.id, field: 'casters' }]))
    })
  }

  /** Publishes what the producer approves of a held stream: one change (match and field), one match, or all. */
  apply(streamId: string, matchId?: string, field?: string): StreamState {
    const { desk, feeds, session } = this.ports
    const stream = desk.ownStream(streamId)
    const sources = feeds.sourcesOf(stream.tournament_id)
    if (!session().producer.desk(stream.id).held) {
      throw new AppError('validation', `“${stream.name}” is not held: its changes are published as they come.`)
    }
    // The stream's own id names a change of the stream itself (its casters); any other, a match of it.
    if (matchId !== undefined && matchId !== stream.id) feeds.match(sources, matchId)
    const current = feeds.current(stream, sources)
    const shown = desk.shown(stream.id) ?? current
    const approved = matchId === undefined ? 'all' : [{ matchId, ...(field !== undefined && { field }) }]
    return desk.inOneTransaction(() => desk.answer(stream.id, current, heldFeed(shown, current, approved)))
  }

  /** Publishes the first change a held stream has staged (Companion's "apply the first line"). */
  applyFirst(streamId: string): StreamState {
    const { desk, feeds, session } = this.ports
    const stream = desk.ownStream(streamId)
    const current = feeds.current(stream, feeds.sourcesOf(stream.tournament_id))
    const shown = desk.shown(stream.id) ?? current
    const first = session().producer.desk(stream.id).held ? stagedChanges(shown, current)[0] : undefined
    if (!first) throw new AppError('validation', `Nothing waits to be applied on “${stream.name}”.`)
    return this.apply(streamId, first.matchId, first.field)
  }
}
