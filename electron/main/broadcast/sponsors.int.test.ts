// The venue's sponsors on the Demo venue, through the channels the desk calls and the hub's routes: slots added with
// their images checked by content, the rotation every stream's feed carries, the images served as images, and the
// airtime counted per sponsor and stream only while a sponsor is on air — what OBS's program (a stand-in
// obs-websocket) shows: the sponsor overlay's source shown and not held off by the technical-difficulties key, the
// break screen while the break scene is on — never a preview tab; kept through a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import type { ObsState } from '../../../shared/broadcast/obs'
import type { AirtimeReport, Sponsor } from '../../../shared/broadcast/sponsors'
import { readEvents, type EventStreamReader } from '../../../tests/support/event-stream-reader'
import { deskWithObs, type DeskWithObs } from '../../../tests/support/desk-with-obs'
import type { LinkedDuels } from '../../../tests/support/linked-duels'
import { pngHeader, pngLogo, svgFile, webpHeader } from '../../../tests/support/image-headers'
import type { Clock } from '../clock'

/** The test's own time, standing still unless moved: the airtime is counted in it to the millisecond. */
let time = Date.parse('2026-11-28T10:00:00Z')
const clock: Clock = {
  now: () => time,
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}
let desk: DeskWithObs
let linked: LinkedDuels
let streamId = ''
const value = <T>(channel: string, input?: unknown) => desk.value<T>(channel, input)
const hub = (path: string) => fetch(`${desk.services().hub!.url}${path}`)
const feed = async () => (await (await hub(`/feed/v1/streams/${streamId}`)).json()) as Feed
const add = (name: string, seconds: number, image: Buffer) =>
  value<Sponsor[]>('sponsors:add', { name, seconds, image: image.toString('base64') })
/** Each sponsor's seconds on the stream, by name. */
const airtime = async () =>
  Object.fromEntries(
    (await value<AirtimeReport>('sponsors:airtime')).lines
      .filter((line) => line.streamId === streamId)
      .map((line) => [line.sponsor, line.seconds]),
  )
/** An overlay of the stream open (an OBS browser source), until closed; the desk has counted it once it says so. */
async function openOverlay(kind: string): Promise<{ close(): Promise<void> }> {
  const controller = new AbortController()
  const events: EventStreamReader = readEvents(
    await fetch(`${desk.services().hub!.url}/feed/v1/streams/${streamId}/events?source=${kind}`, {
      signal: controller.signal,
    }),
  )
  await events.next('feed')
  await expect.poll(() => followers(kind)).toBe(1)
  return {
    close: async () => {
      controller.abort()
      await events.close().catch(() => undefined)
      await expect.poll(() => followers(kind)).toBe(0)
    },
  }
}
/** OBS switched to a scene, and the desk has heard so from OBS. */
async function showScene(scene: string) {
  await value('obs:scene', { streamId, scene })
  await expect.poll(async () => (await value<ObsState>('obs:state', { streamId })).programScene).toBe(scene)
}
/** A page of the stream's overlays, as an OBS browser source opens it. */
const page = (kind: string) => `${desk.services().hub!.url}/overlays/${kind}?stream=${streamId}`
/** The overlays the desk has read OBS's program to show. */
const known = () => desk.services().obs.programOverlays(streamId)
/** The sponsors' source shown or hidden by its eye in OBS, and the desk has read so. */
async function sponsorsShown(shown: boolean) {
  desk.obs.setEnabled('Match', 'Sponsors overlay', shown)
  await expect.poll(() => known()?.has('sponsors')).toBe(shown)
}
const followers = async (kind: string) => {
  const { streams } = await value<{ streams: StreamState[] }>('broadcast:status', { tournamentId: linked.tournamentId })
  return streams.find((s) => s.streamId === streamId)?.sources[kind] ?? 0
}

beforeAll(async () => {
  desk = await deskWithObs('sponsors', 2, { clock })
  ;({ linked, streamId } = desk)
  await value('broadcast:take', { streamId, matchId: linked.duels[0]!.id })
})
afterAll(() => desk.close())

describe('sponsor slots', () => {
  it('refuse what is not a PNG, JPEG or WebP, or too large, naming the field and the limit', async () => {
    const refusal = (name: string, image: Buffer | string) =>
      value('sponsors:add', { name, seconds: 10, image: typeof image === 'string' ? image : image.toString('base64') })
        .then(() => null)
        .catch((error: { error: { fields?: Record<string, string>; message: string } }) => error.error)
    expect((await refusal('Evil', svgFile()))?.fields?.['image']).toBe(
      'image: a PNG, JPEG or WebP file (this one is not)',
    )
    expect((await refusal('Huge', pngHeader(20_000, 20_000)))?.fields?.['image']).toBe(
      'image: at most 4096 × 4096 pixels (this one is 20000 × 20000)',
    )
    expect((await refusal('x'.repeat(61), pngLogo('X')))?.message).toMatch(/name: at most 60 characters/)
    expect((await refusal('Big', 'A'.repeat(2_796_208)))?.message).toMatch(/image: at most 2 MB/)
    expect(await value('sponsors:list')).toEqual([])
  })

  it('rotate in every stream’s feed, each its seconds in turn from the moment they changed', async () => {
    await add('Acme Energy', 10, pngLogo('Acme'))
    const sponsors = await add('نادي الرياض للرياضات الإلكترونية', 5, webpHeader(800, 200))
    expect(sponsors.map((s) => [s.name, s.seconds, s.type, s.width, s.height])).toEqual([
      ['Acme Energy', 10, 'image/png', 480, 240],
      ['نادي الرياض للرياضات الإلكترونية', 5, 'image/webp', 800, 200],
    ])
    const rotation = (await feed()).sponsors!
    expect(rotation.epoch).toBe(time)
    expect(rotation.slots.map((slot) => [slot.name, slot.seconds])).toEqual([
      ['Acme Energy', 10],
      ['نادي الرياض للرياضات الإلكترونية', 5],
    ])
    // The image as an image, never sniffed as anything else.
    const image = await hub(rotation.slots[0]!.image)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await image.arrayBuffer()).equals(pngLogo('Acme'))).toBe(true)
    expect((await hub('/feed/v1/sponsors/nobody/image')).status).toBe(404)
  })
})

