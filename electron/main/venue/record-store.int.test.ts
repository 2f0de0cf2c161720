// The venue's shared document on a real SQLite file: what a desk changed is there after a restart (and after a crash:
// each change is its own committed row), many or large rows are merged into one as they come with nothing lost (a
// stream's shared state, shared again after each change, takes its latest size), and the desk keeps its id.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../db/db'
import { DeskIdentity } from './desk-identity'
import { RecordStore } from './record-store'
import { VenueRecord } from './venue-record'

const folder = mkdtempSync(join(tmpdir(), 'matchdesk-venue-doc-'))
const file = join(folder, 'profile.sqlite')
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** All the venue view holds, as text, each part by key (a map's order is the order entries were read in: not kept). */
const seen = (venue: VenueRecord) =>
  JSON.stringify(
    Object.entries(venue.view()).map(([part, entries]) => [
      part,
      [...(entries as Map<string, unknown>)].sort(([a], [b]) => (a < b ? -1 : 1)),
    ]),
  )

/** The desk's key pair, kept in its keychain across restarts. */
const identity = DeskIdentity.make()

/** A desk starting on the file: its id, its record as kept, and its changes kept from now on. */
function start(): { db: Db; venue: VenueRecord; stop(): void; rows(): number } {
  const db = openDatabase(file)
  const store = new RecordStore(db)
  let now = Date.parse('2026-11-28T10:00:00Z')
  const venue = new VenueRecord({
    deskId: store.deskId(),
    identity,
    root: store.root(),
    now: () => now++,
    rooted: (root) => store.setRoot(root),
  })
  const stopKeeping = store.open(venue.doc)
  venue.found()
  return {
    db,
    venue,
    rows: () => (db.prepare('SELECT count(*) AS n FROM venue_doc_updates').get() as { n: number }).n,
    stop: () => {
      stopKeeping()
      db.close()
    },
  }
}

describe('the venue document on disk', () => {
  it('comes back after a restart as it was left, with the same desk id', () => {
    const first = start()
    first.venue.streams.take('main', 'm1')
    first.venue.streams.shareStation('st1', { tournamentId: 't1', assignment: { matchId: 'm2', assignedAt: 1 } })
    first.venue.checkins.scan('scan-1', 'p1', 'Door 1')
    const { deskId } = first.venue
    const before = seen(first.venue)
    // No close: each change is a committed row already (as after a crash).
    const second = start()
    expect(second.venue.deskId).toBe(deskId)
    expect(second.venue.venue).toBe(first.venue.venue)
    expect(seen(second.venue)).toBe(before)
    expect([...second.venue.view().onAir]).toEqual([['main', 'm1']])
    expect(second.venue.streams.stations().get('st1')?.value).toMatchObject({ assignment: { matchId: 'm2' } })
    first.stop()
    second.stop()
  })

  it('merges many rows into one as they come, losing nothing', () => {
    const desk = start()
    let most = 0
    for (let i = 0; i < 1200; i++) {
      desk.venue.checkins.scan(`scan-many-${i}`, `p${i % 50}`, 'Door 2')
      most = Math.max(most, desk.rows())
    }
    expect(most).toBeGreaterThan(400)
    expect(most).toBeLessThanOrEqual(501)
    const before = seen(desk.venue)
    desk.stop()
    const again = start()
    expect(seen(again.venue)).toBe(before)
    expect(again.venue.view().scans.size).toBe(1201)
    again.stop()
  })

  it('keeps a stream’s state shared again and again at about its latest size', () => {
    const desk = start()
    const bytes = () =>
      (desk.db.prepare('SELECT sum(length(doc_update)) AS n FROM venue_doc_updates').get() as { n: number }).n
    desk.venue.streams.run('main')
    const before = bytes()
    // 400 states of 20 KB each: 8 MB shared in all, one state's worth kept.
    for (let i = 0; i < 400; i++) desk.venue.streams.share('main', { revision: i, text: `${i}`.padEnd(20_000, 'x') })
    const most = 4 * 1024 * 1024 + 25_000
    expect(bytes() - before).toBeLessThan(most)
    desk.stop()
    const again = start()
    expect(again.venue.streams.shared('main')).toMatchObject({ revision: 399 })
    again.stop()
  })

  it('starts on what it can read when a row is damaged (it once did not start at all)', () => {
    const desk = start()
    desk.venue.streams.take('main', 'm5')
    desk.db.prepare('INSERT INTO venue_doc_updates (doc_update) VALUES (?)').run(Buffer.from([0xff, 0xff, 0x01, 0x07]))
    desk.stop()
    const again = start()
    expect(again.venue.view().onAir.get('main')).toBe('m5')
    again.venue.streams.take('side', 'm6')
    expect(again.venue.view().onAir.get('side')).toBe('m6')
    again.stop()
  })
})
