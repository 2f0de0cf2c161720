// One run of a piece of work per key at a time: a caller arriving while it runs shares that run, its answer and its
// failure alike.
export class SingleFlight {
  private readonly running = new Map<string, Promise<unknown>>()

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.running.get(key) as Promise<T> | undefined
    if (running) return running
    const started = work().finally(() => this.running.delete(key))
    this.running.set(key, started)
    return started
  }
}
