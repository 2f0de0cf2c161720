// The Demo venue keeps its state across restarts: what a client was told is done is there when the sandbox starts
// again from the same file (even when the first one never closed), records changed in place by the simulation too,
// new ids carry on, an unreadable file is set aside, a venue file of an older version is carried over, and a reset
// starts the venue over.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openSession } from '../../tests/support/sandbox-session'
import { startSandbox, type Sandbox } from '../index'

const started: Sandbox[] = []
const folders: string[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.close()))
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function stateFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'matchdesk-venue-'))
  folders.push(folder)
  return join(folder, 'demo-venue.sqlite')
}

async function start(file: string): Promise<Sandbox> {
  const sandbox = await startSandbox({ stateFile: file })
  started.push(sandbox)
  return sandbox
}

/** A participant renamed and a match linked to a stream, as a desk would do them. */
async function changeVenue(sandbox: Sandbox) {
  const session = await openSession(sandbox)
  const { store } = sandbox
  const tournament = [...store.tournaments.values()].find((t) => t.name === 'Lyon LAN Winter Cup')!
  const participant = [...store.participants.values()].find((p) => p.tournament_id === tournament.id)!
  const stream = store.streamsOfTournament(tournament.id)[0]!
  const match = [...store.nodes.values()].find(
    (n) => n.tournament_id === tournament.id && !store.matchStreams.get(n.id)?.length,
  )!
  const renamed = await session.org('PATCH', `/participants/${participant.id}`, {
    body: { name: 'Kept Across Restarts' },
  })
  expect(renamed.status).toBe(200)
  const linked = await session.org('PUT', `/matches/${match.id}/streams`, { body: [stream.id] })
  expect(linked.status).toBeLessThan(300)
  return { participant, match: match.id, stream: stream.id }
}

describe('the Demo venue on disk', () => {
  it('starts again where it was, even when the first run was never closed', async () => {
    const file = stateFile()
    const first = await start(file)
    expect(first.began.kind).toBe('none')
    const changed = await changeVenue(first)
    // No close: the second start reads what the first wrote before it answered.
    const second = await startSandbox({ stateFile: file })
    started.push(second)
    expect(second.began.kind).toBe('read')
    expect(second.store.participants.get(changed.participant.id)?.name).toBe('Kept Across Restarts')
    expect(second.store.matchStreams.get(changed.match)).toEqual([changed.stream])
    expect(second.store.snapshot()).toBe(first.store.snapshot())

    // New records carry on after the kept ones: no id is made twice.
    const session = await openSession(second)
    const made = await session.org('POST', `/tournaments/${changed.participant.tournament_id}/participants`, {
      body: { name: 'Late Arrival' },
    })
    expect(made.status).toBe(201)
    const id = (made.body as { id: string }).id
    expect(first.store.participants.has(id) || first.store.tournaments.has(id)).toBe(false)
    expect(BigInt(id) > BigInt(first.store.ids.last)).toBe(true)
  })

  it('sets an unreadable file aside and opens a freshly seeded venue', async () => {
    const file = stateFile()
    writeFileSync(file, 'not a database, but someone may want it back '.repeat(200))
    const sandbox = await start(file)
    expect(sandbox.began).toMatchObject({ kind: 'set-aside', reason: expect.stringContaining('cannot be read') })
    const aside = (sandbox.began as { path: string }).path
    expect(existsSync(aside)).toBe(true)
    expect(sandbox.store.tournaments.size).toBeGreaterThan(0)
    // The fresh venue is written in its place, private to the user.
    expect(
      readdirSync(join(file, '..'))
        .filter((name) => !name.endsWith('-wal') && !name.endsWith('-shm'))
        .sort(),
    ).toEqual(['demo-venue.sqlite', aside.split('/').pop()].sort())
    expect(statSync(file).mode & 0o777).toBe(0o600)
    await sandbox.close()
    expect((await start(file)).began.kind).toBe('read')
  })

  it('does not read a venue made with another seed', async () => {
    const file = stateFile()
    const other = await startSandbox({ stateFile: file, seed: 7 })
    await other.close()
    const sandbox = await start(file)
    expect(sandbox.began).toMatchObject({ kind: 'set-aside', reason: expect.stringContaining('seed 7') })
  })

  it('keeps what the simulation changed in place: a result deep inside a match, the winner moved on, a check-in', async () => {
    const file = stateFile()
    const first = await start(file)
    // As the simulation's step changes them: in place, deep inside records, inside the venue's write.
    const { match, participant } = first.store.write(() => {
      const match = [...first.store.nodes.values()].find((n) => first.engine.isReady(n))!
      first.engine.complete(match)
      const participant = [...first.store.participants.values()].find((p) => !p.checked_in)!
      participant.checked_in = true
      return { match, participant }
    })
    // The next write the venue takes commits them with its own.
    await changeVenue(first)
    const second = await start(file)
    expect(
      second.store.nodes
        .get(match.id)!
        .opponents.map((o) => o.result)
        .sort(),
    ).toEqual(match.opponents.map((o) => o.result).sort())
    expect(second.store.nodes.get(match.id)!.status).toBe('completed')
    expect(second.store.participants.get(participant.id)!.checked_in).toBe(true)
    expect(second.store.snapshot()).toBe(first.store.snapshot())
  })

  it('carries a venue file of the older version over, then removes it', async () => {
    const file = stateFile()
    const older = join(file, '..', 'demo-venue.json')
    const first = await start(file)
    const changed = await changeVenue(first)
    const state = { records: first.store.records(), ...first.live.kept() }
    await first.close()
    rmSync(file)
    for (const companion of ['-wal', '-shm']) rmSync(file + companion, { force: true })
    writeFileSync(older, JSON.stringify({ format: 1, key: { seed: 1, size: 'small' }, state }))
    const carried = await startSandbox({ stateFile: file, importFrom: older })
    started.push(carried)
    expect(carried.began.kind).toBe('read')
    expect(carried.store.participants.get(changed.participant.id)?.name).toBe('Kept Across Restarts')
    expect(existsSync(older)).toBe(false)
    await carried.close()
    const again = await start(file)
    expect(again.began.kind).toBe('read')
    expect(again.store.snapshot()).toBe(first.store.snapshot())
  })

  it('starts over on reset, and stays reset after a restart', async () => {
    const file = stateFile()
    const sandbox = await start(file)
    // What a reset must bring back (times aside: a reseeded venue schedules from now).
    const seededShape = (venue: Sandbox) =>
      JSON.stringify([
        [...venue.store.participants.values()].map((p) => [p.id, p.name]),
        [...venue.store.matchStreams.entries()],
      ])
    const seeded = seededShape(sandbox)
    const changed = await changeVenue(sandbox)
    sandbox.reset()
    expect(sandbox.store.participants.get(changed.participant.id)?.name).not.toBe('Kept Across Restarts')
    expect(seededShape(sandbox)).toBe(seeded)
    const again = await startSandbox({ stateFile: file })
    started.push(again)
    expect(seededShape(again)).toBe(seeded)
  })
})
