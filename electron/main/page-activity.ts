// When the page last asked main something: work that can wait (a stale copy's refresh behind its answer) waits for a
// quiet moment, so it does not share the machine with a view that is being drawn.
export class PageActivity {
  #last = Number.NEGATIVE_INFINITY

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The page asked something (an IPC call arrived). */
  asked(): void {
    this.#last = this.now()
  }

  /**
   * Runs `task` once the page has asked nothing for `quietMs`, counted from now at the earliest, and at the latest
   * `latestMs` from now whatever the page does. Returns what cancels it.
   */
  whenQuiet(task: () => void, quietMs: number, latestMs: number): () => void {
    const from = this.now()
    let timer: ReturnType<typeof setTimeout>
    const check = () => {
      const now = this.now()
      const quietFor = now - Math.max(this.#last, from)
      if (quietFor >= quietMs || now - from >= latestMs) return task()
      timer = setTimeout(check, Math.min(quietMs - quietFor, latestMs - (now - from)))
    }
    timer = setTimeout(check, quietMs)
    return () => clearTimeout(timer)
  }
}
