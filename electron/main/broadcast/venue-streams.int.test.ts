// Two desks of one shared venue, over real HTTP and WebSocket, each on the Demo venue: a Take on the desk that runs a
// stream reaches the other desk's hub (its overlays and OBS show the same feed) and its Stream desk, which names who
// runs it; the other desk is refused a change until it takes the stream over, and then goes on from where the first
// left it (queue, casters, the room's score); a match two desks take on two streams at once ends on air on one only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import type { PairingCode } from '../../../shared/ipc/hub'
import type { SharingState } from '../../../shared/venue/sharing'
import { demoDesk } from '../../../tests/support/demo-desk'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { linkedDuels, type LinkedDuels } from '../../../tests/support/linked-duels'
import type { MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const folders = [0, 1, 2].map((i) => mkdtempSync(join(tmpdir(), `matchdesk-streams-${i}-`)))
const [hostDir, memberDir, pagesDir] = folders as [string, string, string]
writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
const retry = { first: 100, most: 300 }
let host: MainServices
let member: MainServices
const onHost = dispatchValue(() => host)
const onMember = dispatchValue(() => member)
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

const startHost = (port = 0) => demoDesk(hostDir, { hub: { port, pagesDir }, venueRetryMs: retry })

beforeAll(async () => {
  host = await startHost()
  member = await demoDesk(memberDir, {
    hub: { port: 0, pagesDir },
    credentials: new MemoryCredentialStore(),
    venueRetryMs: retry,
  })
  // Both desks read the same tournament (the Demo venue's seed makes its ids the same on both, as one service's are).
  linked = await linkedDuels(onHost, 4)
  await linkedDuels(onMember, 4)
  other = linked.streams.find((s) => s.id !== linked.streamId)!.id
  for (const duel of linked.duels.slice(2))
    for (const value of [onHost, onMember])
      await value('match-streams:replace', { matchId: duel.id, streamIds: [other] })
}, 60_000)
afterAll(async () => {
  await member?.close()
  await host?.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe('one venue’s streams on two desks', () => {
  it('shows a Take on the desk that runs the stream on the other desk’s hub and desk, naming who runs it', async () => {
    const { code } = await onHost<PairingCode>('hub:pair', { name: 'Ana’s desk', kind: 'desk' })
    await onMember('venue:join', { address: host.hub!.url, code })
    await expect.poll(async () => (await onMember<SharingState>('venue:sharing')).link).toBe('connected')
    const [first] = linked.duels
    await onMember('broadcast:take', { streamId: linked.streamId, matchId: first!.id })
    await expect.poll(async () => (await served(host, linked.streamId)).onAir?.id, { timeout: 5000 }).toBe(first!.id)
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
      .poll(async () => (await served(host, linked.streamId)).casters.map((c) => c.name))
      .toEqual(['Caster Ana'])
    const pressed = (await served(host, linked.streamId)).onAir!
    const taken = await onHost<StreamState>('broadcast:take-over', { streamId: linked.streamId })
    expect(taken).toMatchObject({ onAir: linked.duels[0]!.id, runBy: null })
    expect(taken.feed.onAir!.opponents.map((o) => o.score)).toEqual(pressed.opponents.map((o) => o.score))
    expect(taken.feed.casters.map((c) => c.name)).toEqual(['Caster Ana'])
    // The host runs it now: its Take reaches the member, which is refused in turn.
    await onHost('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[1]!.id })
    await expect.poll(async () => (await served(member, linked.streamId)).onAir?.id).toBe(linked.duels[1]!.id)
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
    const port = Number(new URL(host.hub!.url).port)
    await host.close()
    await expect.poll(async () => (await onMember<SharingState>('venue:sharing')).link).toBe('connecting')
    await onMember('broadcast:take', { streamId: other, matchId: match })
    host = await startHost(port)
    await onHost('broadcast:take', { streamId: linked.streamId, matchId: match })
    // The host's Take came last: the member's stream shows nothing on air, on both hubs.
    for (const desk of [host, member]) {
      await expect.poll(async () => (await served(desk, linked.streamId)).onAir?.id).toBe(match)
      await expect.poll(async () => (await served(desk, other)).onAir?.id ?? null).toBeNull()
    }
  })
})
