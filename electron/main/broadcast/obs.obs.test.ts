// Matchdesk driving a real OBS Studio (Debian's obs-studio under Xvfb) from the producer's desk on the Demo venue: a
// Take switches the program scene and sets the text sources and files (read back over obs-websocket, and drawn); the
// result brings the break scene after its delay; Hold leaves OBS alone; a wrong password names the field; OBS killed
// mid-show is said in the column, never blocks a Take, and is caught up once it is back; two streams never cross.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { OBSWebSocket } from 'obs-websocket-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ObsSettings, ObsState, ObsTestReport } from '../../../shared/broadcast/obs'
import { DEFAULT_REPLAY } from '../../../shared/broadcast/replay'
import { obsEyes, obsMissing, prepareShow, startObsStudio, type ObsStudio } from '../../../tests/support/obs-studio'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { stallFileCalls } from '../../../tests/support/stall-file-calls'

const missing = obsMissing()
if (missing) console.warn(`OBS tests skipped: ${missing}`)

const TEXTS = ['Left name', 'Right name', 'Left score', 'Right score', 'Round', 'Up next', 'Countdown', 'Last result']
/** The live score's own text sources. */
const LIVE_TEXTS = [
  'Left games',
  'Right games',
  'Left pick',
  'Right pick',
  'Map',
  'Games',
  'Left rounds',
  'Right rounds',
]
type Node = { id: string; status: string; opponents: { participant: { id: string; name: string } | null }[] }