describe('sponsor airtime', () => {
  it('counts while OBS’s program shows the sponsor overlay, each sponsor its turns, none while the difficulties key is down', async () => {
    expect(await airtime()).toEqual({})
    // OBS's scenes hold the stream's overlays as "Set up OBS for me" makes them, the sponsors' source hidden.
    desk.obs.setItems('Match', [
      { sourceName: 'Scoreboard overlay', enabled: true, url: page('scoreboard') },
      { sourceName: 'Sponsors overlay', enabled: false, url: page('sponsors') },
    ])
    desk.obs.setItems('Break', [{ sourceName: 'Break overlay', enabled: true, url: page('break') }])
    await expect.poll(() => [...(known() ?? [])]).toEqual(['scoreboard'])
    await sponsorsShown(true)
    time += 45_000 // three 15 s cycles: 30 s of Acme, 15 s of the other
    expect(await airtime()).toEqual({ 'Acme Energy': 30, 'نادي الرياض للرياضات الإلكترونية': 15 })
    await value('broadcast:difficulties', { streamId, down: true })
    time += 60_000
    await value('broadcast:difficulties', { streamId, down: false })
    expect(await airtime()).toEqual({ 'Acme Energy': 30, 'نادي الرياض للرياضات الإلكترونية': 15 })
    time += 7_000 // back on air: 7 s of Acme (the rotation is 105 s in, a cycle's start)
    await sponsorsShown(false)
    time += 100_000 // hidden in OBS: nothing more
    expect(await airtime()).toEqual({ 'Acme Energy': 37, 'نادي الرياض للرياضات الإلكترونية': 15 })
  })

  it('counts the break screen only while OBS’s program shows it', async () => {
    const before = await airtime()
    time += 30_000 // OBS on the match scene: the break screen is not on air
    expect(await airtime()).toEqual(before)
    await showScene('Break')
    await expect.poll(() => known()?.has('break')).toBe(true)
    time += 30_000
    await showScene('Match')
    await expect.poll(() => known()?.has('break')).toBe(false)
    time += 30_000
    const after = await airtime()
    const counted = Object.values(after).reduce((a, b) => a + b, 0) - Object.values(before).reduce((a, b) => a + b, 0)
    expect(counted).toBe(30)
  })

  it('keeps a removed sponsor’s airtime, restarts the rotation, and is kept through a restart', async () => {
    const [acme] = await value<Sponsor[]>('sponsors:list')
    const left = await value<Sponsor[]>('sponsors:remove', { id: acme!.id })
    expect(left.map((s) => s.name)).toEqual(['نادي الرياض للرياضات الإلكترونية'])
    expect((await feed()).sponsors).toMatchObject({ epoch: time, slots: [{ seconds: 5 }] })
    const report = await value<AirtimeReport>('sponsors:airtime')
    expect(report.lines.map((line) => [line.sponsor, line.stream])).toContainEqual(['Acme Energy', 'B stream'])
    await desk.restart()
    expect((await value<Sponsor[]>('sponsors:list')).map((s) => s.name)).toEqual(['نادي الرياض للرياضات الإلكترونية'])
    expect(await value<AirtimeReport>('sponsors:airtime')).toEqual(report)
    const reset = await value<AirtimeReport>('sponsors:reset-airtime')
    expect(reset).toEqual({ since: time, lines: [] })
  })

  it('with OBS connected, never counts a preview tab: only what OBS’s program shows, of this stream', async () => {
    const total = async () => Object.values(await airtime()).reduce((a, b) => a + b, 0)
    // The desk was restarted: its OBS connects again first.
    await expect.poll(async () => (await value<ObsState>('obs:state', { streamId })).link).toBe('connected')
    await showScene('Match')
    // A scene nested in the program counts too: its casters' source is read.
    desk.obs.setItems('Match', [
      { sourceName: 'Sponsors overlay', enabled: false, url: page('sponsors') },
      { sourceName: 'Desk camera', inputKind: 'v4l2_input', enabled: true },
      { sourceName: 'Lower thirds', nested: true, enabled: true },
    ])
    desk.obs.setItems('Lower thirds', [{ sourceName: 'Casters overlay', enabled: true, url: page('casters') }])
    await expect.poll(() => [...(known() ?? [])]).toEqual(['casters'])
    const before = await total()
    // A preview tab of the sponsor overlay is open on someone's laptop: not on air.
    const preview = await openOverlay('sponsors')
    time += 85_000
    expect(await total()).toBe(before)
    // Another stream's sponsor page shown in this OBS is not this stream's airtime.
    desk.obs.setItems('Match', [{ sourceName: 'Other', enabled: true, url: page('sponsors').replace(streamId, 'x') }])
    await expect.poll(() => known()?.size).toBe(0)
    time += 20_000
    expect(await total()).toBe(before)
    await preview.close()
  })
})
