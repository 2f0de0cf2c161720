// The Companion module (companion-module/) against a real hub in web mode on the Demo venue, with a harness standing in
// for Companion: its variables follow a Take at the desk, its actions drive the desk (take next, hold, apply the first
// line, +1, swap, the floor's auto-assign and recall), its feedbacks light up, its presets name each stream, and its
// status says what is wrong in Companion's terms (a bad address, a refused or rotated token, a hub gone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MatchdeskConnection } from '../../companion-module/src/connection'
import { streamKey } from '../../companion-module/src/variables'
import type { HubStatus } from '../../shared/ipc/hub'
import { buttonPageHtml } from '../companion/button-page'
import { HostHarness } from '../companion/host-harness'
import { linkedDuels, type Duel } from '../support/linked-duels'
import { launchBrowser, screenshotPath } from './support/browser'
import { demoService, type DemoService } from './support/demo-service'
import { startWebMode, type WebMode } from './support/web-mode'

let web: WebMode
let service: DemoService
let host: HostHarness
let connection: MatchdeskConnection
let token = ''
let tournamentId = ''
let streamId = ''
let matches: Duel[] = []
const fast = { first: 50, last: 200, refused: 200 }
const variable = (name: string) => host.values[`${streamKey(streamId)}_${name}`]

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-control', '--broadcast-refresh', '300'])
  service = await demoService(web.demo!)
  const linked = await linkedDuels(web.ipc, 2)
  ;({ tournamentId, streamId } = linked)
  matches = linked.duels
  // The producer has the desk open: its streams are followed.
  await web.ipc('broadcast:status', { tournamentId })
  token = (await web.ipc<HubStatus>('hub:status', {})).controlToken
  host = new HostHarness()
  connection = new MatchdeskConnection(host, { retry: fast })
  connection.configure({ hub: web.hub, token, deviceKey: '' })
})
afterAll(async () => {
  connection?.destroy()
  await web?.stop()
})

