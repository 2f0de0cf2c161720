// Lists everything behind a Range endpoint: the first answer's total decides the rest, fetched under a bound, in order;
// or whole, proven so although others change the list while it is read.
import { rangeMax, type RangeUnit } from '../../../shared/api'
import type { Answer } from './client'

/** One range of a list; status 416 means the range starts past the end. */
export type FetchRange<T> = (first: number, last: number) => Promise<Answer<T[] | undefined>>

export interface PagingOptions {
  /** How many ranges may be in flight at once (default 4). */
  concurrency?: number
  onProgress?: (done: number, total: number) => void
}

/** Yields the list's pages in order; ends cleanly on 416 (an empty or shrinking list). */
export async function* pages<T>(
  fetchRange: FetchRange<T>,
  unit: RangeUnit,
  options: PagingOptions = {},
): AsyncGenerator<T[]> {
  const size = rangeMax(unit)
  const first = await fetchRange(0, size - 1)
  if (first.status === 416 || !first.data) {
    options.onProgress?.(0, 0)
    return
  }
  const total = first.contentRange?.total ?? first.data.length
  let done = first.data.length
  options.onProgress?.(done, total)
  yield first.data

  const starts: number[] = []
  for (let start = size; start < total; start += size) starts.push(start)
  const limit = Math.max(1, options.concurrency ?? 4)
  const inFlight: Promise<Answer<T[] | undefined>>[] = []
  let next = 0
  const launch = () => {
    const start = starts[next++]!
    inFlight.push(fetchRange(start, start + size - 1))
  }
  while (next < starts.length && inFlight.length < limit) launch()
  try {
    while (inFlight.length > 0) {
      const answer = await inFlight.shift()!
      if (answer.status === 416 || !answer.data) return
      if (next < starts.length) launch()
      done += answer.data.length
      options.onProgress?.(done, Math.max(total, done))
      yield answer.data
    }
  } finally {
    // let go: ranges still in flight when the caller stops early are no longer wanted by anyone.
    for (const pending of inFlight) pending.catch(() => undefined)
  }
}

export async function listAll<T>(
  fetchRange: FetchRange<T>,
  unit: RangeUnit,
  options: PagingOptions = {},
): Promise<T[]> {
  const items: T[] = []
  for await (const page of pages(fetchRange, unit, options)) items.push(...page)
  return items
}

/** How many times a listing that others kept changing is taken again before giving up (the caller retries later). */
const WHOLE_ATTEMPTS = 5

/**
 * Lists everything, proven whole although others add and delete meanwhile: each range starts on the last item of the
 * one before, and that item must come back in both. A deletion or insertion ahead of it shifts it, so a range that
 * would have skipped an item is seen and the listing is taken again. Every item there from start to end is in the
 * result: what someone may have made before asking is found (a creation whose answer was lost).
 */
export async function listWhole<T>(fetchRange: FetchRange<T>, unit: RangeUnit, key: (item: T) => string): Promise<T[]> {
  const size = rangeMax(unit)
  for (let attempt = 0; attempt < WHOLE_ATTEMPTS; attempt++) {
    const items = await overlapping(fetchRange, size, key)
    if (items) return items
  }
  throw new Error(`the ${unit} kept changing while they were listed; trying again later`)
}

/** One pass of overlapping ranges; undefined when the list shifted under it. */
async function overlapping<T>(
  fetchRange: FetchRange<T>,
  size: number,
  key: (item: T) => string,
): Promise<T[] | undefined> {
  const first = await fetchRange(0, size - 1)
  if (first.status === 416 || !first.data) return []
  const items = [...first.data]
  let page = first.data
  while (page.length === size) {
    const start = items.length - 1
    const next = await fetchRange(start, start + size - 1)
    // The overlapping item gone or another in its place: something ahead of it was deleted or inserted.
    if (next.status === 416 || !next.data?.length || key(next.data[0]!) !== key(items[start]!)) return undefined
    items.push(...next.data.slice(1))
    page = next.data
  }
  return items
}
