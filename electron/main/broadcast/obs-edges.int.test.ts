// What crosses to an OBS and back, against stand-in obs-websocket servers: the stored password goes only to the
// host:port it was entered for (on Save, on reconnecting after a restart, on Test), and what a hostile OBS pushes
// (a huge version, thousands of scenes, a huge screenshot) is bounded before the page sees it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ObsPreview, ObsSettings, ObsState, ObsTestReport } from '../../../shared/broadcast/obs'
import { DEFAULT_REPLAY } from '../../../shared/broadcast/replay'
import { startFakeObs, type FakeObs } from '../../../tests/support/fake-obs'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { demoDesk } from '../../../tests/support/demo-desk'
import type { MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const fakes: FakeObs[] = []
let services: MainServices | undefined
let dataDir = ''
let credentials = new MemoryCredentialStore()
const value = dispatchValue(() => services!)

async function start(): Promise<string> {
  services = await demoDesk(dataDir, { credentials, obsRetryMs: { first: 100, most: 200 } })
  const tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Lyon LAN Winter Cup',
  )!.id
  const streams = await value<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
  return streams.items[0]!.id
}

const settingsFor = (obs: FakeObs): ObsSettings => ({
  host: '127.0.0.1',
  port: obs.port,
  matchScene: null,
  breakScene: null,
  breakAfterSeconds: 20,
  difficultiesScene: null,
  sources: {},
  folder: null,
  replay: DEFAULT_REPLAY,
})

async function fake(options: Parameters<typeof startFakeObs>[0]) {
  const obs = await startFakeObs(options)
  fakes.push(obs)
  return obs
}

afterEach(async () => {
  await services?.close()
  services = undefined
  await Promise.all(fakes.splice(0).map((obs) => obs.close()))
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  credentials = new MemoryCredentialStore()
})

describe('the OBS password is bound to the host:port it was entered for', () => {
  it('is never answered to another OBS: not on Save, not on Test, not on reconnecting after a restart', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-obs-edges-'))
    const streamId = await start()
    const ours = await fake({ password: 'ours-secret' })
    const theirs = await fake({ password: 'anything' })
    const saved = await value<ObsState>('obs:configure', {
      streamId,
      settings: settingsFor(ours),
      password: 'ours-secret',
    })
    expect(saved.problem).toBeNull()
    expect(saved).toMatchObject({ link: 'connected', hasPassword: true })
    expect(ours.identifies.filter(Boolean)).toHaveLength(1)

    // Save with the other OBS's port and the password field left empty (what the panel sends).
    const moved = await value('obs:configure', { streamId, settings: settingsFor(theirs) }).catch(
      (error: { error: { fields?: Record<string, string> } }) => error.error,
    )
    expect(moved).toMatchObject({
      fields: {
        password: expect.stringMatching(/stored password was for the OBS at 127\.0\.0\.1:\d+.*type the password/),
      },
    })
    // Test with the other OBS and no password: nothing stored goes there either.
    const tested = await value<ObsTestReport>('obs:test', { streamId, settings: settingsFor(theirs) })
    expect(tested.ok).toBe(false)
    expect(theirs.identifies.filter(Boolean)).toEqual([])
    // The stored password was forgotten: the column says none is stored.
    expect(await value<ObsState>('obs:state', { streamId })).toMatchObject({ hasPassword: false })

    // A restart whose settings file names another OBS than the password was entered for (edited by hand, or by an
    // older Matchdesk): the reconnect sends it nothing.
    await value('obs:configure', { streamId, settings: settingsFor(ours), password: 'ours-secret' })
    await services!.close()
    services = undefined
    const file = join(dataDir, 'obs.json')
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll(`"port":${ours.port}`, `"port":${theirs.port}`))
    await start()
    await expect.poll(() => theirs.identifies.length, { timeout: 5000 }).toBeGreaterThan(0)
    expect(theirs.identifies.filter(Boolean)).toEqual([])
  }, 30_000)
})

describe('what a hostile OBS pushes is bounded', () => {
  it('caps the version, the scene and source lists and the screenshot', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-obs-edges-'))
    const streamId = await start()
    const hostile = await fake({
      version: 'v'.repeat(900 * 1024),
      scenes: Array.from({ length: 20_000 }, (_, i) => `Scene ${i}`),
      textInputs: ['x'.repeat(5000), ...Array.from({ length: 20_000 }, (_, i) => `Text ${i}`)],
      screenshot: `data:image/jpg;base64,${'A'.repeat(900 * 1024)}`,
    })
    await value('obs:configure', { streamId, settings: settingsFor(hostile) })
    const state = await value<ObsState>('obs:state', { streamId })
    expect(state.link).toBe('connected')
    expect(state.version!.length).toBeLessThanOrEqual(40)
    expect(state.scenes).toHaveLength(500)
    expect(state.inputs).toHaveLength(500)
    expect(state.inputs.every((name) => name.length <= 100)).toBe(true)
    expect(JSON.stringify(state).length).toBeLessThan(64 * 1024)
    const preview = await value<ObsPreview>('obs:preview', { streamId })
    expect(preview.image).toBeNull()
  }, 30_000)
})

describe('Studio Mode as OBS runs it', () => {
  it('a Take reaches program even when OBS applies the preview a moment after saying so', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-obs-edges-'))
    const streamId = await start()
    // OBS queues a preview change to its UI thread; the transition reads the preview at once.
    const obs = await fake({ scenes: ['Break', 'Match'], studioModePreviewLagMs: 150 })
    await value('obs:configure', { streamId, settings: { ...settingsFor(obs), matchScene: 'Match' } })
    const tournamentId = [...services!.connections.sandbox.store.tournaments.values()].find(
      (t) => t.name === 'Lyon LAN Winter Cup',
    )!.id
    type Node = { id: string; status: string; opponents: { participant: unknown }[] }
    const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
    const match = nodes.items.find((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))!
    await value('match-streams:replace', { matchId: match.id, streamIds: [streamId] })
    expect(obs.program()).toBe('Break')
    await value('broadcast:take', { streamId, matchId: match.id })
    await services!.obs.settled()
    expect(obs.program()).toBe('Match')
    expect((await value<ObsState>('obs:state', { streamId })).problem).toBeNull()
  }, 30_000)
})
