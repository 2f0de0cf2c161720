// A packed list, sent as JSON and unpacked, is the list as JSON would have carried it: same values, same key order.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isPackedList, packList, unpackList } from './packed-list'
import { REAL_FIXTURES_DIR } from '../../tests/support/paths'

/** Packs, crosses as JSON text (as the bridge does), unpacks: what the page gets. */
const trip = (items: readonly unknown[]) => {
  const sent = JSON.parse(JSON.stringify(packList(items))) as unknown
  if (!isPackedList(sent)) throw new Error('not a packed list after the trip')
  return unpackList(sent)
}
/** What JSON itself carries of a list: the oracle. */
const asJson = (items: readonly unknown[]) => JSON.stringify(items.map((item) => (item === undefined ? null : item)))

describe('packed lists', () => {
  it('carry any list of JSON values exactly as JSON does', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 30 }), (items) => {
        expect(JSON.stringify(trip(items))).toBe(asJson(items))
      }),
      { numRuns: 400 },
    )
  })

  /** Rows as a service sends them: the same fields, some null or missing, nested lists of objects. */
  const row = fc.record(
    {
      id: fc.string(),
      n: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
      flag: fc.oneof(fc.boolean(), fc.constant(null)),
      kind: fc.constantFrom('win', 'loss', 'draw', null),
      nested: fc.oneof(
        fc.constant(null),
        fc.array(fc.record({ a: fc.option(fc.string()), b: fc.option(fc.integer()) }, { requiredKeys: ['a'] })),
      ),
      extra: fc.jsonValue(),
    },
    { requiredKeys: ['id'] },
  )

  it('carry lists of records with missing keys, nulls and nested lists', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), (items) => {
        expect(JSON.stringify(trip(items))).toBe(asJson(items))
      }),
      { numRuns: 300 },
    )
  })

  it('keep each object’s own key order, `__proto__` as a plain key, and drop what JSON drops', () => {
    const items = [
      JSON.parse('{"b":1,"a":2,"__proto__":{"polluted":true}}') as unknown,
      { a: 3, b: 4, gone: undefined, fn: () => 1 },
      { a: Number.NaN, b: Number.POSITIVE_INFINITY, c: -0 },
      null,
      undefined,
    ]
    const back = trip(items)
    expect(JSON.stringify(back)).toBe(asJson(items))
    expect(Object.keys(back[0] as object)).toEqual(['b', 'a', '__proto__'])
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(back[0])).toBe(Object.prototype)
  })

  it('carry columns of more distinct strings and shapes than one character can name', () => {
    const items = Array.from({ length: 300 }, (_, i) => ({
      name: `Player, "the ${i}th" \\ ${'ü'.repeat(i % 3)}`,
      [`key${i % 120}`]: i,
    }))
    expect(JSON.stringify(trip(items))).toBe(asJson(items))
  })

  it('make a real bracket several times smaller than its JSON, and give it back whole', () => {
    for (const file of readdirSync(REAL_FIXTURES_DIR).filter((name) => name.endsWith('.json'))) {
      const { bracket_nodes: nodes } = JSON.parse(readFileSync(join(REAL_FIXTURES_DIR, file), 'utf8')) as {
        bracket_nodes: unknown[]
      }
      expect(trip(nodes)).toEqual(nodes)
      expect(JSON.stringify(packList(nodes)).length).toBeLessThan(JSON.stringify(nodes).length / 3)
    }
  })

  it('hands out lists of its own: changing one leaves the packed list (kept by main) as it was', () => {
    const packed = packList([1, 2, null])
    const first = unpackList(packed)
    first[0] = 99
    expect(unpackList(packed)).toEqual([1, 2, null])
  })

  it('is told from other values', () => {
    expect(isPackedList(packList([]))).toBe(true)
    expect(isPackedList([])).toBe(false)
    expect(isPackedList({ packed: 'columns/1' })).toBe(false)
    expect(trip([])).toEqual([])
  })
})
