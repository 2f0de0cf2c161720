// A read sent before a write and answered after the service acknowledged it carries the old value: it must not undo
// the write in the local copy (a check-in shown as not checked in for a whole cycle of windows, a link gone from a
// stream's queue), and a match's links from the service must not bring back a stream deleted here meanwhile. On the
// large Demo venue over real HTTP; only when an answer is handed over is held back, as a slower connection would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MainServices } from '../composition'
import { largeDemo } from '../../../tests/support/large-demo'

let services: MainServices
let tournamentId = ''
type P = { id: string; name: string; checked_in: boolean }

beforeAll(async () => {
  ;({ services, tournamentId } = await largeDemo('reads-older-than-writes'))
}, 120_000)
afterAll(() => services.close())

async function value<T>(channel: string, input: unknown): Promise<T> {
  const result = await services.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`)
  return result.value as T
}

/** Holds answers back: each read `hold` wraps reaches the service at once, and its answer waits for `release`. */
function heldAnswers() {
  let release!: () => void
  let answered!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const arrived = new Promise<void>((resolve) => (answered = resolve))
  const hold =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const answer = await read(...args)
      answered()
      await released
      return answer
    }
  return { hold, release, arrived }
}

const session = () => services.connections.active

/** Holds back the answers of one match's links call (`get`: read, `replace`: write); `restore` puts the client back. */
function heldLinks(matchId: string, call: 'get' | 'replace') {
  const api = session().api
  const ofMatch = api.streams.ofMatch
  const held = heldAnswers()
  api.streams.ofMatch = (id) => {
    const links = ofMatch(id)
    if (id !== matchId) return links
    return call === 'get' ? { ...links, get: held.hold(links.get) } : { ...links, replace: held.hold(links.replace) }
  }
  return { ...held, restore: () => void (api.streams.ofMatch = ofMatch) }
}
const drained = () => session().offline.replayer.drain(15_000)

async function someoneNotCheckedIn(): Promise<P> {
  const { items } = await value<{ items: P[] }>('participants:list', { tournamentId, filters: {} })
  return items.find((p) => !p.checked_in)!
}
/** Checks `person` in and waits until the service acknowledged it; only then is the held answer handed over. */
async function checkInBeforeTheAnswer(person: P, release: () => void, reading: Promise<unknown>): Promise<void> {
  await value('checkin:set', { participantId: person.id, checkedIn: true })
  await drained()
  expect(services.connections.sandbox.store.participants.get(person.id)!.checked_in).toBe(true)
  release()
  await reading
}
const checkedIn = async (id: string) =>
  (await value<{ items: P[] }>('participants:list', { tournamentId, filters: {} })).items.find((p) => p.id === id)!
    .checked_in

describe('a read answered after a write it was sent before', () => {
  it('a whole participant list read keeps a check-in the service acknowledged meanwhile', async () => {
    const person = await someoneNotCheckedIn()
    const api = session().api
    const list = api.participants.list
    const { hold, release, arrived } = heldAnswers()
    api.participants.list = (query) => {
      const endpoint = list(query)
      return { ...endpoint, all: hold((options) => endpoint.all(options)) }
    }
    try {
      const reading = session().offline.reads.refresh('participants', tournamentId)
      await arrived
      await checkInBeforeTheAnswer(person, release, reading)
    } finally {
      api.participants.list = list
    }
    expect(await checkedIn(person.id)).toBe(true)
  })

  it('a live tick of rolling windows keeps a check-in the service acknowledged meanwhile', async () => {
    const person = await someoneNotCheckedIn()
    const api = session().api
    const list = api.participants.list
    const { hold, release, arrived } = heldAnswers()
    const { reads } = session().offline
    // The person's window comes round within a cycle of ticks: tick until the one that reads it is under way.
    const index = [...session().offline.cache.rows('participants', tournamentId).keys()].indexOf(person.id)
    api.participants.list = (query) => {
      const endpoint = list(query)
      return {
        ...endpoint,
        range: (first, last) => {
          const read = (from: number, to: number) => endpoint.range(from, to)
          return (first <= index && index <= last ? hold(read) : read)(first, last)
        },
      }
    }
    try {
      let ticking = reads.tick('participants', tournamentId)
      let held = false
      for (let i = 0; i < 30 && !held; i++) {
        held = await Promise.race([arrived.then(() => true), ticking.then(() => false)])
        if (!held) ticking = reads.tick('participants', tournamentId)
      }
      expect(held).toBe(true)
      await checkInBeforeTheAnswer(person, release, ticking)
    } finally {
      api.participants.list = list
    }
    expect(await checkedIn(person.id)).toBe(true)
  })

  it("a match's links read keeps a link the service acknowledged meanwhile", async () => {
    const { items: nodes } = await value<{ items: { id: string; status: string }[] }>('bracket:nodes', {
      tournamentId,
      filters: {},
    })
    const match = nodes.find((n) => n.status !== 'completed')!
    const { streamIds } = await value<{ streamIds: string[] }>('match-streams:get', { matchId: match.id })
    const { items } = await value<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
    const stream = items.find((s) => !streamIds.includes(s.id))!
    const { release, arrived, restore } = heldLinks(match.id, 'get')
    try {
      session().offline.cache.markRefreshed('match-streams', match.id, 0)
      const reading = value('match-streams:get', { matchId: match.id })
      await arrived
      await value('match-streams:replace', { matchId: match.id, streamIds: [...streamIds, stream.id] })
      await drained()
      release()
      await reading
    } finally {
      restore()
    }
    expect(session().offline.cache.matchStreams(match.id)).toEqual([...streamIds, stream.id])
  })

  describe("a match's links read does not bring back a stream deleted here", () => {
    /** An open match linked to one more stream, on the service and here. */
    async function linkedMatch() {
      const { items: nodes } = await value<{ items: { id: string; status: string }[] }>('bracket:nodes', {
        tournamentId,
        filters: {},
      })
      const { items: streams } = await value<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
      const match = nodes.filter((n) => n.status !== 'completed').at(-1)!
      const stream = streams.at(-1)!
      const { streamIds } = await value<{ streamIds: string[] }>('match-streams:get', { matchId: match.id })
      const linked = [...streamIds.filter((id) => id !== stream.id), stream.id]
      await value('match-streams:replace', { matchId: match.id, streamIds: linked })
      await drained()
      session().offline.cache.markRefreshed('match-streams', match.id, 0)
      return { match, stream, others: linked.slice(0, -1) }
    }

    it('deleted and acknowledged while the links were asked for', async () => {
      const { match, stream, others } = await linkedMatch()
      const { release, arrived, restore } = heldLinks(match.id, 'get')
      try {
        const reading = value('match-streams:get', { matchId: match.id })
        await arrived
        await value('streams:delete', { id: stream.id })
        await drained()
        release()
        await reading
      } finally {
        restore()
      }
      expect(session().offline.cache.matchStreams(match.id)).toEqual(others)
    })

    it('deleted while a link to it was on its way: its acknowledgement does not link it again', async () => {
      const { match, stream, others } = await linkedMatch()
      await value('match-streams:replace', { matchId: match.id, streamIds: others })
      await drained()
      const { release, arrived, restore } = heldLinks(match.id, 'replace')
      try {
        await value('match-streams:replace', { matchId: match.id, streamIds: [...others, stream.id] })
        await arrived
        await value('streams:delete', { id: stream.id })
        release()
        await drained()
      } finally {
        restore()
      }
      expect(session().offline.cache.matchStreams(match.id)).toEqual(others)
    })

    it('deleted here, the deletion still waiting when the links are read', async () => {
      const { match, stream, others } = await linkedMatch()
      const api = session().api
      const remove = api.streams.remove
      const { hold, release } = heldAnswers()
      let sent = false
      // The deletion waits before it reaches the service, which still links the stream when the match is read.
      api.streams.remove = async (id) => {
        await hold(async () => undefined)()
        sent = true
        return remove(id)
      }
      try {
        await value('streams:delete', { id: stream.id })
        const { streamIds } = await value<{ streamIds: string[] }>('match-streams:get', { matchId: match.id })
        expect(sent).toBe(false)
        expect(streamIds).toEqual(others)
      } finally {
        release()
        api.streams.remove = remove
      }
      await drained()
      expect(session().offline.cache.matchStreams(match.id)).toEqual(others)
    })
  })
})
