// An image per item of the discipline's pick and map lists, on the Demo venue through the desk's channels and the
// hub: checked as a sponsor's logo is, refused for an item not in its list, served as an image, and named by the feed
// where the on-air match picks or plays the item (a game's pick, a veto's map), at once on every live stream.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import type { PickImageItem } from '../../../shared/broadcast/live-layer'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { pngLogo, svgFile, webpHeader } from '../../../tests/support/image-headers'
import { linkedDuels } from '../../../tests/support/linked-duels'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

let services: MainServices
let streamId = ''
let tournamentId = ''
const value = dispatchValue(() => services)
const hub = (path: string) => fetch(`${services.hub!.url}${path}`)
const setImage = (list: 'picks' | 'maps', item: string, image: Buffer | null) =>
  services.dispatch('broadcast:set-pick-image', {
    tournamentId,
    list,
    item,
    image: image === null ? null : image.toString('base64'),
  })

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-pick-images-')),
    credentials: new MemoryCredentialStore(),
    demo: { seed: 1 },
    hub: { port: 0, pagesDir: mkdtempSync(join(tmpdir(), 'matchdesk-pick-images-pages-')) },
    broadcastRefreshMs: 0,
  })
  const linked = await linkedDuels(value, 1)
  ;({ tournamentId, streamId } = linked)
  await value('broadcast:take', { streamId, matchId: linked.duels[0]!.id })
  await value('broadcast:set-pick-lists', { tournamentId, lists: { picks: ['Ryu', 'Ken'], maps: ['Inferno'] } })
})
afterAll(() => services.close())

describe('pick and map images', () => {
  it('are checked as a logo is, and only for an item of the list', async () => {
    const svg = await setImage('picks', 'Ryu', svgFile())
    expect(svg.ok ? null : svg.error.fields).toEqual({ image: 'image: a PNG, JPEG or WebP file (this one is not)' })
    const stranger = await setImage('picks', 'Chun-Li', pngLogo('C'))
    expect(stranger.ok ? null : stranger.error.fields?.['item']).toMatch(/not in the picks list: add it there first/)
    const kept = await setImage('picks', 'Ryu', pngLogo('Ryu'))
    expect(kept.ok && (kept.value as PickImageItem[]).map((i) => [i.list, i.item])).toEqual([['picks', 'Ryu']])
    expect(await value<PickImageItem[]>('broadcast:pick-images', { tournamentId })).toHaveLength(1)
  })

  it('is named by the feed where the on-air match picks the item, and served as an image', async () => {
    const feed = async () => (await (await hub(`/feed/v1/streams/${streamId}`)).json()) as Feed
    // Nothing on air picks Ryu yet: the feed names no image.
    expect((await feed()).pickImages).toBeNull()
    await value<StreamState>('broadcast:live', { streamId, press: { kind: 'pick', game: 1, side: 0, pick: 'Ryu' } })
    const url = (await feed()).pickImages?.picks['Ryu']
    expect(url).toMatch(/^\/feed\/v1\/pick-images\/[0-9a-f]{24}\?v=[0-9a-f]{12}$/)
    const image = await hub(url!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await image.arrayBuffer()).equals(pngLogo('Ryu'))).toBe(true)
    // A veto's map with an image, at once.
    expect((await setImage('maps', 'Inferno', webpHeader(640, 360))).ok).toBe(true)
    await value('broadcast:live', { streamId, press: { kind: 'veto', side: 1, action: 'ban', item: 'Inferno' } })
    expect(Object.keys((await feed()).pickImages?.maps ?? {})).toEqual(['Inferno'])
    // Forgotten: gone from the feed and the hub.
    expect((await setImage('picks', 'Ryu', null)).ok).toBe(true)
    expect((await feed()).pickImages?.picks['Ryu']).toBeUndefined()
    expect((await hub(url!)).status).toBe(404)
    expect((await hub('/feed/v1/pick-images/..%2f..%2fetc')).status).toBe(404)
  })
})
