// The outbox rules of docs/ARCHITECTURE.md on a real SQLite file: FIFO per entity, collapsing, local ids, attention, discard.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS, openDatabase, refreshTransaction, type Db } from '../db/db'
import { Outbox } from './outbox'
import type { OutboxWrite } from './writes'

let db: Db
let outbox: Outbox
beforeEach(() => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), 'matchdesk-outbox-')), 'profile.sqlite'))
  outbox = new Outbox(db)
})

const checkin = (id: string, checked: boolean): OutboxWrite => ({
  kind: 'participant.update',
  payload: { id, tournamentId: 't', body: { checked_in: checked }, label: `toggle ${id}` },
})
const create = (localId: string, name = 'Cam'): OutboxWrite => ({
  kind: 'stream.create',
  payload: {
    localId,
    tournamentId: 't',
    body: { tournament_id: 't', name, url: 'https://x.tv/c', language: 'en' },
    label: 'create',
  },
})
const update = (id: string, name: string): OutboxWrite => ({
  kind: 'stream.update',
  payload: { id, tournamentId: 't', body: { name }, label: 'update' },
})
const remove = (id: string): OutboxWrite => ({
  kind: 'stream.delete',
  payload: { id, tournamentId: 't', label: 'delete' },
})
const links = (matchId: string, streamIds: string[]): OutboxWrite => ({
  kind: 'match-streams.replace',
  payload: { matchId, tournamentId: 't', streamIds, label: 'links' },
})

describe('collapsing writes that supersede each other', () => {
  it('two check-in toggles of one participant become one write with the last value', () => {
    outbox.append(checkin('p1', true), 1)
    outbox.append(checkin('p1', false), 2)
    expect(outbox.rows()).toHaveLength(1)
    expect(outbox.rows()[0]!.write.payload).toMatchObject({ body: { checked_in: false } })
  })

  it('two replacements of one match list become the last one', () => {
    outbox.append(links('m1', ['a']), 1)
    outbox.append(links('m1', ['a', 'b']), 2)
    expect(outbox.rows().map((r) => r.write.payload)).toEqual([expect.objectContaining({ streamIds: ['a', 'b'] })])
  })

  it('never merges into a write that is being sent', () => {
    const seq = outbox.append(checkin('p1', true), 1)!
    outbox.claim(seq)
    outbox.append(checkin('p1', false), 2)
    expect(outbox.rows()).toHaveLength(2)
  })

  it('edits of a stream not yet created fold into its creation; a delete cancels both and its links', () => {
    outbox.append(create('local-1'), 1)
    outbox.append(update('local-1', 'Renamed'), 2)
    expect(outbox.rows()).toHaveLength(1)
    expect(outbox.rows()[0]!.write.payload).toMatchObject({ body: { name: 'Renamed', url: 'https://x.tv/c' } })
    outbox.append(links('m1', ['s9', 'local-1']), 3)
    expect(outbox.append(remove('local-1'), 4)).toBeNull()
    expect(outbox.rows().map((r) => r.write)).toEqual([
      expect.objectContaining({
        kind: 'match-streams.replace',
        payload: expect.objectContaining({ streamIds: ['s9'] }),
      }),
    ])
  })

  it('a creation that already left is neither edited nor cancelled: the edit and the delete follow it', () => {
    const seq = outbox.append(create('local-2'), 1)!
    outbox.markSending(seq, [])
    outbox.append(update('local-2', 'Renamed'), 2)
    outbox.append(remove('local-2'), 3)
    expect(outbox.rows().map((r) => r.write.kind)).toEqual(['stream.create', 'stream.delete'])
    expect(outbox.rows()[0]!.write.payload).toMatchObject({ body: { name: 'Cam' } })
  })

  it('a delete after an edit of a known stream replaces the edit', () => {
    outbox.append(update('s1', 'x'), 1)
    outbox.append(remove('s1'), 2)
    expect(outbox.rows().map((r) => r.write.kind)).toEqual(['stream.delete'])
  })
})

describe('order and eligibility', () => {
  it('sends writes whose text merely contains "local-": only ids created offline make a write wait', () => {
    outbox.append(update('s1', 'local-cam'), 1)
    outbox.append(
      {
        kind: 'participant.update',
        payload: { id: 'p1', tournamentId: 't', body: { name: 'local-hero' }, label: 'x' },
      },
      2,
    )
    outbox.append(update('local-9', 'waits for its creation'), 3)
    expect(outbox.eligible(10, 10).map((r) => r.entity)).toEqual(['stream:s1', 'participant:p1'])
  })

  it('sends each entity’s oldest write first, entities side by side', () => {
    outbox.append(checkin('p1', true), 1)
    outbox.append(update('s1', 'a'), 2)
    const sending = outbox.eligible(10, 10)
    sending.forEach((row) => outbox.claim(row.seq))
    outbox.append(update('s1', 'b'), 3)
    expect(sending.map((r) => r.entity)).toEqual(['participant:p1', 'stream:s1'])
    expect(outbox.eligible(10, 10)).toEqual([])
    sending.forEach((row) => outbox.release(row.seq))
    outbox.done(sending[1]!.seq)
    expect(outbox.eligible(10, 10).map((r) => r.write.payload)).toEqual([
      expect.objectContaining({ id: 'p1' }),
      expect.objectContaining({ body: { name: 'b' } }),
    ])
  })

  it('waits for the backoff time, and for a stream created offline to get its service id', () => {
    const seq = outbox.append(checkin('p1', true), 1)!
    outbox.postpone(seq, 'offline', 500)
    expect(outbox.eligible(499, 10)).toEqual([])
    expect(outbox.eligible(500, 10)).toHaveLength(1)
    expect(outbox.nextWake()).toBe(500)
    outbox.append(create('local-7'), 2)
    outbox.append(links('m1', ['local-7']), 3)
    expect(outbox.eligible(1000, 10).map((r) => r.write.kind)).toEqual(['participant.update', 'stream.create'])
  })

  it('rewrites every waiting write naming a local id once the service id is known', () => {
    outbox.append(create('local-7'), 1)
    const createSeq = outbox.rows()[0]!.seq
    outbox.claim(createSeq)
    outbox.append(update('local-7', 'Renamed'), 2)
    outbox.append(links('m1', ['s1', 'local-7']), 3)
    outbox.done(createSeq)
    outbox.release(createSeq)
    outbox.mapLocalId('local-7', '900')
    expect(outbox.rows().map((r) => [r.entity, r.write.payload])).toEqual([
      ['stream:900', expect.objectContaining({ id: '900' })],
      ['match:m1', expect.objectContaining({ streamIds: ['s1', '900'] })],
    ])
    expect(outbox.resolve('local-7')).toBe('900')
    // The link names stream 900, so it goes after the edit of stream 900.
    expect(outbox.eligible(10, 10).map((r) => r.entity)).toEqual(['stream:900'])
  })
})

