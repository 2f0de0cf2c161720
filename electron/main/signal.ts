// A typed in-process notification for main's own parts (no window needs it): each listener is told of each value.
export class Signal<T> {
  private readonly listeners = new Set<(value: T) => void>()

  on(listener: (value: T) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** How many listeners are subscribed (a part that closes must leave none of its own behind). */
  get listening(): number {
    return this.listeners.size
  }

  emit(value: T): void {
    for (const listener of this.listeners) listener(value)
  }
}