describe('the Companion module', () => {
  it('offers each followed stream: its variables, a dropdown of streams, and a page of presets', async () => {
    await expect.poll(() => host.status?.status).toBe('ok')
    await expect.poll(() => variable('name')).toBe('B stream')
    expect(host.variables.map((v) => v.variableId)).toEqual(
      expect.arrayContaining(
        ['left_name', 'left_score', 'round', 'countdown', 'held', 'staged', 'obs_scene'].map(
          (n) => `${streamKey(streamId)}_${n}`,
        ),
      ),
    )
    const takeNext = host.actions['take_next']!.options[0] as { choices: { id: string; label: string }[] }
    expect(takeNext.choices).toContainEqual({ id: streamId, label: 'B stream' })
    const preset = host.presets[`${streamKey(streamId)}_take_next`] as {
      category: string
      steps: { down: { options: object }[] }[]
    }
    expect(preset.category).toBe('Stream: B stream')
    expect(preset.steps[0]!.down[0]!.options).toMatchObject({ stream: streamId })
  })

  it('follows a Take at the desk: names, round and the on-air feedback', async () => {
    const names = matches[0]!.names
    expect(await host.feedback('on_air', { stream: streamId })).toBe(false)
    const checks = host.checks
    await web.ipc('broadcast:take', { streamId, matchId: matches[0]!.id })
    await expect.poll(() => [variable('left_name'), variable('right_name')]).toEqual(names)
    // Companion is told to evaluate the feedbacks again.
    expect(host.checks).toBeGreaterThan(checks)
    expect(variable('on_air')).toBe(names.join(' vs '))
    expect(variable('round')).not.toBe('')
    expect(await host.feedback('on_air', { stream: streamId })).toBe(true)
    expect(await host.feedback('next_undecided', { stream: streamId })).toBe(false)
  })

  it('drives the desk: +1 on the left, swap, and Take next, each shown at once', async () => {
    await host.press('score', { stream: streamId, side: 'left', delta: '+1' })
    expect(variable('left_score')).toBe('1')
    await host.press('swap', { stream: streamId })
    // The sides swapped on screen: the scorer is now drawn on the right.
    expect([variable('left_score'), variable('right_score')]).toEqual(['0', '1'])
    await host.press('swap', { stream: streamId })
    await host.press('take_next', { stream: streamId })
    expect(variable('left_name')).toBe(matches[1]!.names[0])
    const desk = await web.ipc<{ streams: { streamId: string; onAir: string | null }[] }>('broadcast:status', {
      tournamentId,
    })
    expect(desk.streams.find((s) => s.streamId === streamId)!.onAir).toBe(matches[1]!.id)
  })

  it('holds, counts a rename on the service waiting, applies the first line, and releases', async () => {
    await host.press('hold', { stream: streamId })
    expect(variable('held')).toBe(true)
    expect(await host.feedback('held', { stream: streamId })).toBe(true)
    const renamed = matches[1]!.opponents[0]!.participant!
    const patch = await service(`/organizer/v2/participants/${renamed.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Renamed for Companion' }),
    })
    expect(patch.status).toBe(200)
    await expect.poll(() => variable('staged'), { timeout: 10_000 }).toBe(1)
    expect(await host.feedback('staged', { stream: streamId })).toBe(true)
    expect(variable('left_name')).toBe(renamed.name)
    await host.press('apply', { stream: streamId, which: 'first' })
    expect(variable('left_name')).toBe('Renamed for Companion')
    expect(variable('staged')).toBe(0)
    // Nothing left to apply: the hub's refusal is logged in its words, nothing breaks.
    await host.press('apply', { stream: streamId, which: 'first' })
    expect(host.logs.at(-1)).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/Nothing waits to be applied/),
    })
    await host.press('release', { stream: streamId })
    expect(await host.feedback('held', { stream: streamId })).toBe(false)
  })

  it('shows the floor: stations with their match, a recall counting down, and the call feedbacks', async () => {
    await web.ipc('floor:state', { tournamentId })
    type Floor = { stations: { id: string; number: number }[] }
    const floor = await web.ipc<Floor>('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 2 })
    await expect.poll(() => host.variables.some((v) => v.variableId === 'station_1_match')).toBe(true)
    // A duel with none of B stream's players, taken off the stream the Demo queued it on and put on station 1.
    const busy = new Set(matches.flatMap((m) => m.opponents.map((o) => o.participant!.id)))
    const nodes = await web.ipc<{ items: Duel[] }>('bracket:nodes', { tournamentId, filters: {} })
    const free = nodes.items.find(
      (n) =>
        n.status !== 'completed' &&
        n.opponents.length === 2 &&
        n.opponents.every((o) => o.participant && !busy.has(o.participant.id)) &&
        !matches.some((m) => m.id === n.id),
    )!
    await web.ipc('match-streams:replace', { matchId: free.id, streamIds: [] })
    const station1 = floor.stations.find((s) => s.number === 1)!.id
    await web.ipc('floor:assign', { tournamentId, stationId: station1, matchId: free.id })
    const versus = free.opponents.map((o) => o.participant!.name).join(' vs ')
    await expect.poll(() => host.values['station_1_match']).toBe(versus)
    // Auto-assign from the module: answered, never refused (what it places depends on who is free right now).
    const warned = host.logs.length
    await host.press('auto_assign', { tournament: tournamentId })
    expect(host.logs.slice(warned)).toEqual([])
    await host.press('recall', { station: `${tournamentId}/1` })
    const left = host.values['station_1_dq'] as number
    expect(left).toBeGreaterThan(250)
    expect(await host.feedback('call_soon', { station: `${tournamentId}/1` })).toBe(false)
    expect(await host.feedback('call_late', { station: `${tournamentId}/1` })).toBe(false)
    // The countdown moves by itself, once a second.
    await expect.poll(() => host.values['station_1_dq'] as number, { timeout: 3000 }).toBeLessThan(left)
  })

  it('says what is wrong in Companion’s terms, and connects again by itself', async () => {
    const other = new HostHarness()
    const second = new MatchdeskConnection(other, { retry: fast })
    second.configure({ hub: 'not an address', token, deviceKey: '' })
    expect(other.status).toMatchObject({ status: 'bad_config', message: expect.stringMatching(/^Hub address/) })
    second.configure({ hub: web.hub, token: 'not-the-token', deviceKey: '' })
    await expect.poll(() => other.status?.status).toBe('authentication_failure')
    expect(other.status!.message).toMatch(/refused the control token/)
    second.configure({ hub: 'http://127.0.0.1:9', token, deviceKey: '' })
    await expect.poll(() => other.status?.status).toBe('connection_failure')
    expect(other.status!.message).toMatch(/cannot be reached/)
    second.destroy()
    // A new control token made at the desk: the module's stream ends, and the old token is refused from then on.
    await web.ipc('hub:rotate-control-token', {})
    await expect.poll(() => host.status?.status).toBe('authentication_failure')
    const fresh = (await web.ipc<HubStatus>('hub:status', {})).controlToken
    connection.configure({ hub: web.hub, token: fresh, deviceKey: '' })
    await expect.poll(() => host.status?.status).toBe('ok')
    await expect.poll(() => variable('name')).toBe('B stream')
  })

  it('puts technical difficulties on air and takes them off: its variable and its button follow', async () => {
    await host.press('difficulties', { stream: streamId, key: 'toggle' })
    await expect.poll(() => variable('difficulties')).toBe(true)
    expect(await host.feedback('difficulties', { stream: streamId })).toBe(true)
    const feed = (await (await fetch(`${web.hub}/feed/v1/streams/${streamId}`)).json()) as object
    expect(feed).toMatchObject({ difficulties: true, held: true })
    await host.press('difficulties', { stream: streamId, key: 'off' })
    await expect.poll(() => variable('difficulties')).toBe(false)
    expect(variable('held')).toBe(false)
  })

  it('starts, shows and cancels a show sequence: its variable and feedback follow', async () => {
    await host.press('sequence', { stream: streamId, command: 'game-start' })
    await expect.poll(() => variable('sequence')).toMatch(/^game-start: /)
    expect(await host.feedback('sequence', { stream: streamId })).toBe(true)
    await host.press('sequence', { stream: streamId, command: 'cancel' })
    await expect.poll(() => variable('sequence')).toBe('')
    expect(await host.feedback('sequence', { stream: streamId })).toBe(false)
  })

  it('draws a page of a stream’s presets that shows the show: names and score on air, Hold lit while held', async () => {
    await host.press('score', { stream: streamId, side: 'left', delta: '+1' })
    await host.press('hold', { stream: streamId })
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage({ viewport: { width: 640, height: 420 } })
      await page.setContent(await buttonPageHtml(host, streamKey(streamId)))
      const key = (name: string) => page.locator(`[data-preset="${streamKey(streamId)}_${name}"]`)
      const background = (name: string) => key(name).evaluate((element) => getComputedStyle(element).backgroundColor)
      expect(await key('on_air').textContent()).toContain(`${String(variable('left_name'))}\n1 – 0`)
      expect(await background('on_air')).toBe('rgb(204, 0, 0)')
      expect(await background('hold')).toBe('rgb(255, 170, 0)')
      expect(await background('release')).toBe('rgb(0, 0, 0)')
      await page.locator('.deck').screenshot({ path: screenshotPath('companion-page') })
    } finally {
      await browser.close()
      await host.press('release', { stream: streamId })
    }
  })
})
