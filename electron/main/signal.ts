// A typed in-process notification for main's own parts (no window needs it): each listener is told of each value.
export class Signal<T> {
  private readonly listeners = new Set<(value: T) => void>()

  on(listener: (value: T) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(value: T): void {
    for (const listener of this.listeners) listener(value)
  }
}
