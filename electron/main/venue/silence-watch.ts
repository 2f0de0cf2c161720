// When a link has been silent too long, judged on this desk's own waking time: after this process was stalled (a busy
// laptop, a long synchronous read), what the other side sent meanwhile waits unread behind the timers, so a tick that
// comes late judges nothing — the next one, on time, does, once what waited has been read. (Node runs due timers
// before reading sockets: judging right after a stall took every link for silent, and a busy desk dropped its host.)

export class SilenceWatch {
  private lastTick: number

  constructor(
    /** How often `judge` is called (ms). */
    private readonly tickMs: number,
    /** How long without a word a link is taken for gone (ms). */
    private readonly silentMs: number,
    now = Date.now(),
  ) {
    this.lastTick = now
  }

  /**
   * Called every `tickMs`: true for each link heard from last at `heardAt` that is silent now — never on a tick that
   * came late (this desk was stalled), when nothing is silent.
   */
  judge(heardAt: Iterable<number>, now = Date.now()): boolean[] {
    const late = now - this.lastTick > this.tickMs * 2
    this.lastTick = now
    return [...heardAt].map((at) => !late && now - at > this.silentMs)
  }
}