describe('writes that depend on each other across entities', () => {
  it('a replaced match list naming a stream created later is sent after that creation (no deadlock)', () => {
    outbox.append(links('m1', ['s1']), 1)
    outbox.append(create('local-9'), 2)
    outbox.append(links('m1', ['local-9']), 3)
    expect(outbox.rows().map((r) => r.write.kind)).toEqual(['stream.create', 'match-streams.replace'])
    expect(outbox.eligible(10, 10).map((r) => r.write.kind)).toEqual(['stream.create'])
  })

  it('a match list naming a stream goes before that stream’s later deletion, never after', () => {
    outbox.append(links('m1', ['s1']), 1)
    outbox.append(remove('s1'), 2)
    outbox.append(checkin('p1', true), 3)
    expect(outbox.eligible(10, 10).map((r) => r.write.kind)).toEqual(['match-streams.replace', 'participant.update'])
    outbox.done(outbox.rows()[0]!.seq)
    expect(outbox.eligible(10, 10).map((r) => r.write.kind)).toEqual(['stream.delete', 'participant.update'])
  })
})

describe('needs attention', () => {
  it('holds a refused write with its reason, and the entity behind it, until retried or discarded', () => {
    const seq = outbox.append(update('s1', 'a'), 1)!
    outbox.needsAttention(seq, 'name must not be empty')
    outbox.append(remove('s1'), 2)
    expect(outbox.counts()).toEqual({ pending: 1, attention: 1 })
    expect(outbox.eligible(10, 10)).toEqual([])
    expect(outbox.row(seq)).toMatchObject({ state: 'attention', lastError: 'name must not be empty' })
    outbox.retry(seq)
    expect(outbox.eligible(10, 10).map((r) => r.seq)).toEqual([seq])
    outbox.needsAttention(seq, 'again')
    expect(outbox.discard(seq).map((r) => r.seq)).toEqual([seq])
    expect(outbox.eligible(10, 10).map((r) => r.write.kind)).toEqual(['stream.delete'])
  })
})

describe('the database', () => {
  it('uses WAL and synchronous=FULL, and is at the latest schema', () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(2)
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
  })

  it('commits a refresh of the local copy unsynced, and every other write synced again after it, even after a failure', () => {
    expect(refreshTransaction(db, () => db.pragma('synchronous', { simple: true }))).toBe(1)
    expect(db.pragma('synchronous', { simple: true })).toBe(2)
    expect(() =>
      refreshTransaction(db, () => {
        db.exec("INSERT INTO refreshed (resource, scope, at) VALUES ('streams', 't', 1)")
        throw new Error('failed')
      }),
    ).toThrow('failed')
    expect(db.pragma('synchronous', { simple: true })).toBe(2)
    expect(db.prepare('SELECT count(*) AS n FROM refreshed').get()).toEqual({ n: 0 })
  })

  it('refuses a database written by a newer version', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'matchdesk-newer-')), 'p.sqlite')
    openDatabase(file).pragma('user_version = 99')
    expect(() => openDatabase(file)).toThrow(/newer Matchdesk/)
  })

  it('keeps what was written across a reopen', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'matchdesk-reopen-')), 'p.sqlite')
    const first = openDatabase(file)
    new Outbox(first).append(checkin('p1', true), 1)
    first.close()
    expect(new Outbox(openDatabase(file)).rows()).toHaveLength(1)
  })
})

describe('what a read sent earlier is older than', () => {
  it('names the entities written or acknowledged after a mark, and a created stream by its service id too', () => {
    outbox.append(checkin('p1', true), 1)
    const mark = outbox.changeMark()
    expect(outbox.touchedSince('participant:p1', mark)).toBe(false)
    const seq = outbox.append(checkin('p2', true), 2)!
    expect(outbox.touchedSince('participant:p2', mark)).toBe(true)
    expect(outbox.touchedSince('participant:p1', mark)).toBe(false)

    const afterWrite = outbox.changeMark()
    outbox.done(seq)
    expect(outbox.touchedSince('participant:p2', afterWrite)).toBe(true)
    expect(outbox.touchedSince('participant:p2', outbox.changeMark())).toBe(false)

    const created = outbox.append(create('local-1'), 3)!
    const beforeAck = outbox.changeMark()
    outbox.done(created)
    outbox.mapLocalId('local-1', 'svc-9')
    expect(outbox.touchedSince('stream:svc-9', beforeAck)).toBe(true)
    expect(outbox.touchedSince('stream:svc-8', beforeAck)).toBe(false)
  })
})
