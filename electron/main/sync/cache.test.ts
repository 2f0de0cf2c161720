// The cache's lists on a real SQLite file: a list read again without a write is the one already parsed, yet every
// write shows in the next read (whatever the scope), a rolled-back write never does, and no reader can change the
// items another reader holds.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { Cache } from './cache'
import { openDatabase, type Db } from '../db/db'

const stream = (id: string, name: string, tournament = 't1') => ({
  id,
  tournament_id: tournament,
  name,
  url: `https://x.tv/${id}`,
  language: 'en',
})

let db: Db
let cache: Cache
beforeEach(() => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), 'matchdesk-cache-')), 'profile.sqlite'))
  cache = new Cache(db)
  db.transaction(() => cache.replaceScope('streams', 't1', [stream('a', 'A'), stream('b', 'B')], 1))()
})

describe('cached lists', () => {
  it('answers a list read again from what it parsed, and every write shows in the next read', () => {
    const first = cache.list('streams', 't1')
    expect(cache.list('streams', 't1')[0]).toBe(first[0])
    cache.put('streams', 't1', 'a', stream('a', 'A renamed'))
    expect(cache.list('streams', 't1').map((s) => s.name)).toEqual(['A renamed', 'B'])
    cache.remove('streams', 'b')
    expect(cache.list('streams', 't1').map((s) => s.id)).toEqual(['a'])
    db.transaction(() => cache.replaceScope('streams', 't1', [stream('c', 'C')], 2))()
    expect(cache.list('streams', 't1').map((s) => s.id)).toEqual(['c'])
  })

  it('shows a row that moved to another scope in neither list it left', () => {
    expect(cache.list('streams', 't2')).toEqual([])
    cache.put('streams', 't2', 'a', stream('a', 'A', 't2'))
    expect(cache.list('streams', 't1').map((s) => s.id)).toEqual(['b'])
    expect(cache.list('streams', 't2').map((s) => s.id)).toEqual(['a'])
  })

  it('never keeps what a transaction read after a write it then rolled back', () => {
    cache.list('streams', 't1')
    expect(() =>
      db.transaction(() => {
        cache.put('streams', 't1', 'a', stream('a', 'Never'))
        expect(cache.list('streams', 't1')[0]!.name).toBe('Never')
        throw new Error('rolled back')
      })(),
    ).toThrow('rolled back')
    expect(cache.list('streams', 't1').map((s) => s.name)).toEqual(['A', 'B'])
  })

  it('hands out items no reader can change, and a list each reader may reorder for itself', () => {
    const mine = cache.list('streams', 't1')
    expect(() => Object.assign(mine[0]!, { name: 'Changed' })).toThrow(TypeError)
    mine.reverse()
    expect(cache.list('streams', 't1').map((s) => s.name)).toEqual(['A', 'B'])
  })

  it('finds the items of a scope by id from the kept list, and a write shows in the next lookup', () => {
    const byId = cache.byId('streams', 't1')
    expect(byId.get('b')?.name).toBe('B')
    expect(cache.byId('streams', 't1')).toBe(byId)
    cache.put('streams', 't1', 'b', stream('b', 'B renamed'))
    expect(cache.byId('streams', 't1').get('b')?.name).toBe('B renamed')
    cache.remove('streams', 'a')
    expect(cache.byId('streams', 't1').has('a')).toBe(false)
  })

  it('keeps the list it parsed when a refresh brings the same list, and parses again when it differs', () => {
    const kept = cache.kept('streams', 't1')
    db.transaction(() => cache.replaceScope('streams', 't1', [stream('a', 'A'), stream('b', 'B')], 2))()
    expect(cache.kept('streams', 't1')).toBe(kept)
    expect(cache.refreshedAt('streams', 't1')).toBe(2)
    db.transaction(() => cache.replaceScope('streams', 't1', [stream('b', 'B'), stream('a', 'A')], 3))()
    expect(cache.kept('streams', 't1')).not.toBe(kept)
    expect(cache.list('streams', 't1').map((s) => s.id)).toEqual(['b', 'a'])
    db.transaction(() => cache.replaceScope('streams', 't1', [stream('b', 'B'), stream('a', 'A again')], 4))()
    expect(cache.list('streams', 't1').map((s) => s.name)).toEqual(['B', 'A again'])
  })
})

describe('stream links', () => {
  it('hands out the same links until one is written, and every written link shows in the next read', () => {
    cache.setMatchStreams('m1', 't1', ['s1'])
    const links = cache.linksOfTournament('t1')
    expect(cache.linksOfTournament('t1')).toBe(links)
    cache.setMatchStreams('m1', 't1', ['s1'])
    expect(cache.linksOfTournament('t1')).toBe(links)
    // A match read with no stream is not a linked match: the links stay.
    cache.setMatchStreams('m3', 't1', [])
    expect(cache.linksOfTournament('t1')).toBe(links)
    expect(cache.matchStreams('m3')).toEqual([])
    cache.setMatchStreams('m2', 't1', ['s2'])
    expect(Object.fromEntries(cache.linksOfTournament('t1'))).toEqual({ m1: ['s1'], m2: ['s2'] })
    cache.setMatchStreams('m1', 't1', [])
    expect(Object.fromEntries(cache.linksOfTournament('t1'))).toEqual({ m2: ['s2'] })
    expect(() => (cache.linksOfTournament('t1').get('m2') as string[]).push('s9')).toThrow(TypeError)
  })

  it('never keeps links read inside a transaction that was rolled back', () => {
    cache.setMatchStreams('m1', 't1', ['s1'])
    expect(() =>
      db.transaction(() => {
        cache.setMatchStreams('m1', 't1', ['never'])
        expect(cache.linksOfTournament('t1').get('m1')).toEqual(['never'])
        throw new Error('rolled back')
      })(),
    ).toThrow('rolled back')
    expect(cache.linksOfTournament('t1').get('m1')).toEqual(['s1'])
  })
})