describe.skipIf(missing !== undefined)('driving a real OBS Studio', () => {
  let obs: ObsStudio
  let eyes: OBSWebSocket
  let services: MainServices
  let dataDir: string
  let folder: string
  let streamId = ''
  let otherStreamId = ''
  let matches: Node[] = []
  let otherMatchId = ''
  let tournamentId = ''
  let settings: ObsSettings

  const value = dispatchValue(() => services)
  const program = async () => (await eyes.call('GetCurrentProgramScene')).currentProgramSceneName
  const text = async (inputName: string) =>
    ((await eyes.call('GetInputSettings', { inputName })).inputSettings['text'] as string | undefined) ?? ''
  const names = (match: Node) => match.opponents.map((o) => o.participant!.name)
  const state = () => value<ObsState>('obs:state', { streamId })
  /** Waits for OBS's program scene; if it does not come, the failure says what the column and OBS said. */
  const programBecomes = async (scene: string) => {
    try {
      await expect.poll(program, { timeout: 10_000 }).toBe(scene)
    } catch (error) {
      const { link, problem } = await state()
      const { studioModeEnabled } = await eyes.call('GetStudioModeEnabled')
      const said = JSON.stringify({ link, problem, studioModeEnabled })
      throw new Error(`${(error as Error).message}: OBS's program is not ${scene}; ${said}`, { cause: error })
    }
  }
  // One keychain for the whole run: a restarted Matchdesk finds the stored OBS password there.
  const credentials = new MemoryCredentialStore()
  const start = () =>
    createMainServices({
      version: 't',
      dataDir,
      credentials,
      demo: { seed: 1 },
      broadcastRefreshMs: 200,
      obsRetryMs: { first: 200, most: 1000 },
      hub: { port: 0, pagesDir: dataDir },
    })

  beforeAll(async () => {
    obs = await startObsStudio()
    await prepareShow(obs, ['Match', 'Break', 'Main match'], [...TEXTS, ...LIVE_TEXTS, 'Main left name'])
    eyes = await obsEyes(obs)
    dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-obs-desk-'))
    folder = join(dataDir, 'show-files')
    services = await start()
    tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
      (t) => t.name === 'Lyon LAN Winter Cup',
    )!.id
    const streams = await value<{ items: { id: string; name: string }[] }>('streams:list', {
      tournamentId,
      filters: {},
    })
    streamId = streams.items.find((s) => s.name === 'B stream')!.id
    otherStreamId = streams.items.find((s) => s.name === 'Escenario')!.id
    const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
    matches = nodes.items.filter((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant)).slice(0, 3)
    // The other stream gets a match of its own (one still waiting for an opponent, taken by hand).
    otherMatchId = nodes.items.find((n) => n.status === 'pending' && !matches.some((m) => m.id === n.id))!.id
    // The participants are read before the show (a desk reads them on its slow ticks, which on a slow machine come a
    // second or more after the first Take): their first read, landing while a stream is held, is a staged change of
    // every opponent's check-in, from unknown to known, and the Hold tests would see it among the staged lines.
    await value('cache:refresh', { resource: 'participants', scope: tournamentId, full: true })
    for (const match of matches) await value('match-streams:replace', { matchId: match.id, streamIds: [streamId] })
    await value('match-streams:replace', { matchId: otherMatchId, streamIds: [otherStreamId] })
    settings = {
      host: obs.host,
      port: obs.port,
      matchScene: 'Match',
      breakScene: 'Break',
      breakAfterSeconds: 1,
      difficultiesScene: null,
      sources: {},
      folder,
      replay: DEFAULT_REPLAY,
    }
  }, 90_000)
  afterAll(async () => {
    await services?.close()
    await eyes?.disconnect()
    await obs?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('names the wrong field when testing: password, then port', async () => {
    const wrong = await value<ObsTestReport>('obs:test', { streamId, settings, password: 'not-the-password' })
    expect(wrong).toMatchObject({ ok: false, fields: { password: expect.stringContaining('refused the password') } })
    const refused = await value<ObsTestReport>('obs:test', {
      streamId,
      settings: { ...settings, port: 1 },
      password: obs.password,
    })
    expect(refused.fields['port']).toContain('Nothing answers on 127.0.0.1:1')
    const right = await value<ObsTestReport>('obs:test', { streamId, settings, password: obs.password })
    expect(right).toMatchObject({ ok: true, version: '29.0.2' })
  })

  it('connects with the stored password and reads OBS’s scenes and text sources', async () => {
    const configured = await value<ObsState>('obs:configure', { streamId, settings, password: obs.password })
    expect(configured).toMatchObject({ hasPassword: true, settings })
    expect(JSON.stringify(configured)).not.toContain(obs.password)
    await expect.poll(async () => (await state()).link, { timeout: 10_000 }).toBe('connected')
    expect(await state()).toMatchObject({ version: '29.0.2', scenes: expect.arrayContaining(['Match', 'Break']) })
    expect((await state()).inputs).toEqual(expect.arrayContaining(TEXTS))
  })

  it('a Take switches the program scene and sets the text sources and files, drawn in the scene', async () => {
    await value('broadcast:take', { streamId, matchId: matches[0]!.id })
    await expect.poll(program, { timeout: 5000 }).toBe('Match')
    const [left, right] = names(matches[0]!)
    await expect.poll(() => text('Left name'), { timeout: 5000 }).toBe(left)
    expect(await text('Right name')).toBe(right)
    expect(await text('Round')).toMatch(/round \d · match \d|final/i)
    expect(await text('Up next')).toBe(names(matches[1]!).join(' vs '))
    expect(await text('Countdown')).toMatch(new RegExp(`^${names(matches[1]!).join(' vs ')} (next|in \\d+ minutes?)$`))
    // The files follow on their own queue (OBS never waits on them).
    await services.obs.settled()
    expect(readFileSync(join(folder, 'left-name.txt'), 'utf8')).toBe(left)
    expect(readFileSync(join(folder, 'up-next.txt'), 'utf8')).toBe(names(matches[1]!).join(' vs '))
    // OBS drew the names: each source's picture has the text's size, and the two names look different.
    const picture = async (sourceName: string) =>
      (await eyes.call('GetSourceScreenshot', { sourceName, imageFormat: 'png', imageWidth: 400 })).imageData
    const width = (png: string) => Buffer.from(png.split(',')[1]!, 'base64').readUInt32BE(16)
    // OBS draws a changed text on its next frames: a picture asked too soon may not be ready yet.
    const drawn = async (sourceName: string) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await picture(sourceName)
        } catch (error) {
          if (attempt === 20) throw error
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
    }
    const [leftPicture, rightPicture] = [await drawn('Left name'), await drawn('Right name')]
    expect(width(leftPicture)).toBeGreaterThan(20)
    expect(leftPicture).not.toBe(rightPicture)
  })

  it('a live press reaches OBS’s text sources and the files at once: the score, its pips, a pick and the map', async () => {
    const before = Number((await text('Left score')) || 0)
    type Live = { feed: { onAir: { games: { winner: number | null }[] | null } } }
    const pressed = await value<Live>('broadcast:live', { streamId, press: { kind: 'score', side: 0, delta: 1 } })
    await expect.poll(() => text('Left score'), { timeout: 5000 }).toBe(String(before + 1))
    // Each source is its own request: the pips' may come a moment after the score's.
    await expect.poll(() => text('Left games'), { timeout: 5000 }).toMatch(/^●+○*$/)
    await services.obs.settled()
    expect(readFileSync(join(folder, 'left-score.txt'), 'utf8')).toBe(String(before + 1))
    // The game being played is the first without a winner: its pick and map are what OBS shows.
    const game = pressed.feed.onAir.games!.findIndex((g) => g.winner === null) + 1
    await value('broadcast:live', { streamId, press: { kind: 'pick', game, side: 0, pick: 'Ryu' } })
    await value('broadcast:live', { streamId, press: { kind: 'map', game, map: 'Inferno' } })
    await expect.poll(() => text('Map'), { timeout: 5000 }).toBe('Inferno')
    expect(await text('Left pick')).toBe('Ryu')
    // Each source is its own request, in the fields' order (the map before the games): the games' may still be on
    // its way when the map's has arrived.
    await expect.poll(() => text('Games'), { timeout: 5000 }).toContain(`Game ${game}: Inferno · Ryu (`)
    await services.obs.settled()
    expect(readFileSync(join(folder, 'map.txt'), 'utf8')).toBe('Inferno')
    // The game's rounds (a CS2 map's 13–9): a text source per screen side, and in the games line.
    await value('broadcast:live', { streamId, press: { kind: 'rounds', game, rounds: [13, 9] } })
    await expect.poll(async () => [await text('Left rounds'), await text('Right rounds')].sort()).toEqual(['13', '9'])
    await expect
      .poll(() => text('Games'), { timeout: 5000 })
      .toMatch(new RegExp(`Game ${game}: Inferno · (13–9|9–13) · Ryu`))
    await value('broadcast:undo', { streamId })
    // Undone, the map goes from OBS as from the overlays.
    await value('broadcast:undo', { streamId })
    await expect.poll(() => text('Map'), { timeout: 5000 }).toBe('')
  })

  it('OBS’s texts never wait on the files: a stalled disk holds back only the files, which then catch up', async () => {
    const stall = stallFileCalls(dataDir)
    let pressedTo = ''
    try {
      const before = Number((await text('Left score')) || 0)
      pressedTo = String(before + 1)
      await value('broadcast:live', { streamId, press: { kind: 'score', side: 0, delta: 1 } })
      await expect.poll(() => text('Left score'), { timeout: 5000 }).toBe(pressedTo)
      expect(readFileSync(join(folder, 'left-score.txt'), 'utf8')).not.toBe(pressedTo)
    } finally {
      await stall.release()
    }
    await expect.poll(() => readFileSync(join(folder, 'left-score.txt'), 'utf8'), { timeout: 5000 }).toBe(pressedTo)
  })

  it('Hold keeps OBS’s scene; its texts say what the overlays say, so a Take while held changes them', async () => {
    // Matchdesk's own work so far is done before the producer picks a scene by hand (it would race it).
    await services.obs.settled()
    await eyes.call('SetCurrentProgramScene', { sceneName: 'Main match' })
    await value('broadcast:hold', { streamId, held: true })
    try {
      await value('broadcast:take', { streamId, matchId: matches[1]!.id })
      await expect.poll(() => text('Left name'), { timeout: 5000 }).toBe(names(matches[1]!)[0])
      await services.obs.settled()
      expect(await program()).toBe('Main match')
    } finally {
      // Released even when something above failed, so the tests after this one are not all held.
      await value('broadcast:hold', { streamId, held: false })
    }
    await expect.poll(program, { timeout: 5000 }).toBe('Match')
  })

  it('Apply while held reaches OBS’s text sources and files with the overlays, and nothing not applied does', async () => {
    await value('broadcast:hold', { streamId, held: true })
    try {
      const { store } = services.connections.sandbox
      const node = store.nodes.get(matches[1]!.id)!
      node.opponents[0]!.score = 9
      node.opponents[1]!.score = 5
      await value('cache:refresh', { resource: 'nodes', scope: tournamentId, full: true })
      type Staged = { streams: { streamId: string; staged: unknown[] }[] }
      const staged = async () =>
        (await value<Staged>('broadcast:status', { tournamentId })).streams.find((s) => s.streamId === streamId)!.staged
      // Exactly the two scores wait (the whole list is compared, so a failure says what else was staged).
      const fields = async () => (await staged()).map((change) => (change as { field: string }).field).sort()
      await expect.poll(fields, { timeout: 5000 }).toEqual(['opponents.0.score', 'opponents.1.score'])
      await services.obs.settled()
      expect(await text('Left score')).not.toBe('9')
      await value('broadcast:apply', { streamId, matchId: matches[1]!.id, field: 'opponents.0.score' })
      await expect.poll(() => text('Left score'), { timeout: 5000 }).toBe('9')
      await services.obs.settled()
      expect(readFileSync(join(folder, 'left-score.txt'), 'utf8')).toBe('9')
      // The line not applied stays as it was shown, in OBS as on the overlay.
      expect(await text('Right score')).not.toBe('5')
      const overlay = (
        await value<{ onAir: { opponents: { score: number | null }[] } }>('broadcast:feed', { streamId })
      ).onAir.opponents
      expect(overlay.map((o) => String(o.score ?? ''))).toEqual([await text('Left score'), await text('Right score')])
      expect(await program()).toBe('Match')
    } finally {
      await value('broadcast:hold', { streamId, held: false })
    }
    await expect.poll(() => text('Right score'), { timeout: 5000 }).toBe('5')
  })

  it('the result brings the break scene after its delay, and Take next the match scene again', async () => {
    const { engine, store } = services.connections.sandbox
    engine.complete(store.nodes.get(matches[1]!.id)!)
    // The result is written (the file first, at the moment the result is seen); the break comes a second later.
    const lastResultFile = join(folder, 'last-result.txt')
    await expect
      .poll(() => readFileSync(lastResultFile, 'utf8'), { timeout: 8000, interval: 20 })
      .toContain(names(matches[1]!)[0])
    const seen = Date.now()
    expect(await program()).toBe('Match')
    await expect.poll(program, { timeout: 5000, interval: 20 }).toBe('Break')
    expect(Date.now() - seen).toBeGreaterThanOrEqual(800)
    expect(await text('Last result')).toContain(names(matches[1]!)[0])
    const next = await value<{ feed: { onAir: { opponents: { name: string }[] } } }>('broadcast:next', { streamId })
    await expect.poll(program, { timeout: 5000 }).toBe('Match')
    await expect.poll(() => text('Left name'), { timeout: 5000 }).toBe(next.feed.onAir.opponents[0]!.name)
  })

  it('Companion switches scenes and starts the break through the control API', async () => {
    const press = (path: string) =>
      fetch(`${services.hub!.url}/control/v1/streams/${streamId}/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${services.registry.controlToken}` },
      })
    const pressed = await press('break')
    expect(pressed.status).toBe(200)
    expect(((await pressed.json()) as ObsState).link).toBe('connected')
    await expect.poll(program, { timeout: 5000 }).toBe('Break')
    expect((await press('scene/Match')).status).toBe(200)
    await expect.poll(program, { timeout: 5000 }).toBe('Match')
    const unknown = await press('scene/No%20such%20scene')
    expect(unknown.status).toBe(422)
    expect(((await unknown.json()) as { error: string }).error).toContain('OBS has no scene “No such scene”')
    expect((await fetch(`${services.hub!.url}/control/v1/streams/${streamId}/break`, { method: 'POST' })).status).toBe(
      401,
    )
  })

  it('OBS killed mid-show: the column says so, a Take is not held up, and OBS is caught up once back', async () => {
    await obs.kill()
    await expect.poll(async () => (await state()).link, { timeout: 5000 }).toBe('reconnecting')
    expect((await state()).problem).toMatch(/Trying again by itself/)
    const started = Date.now()
    await value('broadcast:take', { streamId, matchId: matches[2]!.id })
    expect(Date.now() - started).toBeLessThan(1000)
    await eyes.disconnect().catch(() => undefined)
    await obs.start()
    await prepareShow(obs, ['Match', 'Break', 'Main match'], [...TEXTS, ...LIVE_TEXTS, 'Main left name'])
    eyes = await obsEyes(obs)
    await expect.poll(async () => (await state()).link, { timeout: 15_000 }).toBe('connected')
    await expect.poll(() => text('Left name'), { timeout: 10_000 }).toBe(names(matches[2]!)[0])
    await expect.poll(program, { timeout: 5000 }).toBe('Match')
  }, 60_000)

  it('with Studio Mode on, a Take sets the preview and transitions it to program', async () => {
    await eyes.call('SetStudioModeEnabled', { studioModeEnabled: true })
    try {
      await eyes.call('SetCurrentProgramScene', { sceneName: 'Break' })
      await eyes.call('SetCurrentPreviewScene', { sceneName: 'Break' })
      await expect.poll(program, { timeout: 10_000 }).toBe('Break')
      // No pause before the Take: OBS applies a preview change a moment after answering, and the Take must allow it.
      await value('broadcast:take', { streamId, matchId: matches[0]!.id })
      await programBecomes('Match')
    } finally {
      // Whatever happened here, the tests after this one start from OBS without Studio Mode.
      await eyes.call('SetStudioModeEnabled', { studioModeEnabled: false })
    }
    await value('broadcast:take', { streamId, matchId: matches[2]!.id })
    await expect.poll(() => text('Left name'), { timeout: 5000 }).toBe(names(matches[2]!)[0])
  })

  it('Matchdesk restarted: every stream’s OBS is connected again by itself, and caught up', async () => {
    await services.close()
    await eyes.call('SetCurrentProgramScene', { sceneName: 'Break' })
    await eyes.call('SetInputSettings', { inputName: 'Left name', inputSettings: { text: 'stale' } })
    services = await start()
    await expect.poll(async () => (await state()).link, { timeout: 10_000 }).toBe('connected')
    await expect.poll(() => text('Left name'), { timeout: 5000 }).toBe(names(matches[2]!)[0])
    await expect.poll(program, { timeout: 5000 }).toBe('Match')
  })

  it('two streams drive their own scenes and sources without crossing', async () => {
    await value('obs:configure', {
      streamId: otherStreamId,
      settings: {
        ...settings,
        matchScene: 'Main match',
        breakScene: null,
        folder: null,
        sources: {
          'left-name': 'Main left name',
          'right-name': null,
          'left-score': null,
          'right-score': null,
          round: null,
          'up-next': null,
          countdown: null,
          'last-result': null,
        },
      },
      password: obs.password,
    })
    await expect
      .poll(async () => (await value<ObsState>('obs:state', { streamId: otherStreamId })).link, {
        timeout: 10_000,
      })
      .toBe('connected')
    const taken = await value<{ feed: { onAir: { opponents: { name: string }[] } } }>('broadcast:take', {
      streamId: otherStreamId,
      matchId: otherMatchId,
      undecided: true,
    })
    await expect.poll(program, { timeout: 5000 }).toBe('Main match')
    await expect.poll(() => text('Main left name'), { timeout: 5000 }).toBe(taken.feed.onAir.opponents[0]!.name)
    // The first stream's sources still say its own match.
    expect(await text('Left name')).toBe(names(matches[2]!)[0])
  })
  it('a Hold within the break delay keeps the match scene; released, the break comes', async () => {
    await expect.poll(program, { timeout: 5000 }).not.toBe('Break')
    await eyes.call('SetCurrentProgramScene', { sceneName: 'Match' })
    const { engine, store } = services.connections.sandbox
    engine.complete(store.nodes.get(matches[2]!.id)!)
    await expect
      .poll(() => readFileSync(join(folder, 'last-result.txt'), 'utf8'), { timeout: 8000, interval: 20 })
      .toContain(names(matches[2]!)[0])
    await value('broadcast:hold', { streamId, held: true })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await program()).toBe('Match')
    await value('broadcast:hold', { streamId, held: false })
    await expect.poll(program, { timeout: 5000 }).toBe('Break')
  })

  it('the service’s final result takes the score in OBS; the sides the room swapped and its map stay', async () => {
    // A match of its own, taken last (its result would bring the break into the tests before).
    const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
    const taken = new Set([...matches.map((m) => m.id), otherMatchId])
    const match = nodes.items.find(
      (n) => n.status !== 'completed' && n.opponents.every((o) => o.participant) && !taken.has(n.id),
    )!
    await value('match-streams:replace', { matchId: match.id, streamIds: [streamId] })
    await value('broadcast:take', { streamId, matchId: match.id })
    const [first, second] = names(match) as [string, string]
    await expect.poll(() => text('Left name'), { timeout: 5000 }).toBe(first)
    await value('broadcast:live', { streamId, press: { kind: 'swap' } })
    await value('broadcast:live', { streamId, press: { kind: 'map', game: 1, map: 'Inferno' } })
    await value('broadcast:live', { streamId, press: { kind: 'score', side: 0, delta: 1 } })
    await expect.poll(() => text('Left name'), { timeout: 5000 }).toBe(second)
    // The service completes the match with another result than the room's (the room gave its first side a game).
    const node = services.connections.sandbox.store.nodes.get(match.id)!
    node.status = 'completed'
    Object.assign(node.opponents[0]!, { score: 0, result: 'loss' })
    Object.assign(node.opponents[1]!, { score: 2, result: 'win' })
    await value('cache:refresh', { resource: 'nodes', scope: tournamentId, full: true })
    await expect.poll(() => text('Left score'), { timeout: 5000 }).toBe('2')
    // Every source written for the result (each is its own request) before they are read.
    await services.obs.settled()
    expect([await text('Left name'), await text('Right name')]).toEqual([second, first])
    expect(await text('Right score')).toBe('0')
    expect(await text('Games')).toContain('Inferno')
  })
})
