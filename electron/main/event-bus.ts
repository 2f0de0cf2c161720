// Main → renderer events: validated against the contract, fanned out to every subscriber (windows, web clients). A
// payload the contract refuses (what another desk wrote, read past its bounds) is logged and not sent: a publisher —
// often a listener of the venue's shared document — never throws for it, so nothing it is part of stops.
import { events, type EventPayload } from '../../shared/ipc/events'
import type { EventName } from '../../shared/ipc/channels'
import { moduleLog } from './log'

const log = moduleLog('event-bus')

export type EventSink = (event: EventName, payload: unknown) => void

export class EventBus {
  private readonly sinks = new Set<EventSink>()

  subscribe(sink: EventSink): () => void {
    this.sinks.add(sink)
    return () => this.sinks.delete(sink)
  }

  /** Sends the event to every subscriber; false (and a line in the log) when the contract refuses its payload. */
  publish<E extends EventName>(event: E, payload: EventPayload<E>): boolean {
    const checked = events[event].safeParse(payload)
    if (!checked.success) {
      log.warn(`the event ${event} was not sent: its payload is outside the contract`, {
        issues: checked.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      })
      return false
    }
    for (const sink of this.sinks) sink(event, checked.data)
    return true
  }
}
