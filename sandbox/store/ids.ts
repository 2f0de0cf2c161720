// Record ids shaped like the public service's: long digit strings, increasing in creation order.
const BASE = 3_077_713_703_558_864_896n

export class IdFactory {
  private counter: bigint

  constructor(private readonly seed: number) {
    this.counter = IdFactory.start(seed)
  }

  private static start(seed: number): bigint {
    return BASE + BigInt(seed % 1_000_000) * 1_000_000_000n
  }

  next(): string {
    this.counter += 4_096n + (this.counter % 7n)
    return this.counter.toString()
  }

  /** Where the factory stands: the last id it made (or its starting point), to carry on from later. */
  get last(): string {
    return this.counter.toString()
  }

  /** Carries on after `last` (a venue read back from disk), or starts over when none is given. */
  resume(last?: string): void {
    this.counter = last === undefined ? IdFactory.start(this.seed) : BigInt(last)
  }
}
