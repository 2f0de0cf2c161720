// How often one source may call a route: at most `perSecond` calls in each second, counted per key (the oldest keys
// forgotten past `keysKept`, so a flood of keys cannot grow it).
export class RateWindow {
  private readonly counted = new Map<string, { second: number; calls: number }>()

  constructor(
    readonly perSecond: number,
    private readonly keysKept = 1000,
  ) {}

  /** Counts a call of `key` at `now` (epoch ms): false once the key has made its calls of this second. */
  admit(key: string, now: number): boolean {
    const second = Math.floor(now / 1000)
    const count = this.counted.get(key)
    if (count?.second === second) {
      if (count.calls >= this.perSecond) return false
      count.calls++
      return true
    }
    this.counted.delete(key)
    this.counted.set(key, { second, calls: 1 })
    if (this.counted.size > this.keysKept) this.counted.delete(this.counted.keys().next().value!)
    return true
  }
}
