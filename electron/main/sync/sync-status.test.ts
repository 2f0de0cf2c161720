// What Sync lists as last refreshed: this connection's lists, by the names people read, never a bare id of a
// tournament this connection does not know (one another connection, or a desk before a switch, asked about).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Cache } from './cache'
import { openDatabase } from '../db/db'
import { Outbox } from './outbox'
import { syncStatus } from './sync-status'

describe('sync status: last refreshed', () => {
  it('lists this connection’s lists by name, and leaves out tournaments it does not know', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'matchdesk-sync-')), 'profile.sqlite'))
    const cache = new Cache(db)
    db.transaction(() =>
      cache.replaceScope('tournaments', 'all', [{ id: 't1', name: 'Lyon LAN Winter Cup' }] as never[], 1000),
    )()
    cache.markRefreshed('nodes', 't1', 2000)
    cache.markRefreshed('nodes', '3077713704564978116', 0)
    cache.markRefreshed('match-streams', 'm1', 3000)
    const refreshed = syncStatus(new Outbox(db), cache, 'online', false).refreshed
    expect(refreshed.map((r) => `${r.resource} · ${r.name}`).sort()).toEqual([
      'match-streams · match m1',
      'nodes · Lyon LAN Winter Cup',
      'tournaments · every tournament',
    ])
  })
})
