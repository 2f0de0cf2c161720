// The technical-difficulties key on the Demo venue, from each place that has it (the desk, Companion's control route,
// a stream's tablet): down, the card is on air at once, OBS (a stand-in obs-websocket) shows its scene and the rest
// stands still; up, everything is where it was — the scene before it, what waited on air, or still held if it was —
// and the VOD's chapters say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import type { TabletView } from '../../../shared/venue/tablet'
import type { VodChapters } from '../../../shared/broadcast/vod-chapters'
import { deskWithObs, type DeskWithObs } from '../../../tests/support/desk-with-obs'
import type { FakeObs } from '../../../tests/support/fake-obs'
import type { LinkedDuels } from '../../../tests/support/linked-duels'
import { pairDevice } from '../../../tests/support/pair-device'

let desk: DeskWithObs
let obs: FakeObs
let linked: LinkedDuels
let streamId = ''
const value = <T>(channel: string, input?: unknown) => desk.value<T>(channel, input)
const services = () => desk.services()
const feed = async () => (await (await fetch(`${services().hub!.url}/feed/v1/streams/${streamId}`)).json()) as Feed
const key = (down: boolean) => value<StreamState>('broadcast:difficulties', { streamId, down })
const names = (f: Feed) => f.onAir?.opponents.map((o) => o.name) ?? []
/** The service renames the on-air match's first player; the desk's local copy reads it. */
async function serviceRenames(to: string) {
  const participant = linked.duels[0]!.opponents[0]!.participant!
  services().connections.sandbox.store.participants.get(participant.id)!.name = to
  await services().connections.active.offline.reads.refresh('nodes', linked.tournamentId)
}

beforeAll(async () => {
  desk = await deskWithObs('difficulties', 2)
  ;({ linked, streamId, obs } = desk)
  await value('broadcast:mark-start', { streamId })
  await value('broadcast:take', { streamId, matchId: linked.duels[0]!.id })
})
afterAll(() => desk.close())

describe('the technical-difficulties key', () => {
  it('down: the card on air and OBS on its scene at once; the service’s changes wait', async () => {
    await expect.poll(() => obs.program()).toBe('Match')
    const down = await key(true)
    expect(down).toMatchObject({ difficulties: true, held: true, feed: { difficulties: true } })
    expect((await feed()).difficulties).toBe(true)
    await expect.poll(() => obs.program()).toBe('Tech')
    await serviceRenames('Renamed Meanwhile')
    await expect
      .poll(
        async () =>
          (
            await value<{ streams: StreamState[] }>('broadcast:status', { tournamentId: linked.tournamentId })
          ).streams.find((s) => s.streamId === streamId)!.staged.length,
      )
      .toBeGreaterThan(0)
    expect(names(await feed())).not.toContain('Renamed Meanwhile')
  })

  it('up: OBS back on the scene before it, and what waited goes on air', async () => {
    const up = await key(false)
    expect(up).toMatchObject({ difficulties: false, held: false, staged: [] })
    expect(names(up.feed)).toContain('Renamed Meanwhile')
    expect((await feed()).difficulties).toBe(false)
    await expect.poll(() => obs.program()).toBe('Match')
  })

  it('leaves a held stream held when it comes back up', async () => {
    await value('broadcast:hold', { streamId, held: true })
    await key(true)
    const up = await key(false)
    expect(up).toMatchObject({ difficulties: false, held: true })
    await value('broadcast:hold', { streamId, held: false })
  })

  it('is Companion’s too: on, off and toggle, anything else refused by name', async () => {
    const companion = async (path: string) => {
      const answer = await fetch(`${services().hub!.url}/control/v1/streams/${streamId}/difficulties/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${services().registry.controlToken}` },
      })
      return { status: answer.status, body: (await answer.json()) as StreamState & { fields?: object } }
    }
    expect((await companion('toggle')).body.difficulties).toBe(true)
    expect((await companion('on')).body.difficulties).toBe(true)
    expect((await companion('toggle')).body.difficulties).toBe(false)
    expect((await companion('off')).body.difficulties).toBe(false)
    expect(await companion('maybe')).toMatchObject({ status: 422, body: { fields: { key: 'on, off or toggle' } } })
  })

  it('is a stream tablet’s too (scorekeeper or caster)', async () => {
    const tabletKey = await pairDevice(value, services().hub!.url, 'Caster tablet', 'caster', undefined, streamId)
    const press = async (body: unknown) => {
      const answer = await fetch(`${services().hub!.url}/tablet/v1/difficulties`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-matchdesk-key': tabletKey },
        body: JSON.stringify(body),
      })
      return { status: answer.status, body: (await answer.json()) as TabletView & { error?: string } }
    }
    expect(await press({ down: true })).toMatchObject({ status: 200, body: { difficulties: true } })
    expect((await feed()).difficulties).toBe(true)
    expect(await press({ down: 'yes' })).toMatchObject({ status: 400, body: { error: 'down: true or false' } })
    expect(await press({ down: false })).toMatchObject({ status: 200, body: { difficulties: false } })
  })

  it('is a chapter of the VOD, and the match after it is one again', async () => {
    const titles = () =>
      services()
        .connections.active.offline.onAirLog.since(streamId)
        .entries.map((e) => e.title)
    // The key's last release is recorded once OBS is back on the match scene.
    await expect.poll(() => titles().at(-1)).toMatch(/: Renamed Meanwhile vs /)
    const { chapters } = await value<VodChapters>('broadcast:chapters', { streamId })
    // Pressed within seconds of each other here: a chapter under ten seconds gives way to the next, so the last press
    // (the key up) leaves the match as the one chapter since the start.
    expect(chapters.map((c) => c.title).at(-1)).toMatch(/: Renamed Meanwhile vs /)
    expect(titles().filter((title) => title === 'Technical difficulties')).toHaveLength(4)
  })

  it('back on air to the break OBS showed before it: the record says Break, not the match', async () => {
    const titles = () =>
      services()
        .connections.active.offline.onAirLog.since(streamId)
        .entries.map((e) => e.title)
    await value('obs:scene', { streamId, scene: 'Break' })
    await expect.poll(() => titles().at(-1)).toBe('Break')
    await key(true)
    await expect.poll(() => obs.program()).toBe('Tech')
    expect(titles().at(-1)).toBe('Technical difficulties')
    await key(false)
    await expect.poll(() => obs.program()).toBe('Break')
    await expect.poll(() => titles().at(-1)).toBe('Break')
    // Never the match in between: OBS did not show it.
    expect(titles().slice(-2)).toEqual(['Technical difficulties', 'Break'])
  })
})
