// Small statistics for benchmarks: percentiles of samples and a timed loop.
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}

export function round(value: number, digits = 3): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

/** Runs `step` `count` times in sequence and reports latency percentiles (ms) and throughput (per second). */
export async function measure(count: number, step: () => Promise<unknown>) {
  const samples: number[] = []
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const t0 = performance.now()
    await step()
    samples.push(performance.now() - t0)
  }
  const elapsed = performance.now() - started
  samples.sort((a, b) => a - b)
  return {
    count,
    per_second: round((count / elapsed) * 1000, 1),
    p50_ms: round(percentile(samples, 50)),
    p99_ms: round(percentile(samples, 99)),
  }
}

/** Every benchmark ends by printing its figures as one JSON line; the runner reads the last line. */
export function report(figures: Record<string, unknown>): void {
  console.log(JSON.stringify(figures))
}
