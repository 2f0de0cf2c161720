// Two desks of one shared venue, over real HTTP and WebSocket, each on the Demo venue: a Take on the desk that runs a
// stream reaches the other desk's hub (its overlays and OBS show the same feed) and its Stream desk, which names who
// runs it; the other desk is refused a change until it takes the stream over, and then goes on from where the first
// left it (queue, casters, the room's score); a match two desks take on two streams at once ends on air on one only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import type { AuditPage } from '../../../shared/venue/roles'
import type { SharingState } from '../../../shared/venue/sharing'
import { linkedDuels, type LinkedDuels } from '../../../tests/support/linked-duels'
import { twoDesks, type TwoDesks } from '../../../tests/support/two-desks'
import type { MainServices } from '../composition'

let desks: TwoDesks
const onHost = <T>(channel: string, input?: unknown) => desks.onHost<T>(channel, input)
const onMember = <T>(channel: string, input?: unknown) => desks.onMember<T>(channel, input)
let linked: LinkedDuels
let other: string
/** What a desk's hub serves an overlay of the stream now. */
const served = async (desk: MainServices, streamId: string) =>
  (await (await fetch(`${desk.hub!.url}/feed/v1/streams/${streamId}`)).json()) as Feed
const stateOf = async (value: typeof onHost, streamId: string) =>
  (await value<{ streams: StreamState[] }>('broadcast:status', { tournamentId: linked.tournamentId })).streams.find(
    (s) => s.streamId === streamId,
  )!
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: { error: { code: string; message: string } }) => e.error,
  )

beforeAll(async () => {
  desks = await twoDesks('venue-streams', { memberHub: true })
  // Both desks read the same tournament (the Demo venue's seed makes its ids the same on both, as one service's are).
  linked = await linkedDuels(onHost, 4)
  await linkedDuels(onMember, 4)
  other = linked.streams.find((s) => s.id !== linked.streamId)!.id
  for (const duel of linked.duels.slice(2))
    for (const value of [onHost, onMember])
      await value('match-streams:replace', { matchId: duel.id, streamIds: [other] })
}, 60_000)
afterAll(() => desks?.close())

describe('one venue’s streams on two desks', () => {
  it('shows a Take on the desk that runs the stream on the other desk’s hub and desk, naming who runs it', async () => {
    await desks.join('Ana’s desk')
    await expect.poll(() => desks.link()).toBe('connected')
    const [first] = linked.duels
    await onMember('broadcast:take', { streamId: linked.streamId, matchId: first!.id })
    await expect
      .poll(async () => (await served(desks.host, linked.streamId)).onAir?.id, { timeout: 5000 })
      .toBe(first!.id)
    const shown = await stateOf(onHost, linked.streamId)
    expect(shown).toMatchObject({ onAir: first!.id, runBy: 'Ana’s desk' })
    expect((await stateOf(onMember, linked.streamId)).runBy).toBeNull()
    // Who runs what, as the Venue view lists it on both desks.
    await expect
      .poll(async () => (await onHost<SharingState>('venue:sharing')).desks)
      .toContainEqual({ name: 'Ana’s desk', you: false, streams: ['B stream'] })
    expect((await onMember<SharingState>('venue:sharing')).desks[0]).toMatchObject({ you: true, streams: ['B stream'] })
  })

  it('refuses a change on a stream another desk runs, naming that desk, until it is taken over', async () => {
    const error = await refusal(onHost('broadcast:next', { streamId: linked.streamId }))
    expect(error).toMatchObject({ code: 'conflict', message: expect.stringContaining('Ana’s desk') })
    // The room's score pressed on the member, and its casters: what the host goes on with.
    await onMember('broadcast:live', { streamId: linked.streamId, press: { kind: 'score', side: 0, delta: 1 } })
    await onMember('broadcast:casters', {
      streamId: linked.streamId,
      casters: [{ name: 'Caster Ana', handle: '', pronouns: '' }],
    })
    await expect
      .poll(async () => (await served(desks.host, linked.streamId)).casters.map((c) => c.name))
      .toEqual(['Caster Ana'])
    const pressed = (await served(desks.host, linked.streamId)).onAir!
    const taken = await onHost<StreamState>('broadcast:take-over', { streamId: linked.streamId })
    expect(taken).toMatchObject({ onAir: linked.duels[0]!.id, runBy: null })
    expect(taken.feed.onAir!.opponents.map((o) => o.score)).toEqual(pressed.opponents.map((o) => o.score))
    expect(taken.feed.casters.map((c) => c.name)).toEqual(['Caster Ana'])
    // The host runs it now: its Take reaches the member, which is refused in turn.
    await onHost('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[1]!.id })
    await expect.poll(async () => (await served(desks.member, linked.streamId)).onAir?.id).toBe(linked.duels[1]!.id)
    await expect.poll(async () => (await stateOf(onMember, linked.streamId)).runBy).not.toBeNull()
    expect(await refusal(onMember('broadcast:hold', { streamId: linked.streamId, held: true }))).toMatchObject({
      code: 'conflict',
    })
  })

  it('keeps a match taken on two streams at once on air on the one taken last, on both desks', async () => {
    const match = linked.duels[2]!.id
    // Linked to both streams on both desks, then taken on both while the member is cut off from the host.
    for (const value of [onHost, onMember])
      await value('match-streams:replace', { matchId: match, streamIds: [linked.streamId, other] })
    await desks.closeHost()
    await expect.poll(() => desks.link()).toBe('connecting')
    await onMember('broadcast:take', { streamId: other, matchId: match })
    await desks.restartHost()
    await onHost('broadcast:take', { streamId: linked.streamId, matchId: match })
    // The host's Take came last: the member's stream shows nothing on air, on both hubs.
    for (const desk of [desks.host, desks.member]) {
      await expect.poll(async () => (await served(desk, linked.streamId)).onAir?.id).toBe(match)
      await expect.poll(async () => (await served(desk, other)).onAir?.id ?? null).toBeNull()
    }
  })

  it('credits a person only with what they pressed: a Take dropped by a conflict and a queue the service moved are automatic', async () => {
    const streams = async (value: typeof onHost, since = 0) =>
      (await value<AuditPage>('venue:audit', { search: '', subject: 'stream' })).entries
        .filter((e) => e.at >= since)
        .map((e) => [e.label, e.operator, e.what.replace(/^Took .*? (on|off) air/, 'Took … $1 air')])
    // The member's Take on its stream ended when the host's came last (the test before).
    const otherName = linked.streams.find((s) => s.id === other)!.name
    await expect
      .poll(() => streams(onHost))
      .toContainEqual([
        otherName,
        '',
        'Took … off air (automatic: another desk took the match on air on another stream)',
      ])
    // A match in the host's queue gets its result on the service: the queue moves by itself.
    const since = Date.now()
    const queued = (await stateOf(onHost, linked.streamId)).next[0]!
    const record = desks.host.connections.sandbox.store.nodes.get(queued)!
    record.status = 'completed'
    record.opponents[0]!.result = 'win'
    record.opponents[1]!.result = 'loss'
    await onHost('cache:refresh', { resource: 'nodes', scope: linked.tournamentId, full: true })
    await expect.poll(async () => (await stateOf(onHost, linked.streamId)).next).not.toContain(queued)
    await expect
      .poll(() => streams(onHost, since))
      .toContainEqual(['B stream', '', 'Changed the queue (automatic: the service’s bracket changed)'])
    // Nothing the refresh changed is said as a person's doing.
    expect((await streams(onHost, since)).filter(([, , what]) => !what!.includes('(automatic: '))).toEqual([])
  })
})
