// Paging: the first total decides the ranges; the rest come concurrently under a bound, yielded in order.
import { describe, expect, it } from 'vitest'
import { listAll, listWhole, pages, type FetchRange } from './paging'

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

  describe('whole', () => {
    /** Ids behind ranges; `meanwhile` runs before each range after the first is answered, as someone else's change. */
    function changing(ids: string[], meanwhile: (ids: string[], asked: number) => void) {
      let asked = 0
      const fetchRange: FetchRange<{ id: string }> = async (first, last) => {
        if (asked++ > 0) meanwhile(ids, asked)
        if (first >= ids.length) return { status: 416, data: undefined }
        const data = ids.slice(first, last + 1).map((id) => ({ id }))
        return {
          status: 206,
          data,
          contentRange: { unit: 'streams', first, last: first + data.length - 1, total: ids.length },
        }
      }
      return { fetchRange, asked: () => asked }
    }
    const named = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`)
    const id = (item: { id: string }) => item.id

    it('lists a quiet list whole, each range starting on the last item of the one before', async () => {
      const list = changing(named(120), () => undefined)
      expect((await listWhole(list.fetchRange, 'streams', id)).map(id)).toEqual(named(120))
      expect(list.asked()).toBe(3)
      const exactly = changing(named(50), () => undefined)
      expect((await listWhole(exactly.fetchRange, 'streams', id)).map(id)).toEqual(named(50))
      expect(await listWhole(changing([], () => undefined).fetchRange, 'streams', id)).toEqual([])
    })

    it('a deletion ahead while listing would skip an item: the listing is taken again, and nothing is missed', async () => {
      let deleted = false
      const shifting = (ids: string[]) => {
        if (!deleted) ids.splice(0, 1)
        deleted = true
      }
      // Paged as `all` pages, the item that moved onto the first range is skipped.
      expect((await listAll(changing(named(51), shifting).fetchRange, 'streams')).map(id)).not.toContain('s50')
      deleted = false
      const list = changing(named(51), shifting)
      expect((await listWhole(list.fetchRange, 'streams', id)).map(id)).toEqual(named(51).slice(1))
    })

    it('an insertion ahead is seen too; a list that never settles is refused, to be tried later', async () => {
      let inserted = 0
      const list = changing(named(60), (ids) => {
        if (inserted++ === 0) ids.unshift('new')
      })
      expect((await listWhole(list.fetchRange, 'streams', id)).map(id)).toEqual(['new', ...named(60)])
      const restless = changing(named(60), (ids, asked) => ids.splice(0, 1, `moved${asked}`, 'extra'))
      await expect(listWhole(restless.fetchRange, 'streams', id)).rejects.toThrow(
        'the streams kept changing while they were listed',
      )
    })
  })
})
