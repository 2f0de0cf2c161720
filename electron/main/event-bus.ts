// Main → renderer events: validated against the contract, fanned out to every subscriber (windows, web clients).
import { events, type EventPayload } from '../../shared/ipc/events'
import type { EventName } from '../../shared/ipc/channels'

export type EventSink = (event: EventName, payload: unknown) => void

export class EventBus {
  private readonly sinks = new Set<EventSink>()

  subscribe(sink: EventSink): () => void {
    this.sinks.add(sink)
    return () => this.sinks.delete(sink)
  }

  publish<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const checked = events[event].parse(payload)
    for (const sink of this.sinks) sink(event, checked)
  }
}
