// Runs async work one piece at a time, in call order: for files and records that concurrent calls must not interleave on.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve()

  /** Runs `work` after everything queued before it has settled; its outcome is the caller's alone. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(work, work)
    // let go: the failure is the caller's, who holds `next`; the queue only waits for it to settle
    this.tail = next.catch(() => undefined)
    return next
  }

  /** Resolves once everything queued so far has settled. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined)
  }
}
