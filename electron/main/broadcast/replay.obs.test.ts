// Instant replay against a real OBS Studio (Debian's, under Xvfb, its replay buffer on in its output settings as a
// producer turns it on): "Set up OBS for me" makes the Replay scene with its media source, bug and names and starts the
// buffer at the stream's length; a press plays the last seconds in the Replay scene with the match's names and goes
// back to the match scene; a second press queues, or cuts the one playing short; Hold keeps the replay on air until
// the release; a show sequence's replay step plays at its speed; every replay is a highlight of the VOD.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { OBSWebSocket } from 'obs-websocket-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ObsSetupReport, ObsState } from '../../../shared/broadcast/obs'
import { type DEFAULT_REPLAY } from '../../../shared/broadcast/replay'
import type { VodChapters } from '../../../shared/broadcast/vod-chapters'
import { obsEyes, obsMissing, startObsStudio, type ObsStudio } from '../../../tests/support/obs-studio'
import { obsSettingsOf, replayBufferOn } from '../../../tests/support/obs-settings'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { demoDesk } from '../../../tests/support/demo-desk'
import { linkedDuels, type LinkedDuels } from '../../../tests/support/linked-duels'
import { pairDevice } from '../../../tests/support/pair-device'
import { screenshotPath } from '../../../tests/e2e/support/browser'
import type { MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const missing = obsMissing()
if (missing) console.warn(`Replay tests skipped: ${missing}`)

describe.skipIf(missing !== undefined)('instant replay on a real OBS Studio', () => {
  let obs: ObsStudio
  let eyes: OBSWebSocket
  let services: MainServices
  let dataDir: string
  let linked: LinkedDuels
  /** Every program scene OBS showed, in order, as a viewer saw them. */
  const shown: string[] = []
  /** Replays OBS saved, as it says them (each press saves one). */
  let saves = 0
  const value = dispatchValue(() => services)
  const streamId = () => linked.streamId
  const state = () => value<ObsState>('obs:state', { streamId: streamId() })
  const replay = (press?: { speed?: number; seconds?: number }) =>
    value<ObsState>('obs:replay', { streamId: streamId(), ...(press && { press }) })
  const program = async () => (await eyes.call('GetCurrentProgramScene')).currentProgramSceneName
  const text = async (inputName: string) =>
    ((await eyes.call('GetInputSettings', { inputName })).inputSettings['text'] as string | undefined) ?? ''
  const mediaState = async () => (await eyes.call('GetMediaInputStatus', { inputName: 'Replay video' })).mediaState
  const phase = async () => (await state()).replay.phase
  const configure = async (replaySettings: Partial<typeof DEFAULT_REPLAY>) => {
    const settings = (await state()).settings!
    return value<ObsState>('obs:configure', {
      streamId: streamId(),
      settings: { ...settings, replay: { ...settings.replay, ...replaySettings } },
    })
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-replay-'))
    // A small canvas keeps the buffer's encoding light on a CI machine; the buffer is on, as a producer sets it.
    obs = await startObsStudio(replayBufferOn(dataDir))
    eyes = await obsEyes(obs)
    eyes.on('CurrentProgramSceneChanged', ({ sceneName }) => shown.push(sceneName))
    eyes.on('ReplayBufferSaved', () => saves++)
    services = await demoDesk(dataDir, {
      credentials: new MemoryCredentialStore(),
      obsRetryMs: { first: 200, most: 1000 },
      hub: { port: 0, pagesDir: dataDir },
    })
    linked = await linkedDuels(value, 2)
    const connected = await value<ObsState>('obs:configure', {
      streamId: linked.streamId,
      settings: obsSettingsOf(obs, { replay: { bufferSeconds: 15 } }),
      password: obs.password,
    })
    expect(connected.link).toBe('connected')
  }, 120_000)
  afterAll(async () => {
    await services?.close()
    await eyes?.disconnect()
    await obs?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    'Set up OBS for me makes the Replay scene and starts the buffer at the stream’s length',
    { timeout: 120_000 },
    async () => {
      const report = await value<ObsSetupReport>('obs:setup', { streamId: streamId() })
      expect(report.created).toEqual(
        expect.arrayContaining([
          'scene “Replay”',
          'media source “Replay video” in “Replay”',
          'text source “Replay bug” in “Replay”',
          'text source “Replay names” in “Replay”',
          'replay buffer of 15 s',
          'replay buffer started',
        ]),
      )
      expect(report.missing.filter((line) => line.startsWith('Replay'))).toEqual([])
      expect(report.state.settings?.replay.scene).toBe('Replay')
      expect(await text('Replay bug')).toBe('REPLAY')
      const { parameterValue } = await eyes.call('GetProfileParameter', {
        parameterCategory: 'SimpleOutput',
        parameterName: 'RecRBTime',
      })
      expect(parameterValue).toBe('15')
      await expect.poll(async () => (await state()).replay.buffer, { timeout: 10_000 }).toBe('running')
    },
  )

  it(
    'a press plays the last seconds in the Replay scene with the match’s names, then goes back',
    { timeout: 120_000 },
    async () => {
      // Something to see in the replay: the match scene with a picture of its own (a camera, in a real show).
      await eyes.call('CreateInput', {
        sceneName: 'Match',
        inputName: 'Camera stand-in',
        inputKind: 'color_source_v3',
        inputSettings: { color: 0xff8a5a2b, width: 400, height: 240 },
      })
      await value('broadcast:take', { streamId: streamId(), matchId: linked.duels[0]!.id })
      await expect.poll(program, { timeout: 30_000 }).toBe('Match')
      // Let the buffer hold a few seconds of the show.
      await new Promise((resolve) => setTimeout(resolve, 3000))
      await configure({ seconds: 2, speed: 100 })
      await value('broadcast:mark-start', { streamId: streamId() })
      const savesBefore = saves
      const answer = await replay()
      expect(answer.replay.phase).toBe('saving')
      await expect.poll(program, { timeout: 15_000 }).toBe('Replay')
      expect(saves).toBe(savesBefore + 1)
      await expect.poll(mediaState, { timeout: 10_000 }).toBe('OBS_MEDIA_STATE_PLAYING')
      expect(await text('Replay names')).toBe(linked.duels[0]!.names.join(' vs '))
      const { inputSettings } = await eyes.call('GetInputSettings', { inputName: 'Replay video' })
      expect(inputSettings['local_file']).toMatch(new RegExp(`^${dataDir}/Replay .*\\.mkv$`))
      // It plays the last two seconds: from two seconds before the file's end (the chosen offset), a moment on.
      const played = async () => {
        const { mediaCursor, mediaDuration } = await eyes.call('GetMediaInputStatus', { inputName: 'Replay video' })
        return (mediaDuration ?? 0) - (mediaCursor ?? 0)
      }
      await expect.poll(played, { timeout: 5000 }).toBeLessThan(1800)
      expect(await played()).toBeGreaterThan(0)
      // For a person to look at: the replay as OBS draws it.
      const { imageData } = await eyes.call('GetSourceScreenshot', {
        sourceName: 'Replay',
        imageFormat: 'png',
        imageWidth: 640,
      })
      writeFileSync(screenshotPath('obs-replay'), Buffer.from(imageData.split(',')[1]!, 'base64'))
      // Two seconds at full speed, then back to where the show was.
      await expect.poll(program, { timeout: 15_000 }).toBe('Match')
      expect(await phase()).toBe('idle')
      const chapters = await value<VodChapters>('broadcast:chapters', { streamId: streamId() })
      expect(chapters.highlights.map((h) => h.title)).toContain(`Replay · ${linked.duels[0]!.names.join(' vs ')}`)
    },
  )

  it(
    'a press while one plays queues it; with "cancel" chosen it cuts the one playing short',
    { timeout: 120_000 },
    async () => {
      await configure({ seconds: 2, speed: 100, again: 'queue' })
      const [savesBefore, shownBefore] = [saves, shown.length]
      await replay()
      await expect.poll(phase, { timeout: 15_000 }).toBe('playing')
      expect((await replay()).replay.queued).toBe(1)
      // Both play, one after the other, and the show comes back once, after the second.
      await expect.poll(() => saves, { timeout: 20_000 }).toBe(savesBefore + 2)
      await expect.poll(phase, { timeout: 15_000 }).toBe('idle')
      // OBS tells its scene changes to every client in its own time: the viewer's list is waited for.
      await expect
        .poll(() => shown.slice(shownBefore).join(' → '), { timeout: 10_000 })
        .toMatch(/^(Match → )?Replay → Match$/)
      await configure({ seconds: 10, speed: 25, again: 'cancel' })
      await replay()
      await expect.poll(program, { timeout: 15_000 }).toBe('Replay')
      const cutAt = Date.now()
      expect((await replay()).replay.phase).toBe('idle')
      await expect.poll(program, { timeout: 5000 }).toBe('Match')
      // Back long before ten seconds at a quarter speed would have ended.
      expect(Date.now() - cutAt).toBeLessThan(5000)
    },
  )

  it('Hold keeps the replay on air once played; the release goes back', { timeout: 120_000 }, async () => {
    await configure({ seconds: 1, speed: 100, again: 'queue' })
    await value('broadcast:hold', { streamId: streamId(), held: true })
    await replay()
    await expect.poll(program, { timeout: 15_000 }).toBe('Replay')
    await expect.poll(phase, { timeout: 15_000 }).toBe('held')
    expect(await program()).toBe('Replay')
    await value('broadcast:hold', { streamId: streamId(), held: false })
    await expect.poll(program, { timeout: 10_000 }).toBe('Match')
    expect(await phase()).toBe('idle')
  })

  it(
    'a show sequence’s replay step plays at its own speed, then the show comes back',
    { timeout: 120_000 },
    async () => {
      await value('broadcast:set-sequence', {
        streamId: streamId(),
        event: 'game-start',
        steps: [{ at: 0, action: 'replay', seconds: 1, speed: 50 }],
      })
      const savesBefore = saves
      await value('broadcast:sequence', { streamId: streamId(), command: 'game-start' })
      await expect.poll(program, { timeout: 15_000 }).toBe('Replay')
      expect(saves).toBe(savesBefore + 1)
      expect((await eyes.call('GetInputSettings', { inputName: 'Replay video' })).inputSettings['speed_percent']).toBe(
        50,
      )
      await expect.poll(phase, { timeout: 15_000 }).toBe('idle')
      await expect.poll(() => shown.slice(-2), { timeout: 10_000 }).toEqual(['Replay', 'Match'])
    },
  )

  it(
    'Companion’s HTTP action and a scorekeeper’s tablet press it; a wrong speed is named',
    { timeout: 120_000 },
    async () => {
      await configure({ seconds: 1, speed: 100, again: 'queue' })
      const hub = services.hub!.url
      const companion = async (body: unknown) => {
        const answer = await fetch(`${hub}/control/v1/streams/${streamId()}/replay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${services.registry.controlToken}` },
          body: JSON.stringify(body),
        })
        return { status: answer.status, body: (await answer.json()) as ObsState & { error?: string } }
      }
      expect(await companion({ speed: 75 })).toMatchObject({ status: 400, body: { error: 'speed: 100, 50 or 25 (%)' } })
      const savesBefore = saves
      const pressed = await companion({ speed: 25, seconds: 1 })
      expect(pressed).toMatchObject({ status: 200, body: { replay: { phase: 'saving' } } })
      await expect.poll(program, { timeout: 15_000 }).toBe('Replay')
      expect(saves).toBe(savesBefore + 1)
      expect((await eyes.call('GetInputSettings', { inputName: 'Replay video' })).inputSettings['speed_percent']).toBe(
        25,
      )
      await expect.poll(phase, { timeout: 15_000 }).toBe('idle')

      const tablet = async (kind: 'scorekeeper' | 'caster') => {
        const key = await pairDevice(value, hub, `${kind} tablet`, kind, undefined, streamId())
        const answer = await fetch(`${hub}/tablet/v1/replay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-matchdesk-key': key },
          body: '{}',
        })
        return { status: answer.status, body: (await answer.json()) as { replay?: string } }
      }
      // A caster's tablet has no Replay key (the guard refuses its key here, as for the scorekeeper's presses).
      expect((await tablet('caster')).status).toBe(401)
      const fromTablet = await tablet('scorekeeper')
      expect(fromTablet).toMatchObject({ status: 200, body: { replay: 'saving' } })
      await expect.poll(program, { timeout: 15_000 }).toBe('Replay')
      await expect.poll(phase, { timeout: 15_000 }).toBe('idle')
      // Idle is said as the way back is asked; OBS shows it at the end of its fade.
      await expect.poll(program, { timeout: 10_000 }).toBe('Match')
    },
  )
})
