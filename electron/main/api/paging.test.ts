// Paging: the first total decides the ranges; the rest come concurrently under a bound, yielded in order.
import { describe, expect, it } from 'vitest'
import { listAll, pages, type FetchRange } from './paging'

/** A list of `total` numbers behind ranges, answering in reverse order of asking to shake out ordering bugs. */
function numbers(total: number) {
  const asked: [number, number][] = []
  let inFlight = 0
  let maxInFlight = 0
  const fetchRange: FetchRange<number> = async (first, last) => {
    asked.push([first, last])
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    await new Promise((resolve) => setTimeout(resolve, 20 - (asked.length % 5) * 4))
    inFlight--
    if (first >= total) return { status: 416, data: undefined }
    const end = Math.min(last, total - 1)
    return {
      status: 206,
      data: Array.from({ length: end - first + 1 }, (_, i) => first + i),
      contentRange: { unit: 'participants', first, last: end, total },
    }
  }
  return { fetchRange, asked, maxInFlight: () => maxInFlight }
}

describe('paging', () => {
  it('lists everything in order with ⌈N/50⌉ requests and at most 4 in flight', async () => {
    const list = numbers(1234)
    const progress: [number, number][] = []
    const items = await listAll(list.fetchRange, 'participants', {
      onProgress: (done, total) => progress.push([done, total]),
    })
    expect(items).toEqual(Array.from({ length: 1234 }, (_, i) => i))
    expect(list.asked).toHaveLength(Math.ceil(1234 / 50))
    expect(list.maxInFlight()).toBeLessThanOrEqual(4)
    expect(list.maxInFlight()).toBeGreaterThan(1)
    expect(progress[0]).toEqual([50, 1234])
    expect(progress.at(-1)).toEqual([1234, 1234])
  })

  it('uses 128-item ranges for nodes and honours a custom bound', async () => {
    const list = numbers(4094)
    await listAll(list.fetchRange, 'nodes', { concurrency: 2 })
    expect(list.asked).toHaveLength(Math.ceil(4094 / 128))
    expect(list.asked[1]).toEqual([128, 255])
    expect(list.maxInFlight()).toBeLessThanOrEqual(2)
  })

  it('ends cleanly on 416: an empty list, or one that shrank meanwhile', async () => {
    const empty = numbers(0)
    expect(await listAll(empty.fetchRange, 'streams')).toEqual([])
    const shrinking: FetchRange<number> = async (first, last) =>
      first >= 50
        ? { status: 416, data: undefined }
        : {
            status: 206,
            data: Array.from({ length: last - first + 1 }, (_, i) => first + i),
            contentRange: { unit: 'streams', first, last, total: 200 },
          }
    expect(await listAll(shrinking, 'streams')).toHaveLength(50)
  })

  it('as an async iterator, a caller can stop early', async () => {
    const list = numbers(500)
    const seen: number[][] = []
    for await (const page of pages(list.fetchRange, 'participants')) {
      seen.push(page)
      if (seen.length === 2) break
    }
    expect(seen.flat()).toEqual(Array.from({ length: 100 }, (_, i) => i))
  })

  it('passes a failing range on to the caller', async () => {
    const failing: FetchRange<number> = async (first) => {
      if (first > 0) throw new Error('offline')
      return { status: 206, data: [1], contentRange: { unit: 'streams', first: 0, last: 49, total: 120 } }
    }
    await expect(listAll(failing, 'streams')).rejects.toThrow('offline')
  })
})
