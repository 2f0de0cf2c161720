// What "Set up OBS for me" plans against what an OBS has: the three scenes, the overlays as 1920×1080 browser sources,
// the text sources by the convention (hidden), nothing that exists by name touched, and what cannot be made named.
import { describe, expect, it } from 'vitest'
import { collectionName, obsOverlayAddress, planObsSetup, SETUP_SCENES, type SetupAction } from './obs-setup'

const HUB = 'http://127.0.0.1:7310'
const local = (kind: Parameters<typeof obsOverlayAddress>[2]) => obsOverlayAddress(HUB, 's1', kind, '127.0.0.1')
const inputsOf = (actions: SetupAction[]) =>
  actions.flatMap((a) => (a.type === 'input' ? [{ scene: a.scene, name: a.name, kind: a.inputKind }] : []))

describe('planning an OBS setup', () => {
  it('makes the four scenes, the overlays as browser sources and the text sources hidden, on a Windows OBS', () => {
    const plan = planObsSetup(
      { scenes: [], inputs: [], inputKinds: ['browser_source', 'text_gdiplus_v2', 'color_source_v3', 'ffmpeg_source'] },
      local,
    )
    expect(plan.actions.filter((a) => a.type === 'scene').map((a) => a.scene)).toEqual([
      'Match',
      'Break',
      'Technical difficulties',
      'Replay',
    ])
    const scoreboard = plan.actions.find((a) => a.type === 'input' && a.name === 'Scoreboard overlay')
    expect(scoreboard).toMatchObject({
      scene: 'Match',
      inputKind: 'browser_source',
      settings: { url: `${HUB}/overlays/scoreboard?stream=s1`, width: 1920, height: 1080 },
      visible: true,
    })
    expect(inputsOf(plan.actions).find((a) => a.name === 'Break screen overlay')).toMatchObject({ scene: 'Break' })
    expect(plan.actions.find((a) => a.type === 'input' && a.name === 'Left name')).toMatchObject({
      scene: 'Match',
      inputKind: 'text_gdiplus_v2',
      visible: false,
    })
    expect(
      inputsOf(plan.actions)
        .filter((a) => a.scene === 'Break')
        .map((a) => a.name),
    ).toEqual(['Break screen overlay', 'Up next', 'Countdown', 'Last result'])
    expect(inputsOf(plan.actions).filter((a) => a.scene === SETUP_SCENES.difficulties)).toEqual([
      { scene: 'Technical difficulties', name: 'Technical difficulties background', kind: 'color_source_v3' },
      { scene: 'Technical difficulties', name: 'Technical difficulties message', kind: 'text_gdiplus_v2' },
      { scene: 'Technical difficulties', name: 'Technical difficulties overlay', kind: 'browser_source' },
    ])
    expect(plan.actions.find((a) => a.type === 'input' && a.name === 'Technical difficulties message')).toMatchObject({
      visible: true,
      place: 'centre',
      settings: { text: expect.stringMatching(/^Technical difficulties/), font: { face: 'Arial', size: 64 } },
    })
    // The replay: its media over the whole canvas, the REPLAY bug at the top left and the names at the bottom.
    expect(plan.actions.filter((a) => a.type === 'input' && a.scene === 'Replay')).toEqual([
      expect.objectContaining({ name: 'Replay video', inputKind: 'ffmpeg_source', place: 'fill' }),
      expect.objectContaining({
        name: 'Replay bug',
        settings: expect.objectContaining({ text: 'REPLAY' }),
        place: 'top-left',
      }),
      expect.objectContaining({ name: 'Replay names', visible: true, place: 'bottom-left' }),
    ])
    expect(plan.missing).toEqual([])
    expect(plan.created).toContain('text source “Left name” (hidden) in “Match”')
    expect(plan.created).toContain('media source “Replay video” in “Replay”')
  })

  it('leaves every scene and source that exists by name alone, and says so', () => {
    const plan = planObsSetup(
      {
        scenes: ['Match', 'My intro'],
        inputs: ['Left name', 'Scoreboard overlay'],
        inputKinds: ['text_ft2_source_v2'],
      },
      local,
    )
    expect(plan.actions).not.toContainEqual(expect.objectContaining({ scene: 'Match', type: 'scene' }))
    expect(inputsOf(plan.actions).map((a) => a.name)).not.toContain('Left name')
    expect(plan.kept).toEqual(['scene “Match”', 'source “Scoreboard overlay”', 'source “Left name”'])
    expect(inputsOf(plan.actions).every((a) => a.kind === 'text_ft2_source_v2')).toBe(true)
  })

  it('names what this OBS cannot have: browser sources without obs-browser, overlays for an OBS elsewhere', () => {
    const debian = planObsSetup(
      { scenes: [], inputs: [], inputKinds: ['text_ft2_source_v2', 'color_source_v3'] },
      local,
    )
    expect(debian.missing).toEqual([
      'Scoreboard overlay: this OBS has no Browser source (obs-browser)',
      'Casters overlay: this OBS has no Browser source (obs-browser)',
      'Break screen overlay: this OBS has no Browser source (obs-browser)',
      'Technical difficulties overlay: this OBS has no Browser source (obs-browser)',
      'Replay video: this OBS has no Media source',
    ])
    const elsewhere = planObsSetup(
      { scenes: [], inputs: [], inputKinds: ['browser_source', 'text_ft2_source_v2'] },
      (k) => obsOverlayAddress(HUB, 's1', k, '192.168.1.20'),
    )
    expect(elsewhere.missing[0]).toBe(
      'Scoreboard overlay: OBS runs on another PC: pair an overlay device (Venue) and paste its addresses',
    )
    const noText = planObsSetup({ scenes: [], inputs: [], inputKinds: [] }, local)
    expect(noText.missing).toContain('Left name: this OBS has no Text source')
    expect(noText.missing).toContain('Technical difficulties background: this OBS has no Color source')
    expect(noText.actions.every((a) => a.type === 'scene')).toBe(true)
  })

  it('names the stream’s collection after it, one line, within OBS’s names', () => {
    expect(collectionName('B stream')).toBe('Matchdesk · B stream')
    expect(collectionName(`a\nb${'x'.repeat(200)}`)).toHaveLength(100)
    expect(collectionName('a\nb')).toBe('Matchdesk · a b')
    expect(obsOverlayAddress(undefined, 's1', 'scoreboard', '127.0.0.1')).toEqual({
      problem: 'the broadcast hub is not running',
    })
    expect(obsOverlayAddress(HUB, 's1', 'casters', 'localhost')).toBe(`${HUB}/overlays/casters?stream=s1`)
  })
})
