// Record ids shaped like the public service's: long digit strings, increasing in creation order.
const BASE = 3_077_713_703_558_864_896n

export class IdFactory {
  private counter: bigint

  constructor(seed: number) {
    this.counter = BASE + BigInt(seed % 1_000_000) * 1_000_000_000n
  }

  next(): string {
    this.counter += 4_096n + (this.counter % 7n)
    return this.counter.toString()
  }
}
