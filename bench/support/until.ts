// Waiting in the benchmarks: for a state, checked every few ms, within a bound (never for a time that happens to
// suffice); a check that throws counts as not yet.
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Resolves when `done` says so (the time it did), or throws naming `what` after `ms`. */
export async function until(done: () => Promise<boolean> | boolean, what = 'state', ms = 30_000): Promise<number> {
  const end = Date.now() + ms
  while (
    !(await Promise.resolve()
      .then(done)
      .catch(() => false))
  ) {
    if (Date.now() > end) throw new Error(`no ${what} within ${ms} ms`)
    await sleep(20)
  }
  return Date.now()
}
