// "Set up OBS for me": the show a stream's OBS needs — a match scene, a break scene, a technical-difficulties scene and
// a Replay scene, with the overlays as browser sources (1920×1080, the stream's addresses), the text sources named by
// the convention (hidden, for producers who prefer them) and the replay's media source, bug and names — planned against
// what OBS already has (pure), then made over obs-websocket in the stream's own scene collection, with the replay
// buffer's length and start. Whatever exists by name is left exactly as it is.
import {
  OBS_FIELDS,
  type ObsField,
  type ObsSettings,
  type ObsSetupReport,
  type ObsState,
} from '../../../shared/broadcast/obs'
import { OVERLAYS, overlayPath, type OverlayKind } from '../../../shared/broadcast/overlays'
import type { ObsLink } from '../obs/obs-link'
import { AppError } from '../app-error'
import { readObsLists, type StreamObs } from './obs-stream'

/** An overlay's address for a stream's OBS, or why OBS cannot have one. */
export type OverlayAddress = (kind: OverlayKind) => string | { problem: string }
import { obsNames } from '../obs/obs-bounds'
import { REPLAY_BUG, REPLAY_BUFFER_OFF, REPLAY_SOURCES } from './obs-replay'

/** The scenes a setup makes, by the names the stream's settings then use. */
export const SETUP_SCENES = {
  match: 'Match',
  break: 'Break',
  difficulties: 'Technical difficulties',
  replay: 'Replay',
} as const

/** What the technical-difficulties scene says until its overlay is up. */
export const DIFFICULTIES_TEXT = 'Technical difficulties — we’ll be right back'

/** The browser sources' size: the overlays are drawn for a 1920×1080 canvas. */
export const OVERLAY_SIZE = { width: 1920, height: 1080 }

/** Where a source is placed on the canvas (null: where OBS puts it, the top left). */
export type Placement = 'centre' | 'fill' | 'top-left' | 'bottom-left' | null

type SourceSpec =
  | { kind: 'browser'; name: string; overlay: OverlayKind }
  | { kind: 'text'; name: string; text: string; visible: boolean; place?: Placement; overVideo?: boolean }
  | { kind: 'colour'; name: string }
  | { kind: 'media'; name: string }

/** The technical-difficulties card's background (OBS colours are ABGR): the desk's dark surface, opaque. */
const CARD_COLOUR = 0xff1d1714
/** Text sources are made at a size that fits a 1080p canvas (OBS's own default, 256, does not). */
const TEXT_SIZE = 64

const textOf = (field: ObsField): SourceSpec => ({
  kind: 'text',
  name: OBS_FIELDS.find((f) => f.field === field)!.source,
  text: '',
  visible: false,
})
const overlay = (kind: OverlayKind): SourceSpec => ({
  kind: 'browser',
  name: `${OVERLAYS.find((o) => o.kind === kind)!.title} overlay`,
  overlay: kind,
})
const BREAK_FIELDS: readonly ObsField[] = ['up-next', 'countdown', 'last-result']

/** Each scene of the show and its sources, in the order they are stacked (first at the bottom). */
export const SETUP_LAYOUT: readonly { scene: string; sources: readonly SourceSpec[] }[] = [
  {
    scene: SETUP_SCENES.match,
    sources: [
      overlay('scoreboard'),
      overlay('casters'),
      ...OBS_FIELDS.filter((f) => !BREAK_FIELDS.includes(f.field)).map((f) => textOf(f.field)),
    ],
  },
  { scene: SETUP_SCENES.break, sources: [overlay('break'), ...BREAK_FIELDS.map(textOf)] },
  {
    scene: SETUP_SCENES.difficulties,
    sources: [
      { kind: 'colour', name: 'Technical difficulties background' },
      { kind: 'text', name: 'Technical difficulties message', text: DIFFICULTIES_TEXT, visible: true, place: 'centre' },
      overlay('difficulties'),
    ],
  },
  {
    // The replay: the saved buffer over the whole canvas, the REPLAY bug above it and the match's names below.
    scene: SETUP_SCENES.replay,
    sources: [
      { kind: 'media', name: REPLAY_SOURCES.media },
      { kind: 'text', name: REPLAY_SOURCES.bug, text: REPLAY_BUG, visible: true, place: 'top-left', overVideo: true },
      { kind: 'text', name: REPLAY_SOURCES.names, text: '', visible: true, place: 'bottom-left', overVideo: true },
    ],
  },
]

/** What OBS has, as the plan needs it. */
export interface ObsHas {
  scenes: readonly string[]
  inputs: readonly string[]
  /** OBS's input kinds ("text_ft2_source_v2", "browser_source", …). */
  inputKinds: readonly string[]
}

export type SetupAction =
  | { type: 'scene'; scene: string }
  | {
      type: 'input'
      scene: string
      name: string
      inputKind: string
      settings: Record<string, unknown>
      visible: boolean
      place: Placement
    }

export interface SetupPlan {
  actions: SetupAction[]
  created: string[]
  kept: string[]
  missing: string[]
}

/** The text source kind of this OBS: GDI+ on Windows, FreeType 2 elsewhere; null when it has neither. */
export function textKindOf(inputKinds: readonly string[]): string | null {
  return ['text_gdiplus_v2', 'text_ft2_source_v2'].find((kind) => inputKinds.includes(kind)) ?? null
}

/** A text source's settings in this kind's terms: its text, and a font that fits the canvas. */
function textSettings(kind: string, text: string, overVideo: boolean): Record<string, unknown> {
  const gdi = kind === 'text_gdiplus_v2'
  const font = { face: gdi ? 'Arial' : 'Sans Serif', size: TEXT_SIZE, style: 'Regular', flags: 0 }
  if (!overVideo) return { text, font }
  // Over a replay's pictures, light or dark: an outline and a shadow (FreeType 2), a dark plate (GDI+).
  const legible = gdi
    ? { outline: true, outline_size: 4, outline_color: 0xff000000, bk_color: CARD_COLOUR, bk_opacity: 70 }
    : { outline: true, drop_shadow: true }
  return { text, font, ...legible }
}

/**
 * What to make so OBS has the show: each scene and source missing by name, in order, and in words what will be
 * made, what is already there and what cannot be. `address` gives an overlay's address for OBS, or why it has none.
 */
export function planObsSetup(has: ObsHas, address: (kind: OverlayKind) => string | { problem: string }): SetupPlan {
  const plan: SetupPlan = { actions: [], created: [], kept: [], missing: [] }
  const scenes = new Set(has.scenes)
  const inputs = new Set(has.inputs)
  const textKind = textKindOf(has.inputKinds)
  const browser = has.inputKinds.includes('browser_source')
  for (const { scene, sources } of SETUP_LAYOUT) {
    if (scenes.has(scene)) plan.kept.push(`scene “${scene}”`)
    else {
      plan.actions.push({ type: 'scene', scene })
      plan.created.push(`scene “${scene}”`)
    }
    for (const source of sources) {
      if (inputs.has(source.name)) {
        plan.kept.push(`source “${source.name}”`)
        continue
      }
      if (source.kind === 'browser') {
        const url = address(source.overlay)
        if (!browser) plan.missing.push(`${source.name}: this OBS has no Browser source (obs-browser)`)
        else if (typeof url !== 'string') plan.missing.push(`${source.name}: ${url.problem}`)
        else {
          plan.actions.push({
            type: 'input',
            scene,
            name: source.name,
            inputKind: 'browser_source',
            settings: { url, ...OVERLAY_SIZE, reroute_audio: false, shutdown: false },
            visible: true,
            place: null,
          })
          plan.created.push(`browser source “${source.name}” in “${scene}”`)
        }
        continue
      }
      if (source.kind === 'colour') {
        const colourKind = ['color_source_v3', 'color_source_v2'].find((kind) => has.inputKinds.includes(kind))
        if (!colourKind) plan.missing.push(`${source.name}: this OBS has no Color source`)
        else {
          const settings = { color: CARD_COLOUR, width: OVERLAY_SIZE.width, height: OVERLAY_SIZE.height }
          plan.actions.push({
            type: 'input',
            scene,
            name: source.name,
            inputKind: colourKind,
            settings,
            visible: true,
            place: null,
          })
          plan.created.push(`colour source “${source.name}” in “${scene}”`)
        }
        continue
      }
      if (source.kind === 'media') {
        if (!has.inputKinds.includes('ffmpeg_source')) plan.missing.push(`${source.name}: this OBS has no Media source`)
        else {
          // The file comes with each replay; OBS's defaults otherwise (it plays once, from the start, when shown).
          const settings = { is_local_file: true, looping: false, restart_on_activate: true, close_when_inactive: true }
          plan.actions.push({
            type: 'input',
            scene,
            name: source.name,
            inputKind: 'ffmpeg_source',
            settings,
            visible: true,
            place: 'fill',
          })
          plan.created.push(`media source “${source.name}” in “${scene}”`)
        }
        continue
      }
      if (!textKind) {
        plan.missing.push(`${source.name}: this OBS has no Text source`)
        continue
      }
      plan.actions.push({
        type: 'input',
        scene,
        name: source.name,
        inputKind: textKind,
        settings: textSettings(textKind, source.text, source.overVideo ?? false),
        visible: source.visible,
        place: source.place ?? null,
      })
      plan.created.push(`text source “${source.name}”${source.visible ? '' : ' (hidden)'} in “${scene}”`)
    }
  }
  return plan
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|::1|\[::1\])$/i

/**
 * Where an OBS finds a stream's overlay: the hub's address when OBS runs on this PC. An OBS on another PC needs the
 * hub on the venue network and a paired overlay device's key, which the producer pairs (and sees) on the Venue view.
 */
export function obsOverlayAddress(
  hubUrl: string | undefined,
  streamId: string,
  kind: OverlayKind,
  obsHost: string,
): string | { problem: string } {
  if (!hubUrl) return { problem: 'the broadcast hub is not running' }
  if (!LOOPBACK.test(obsHost))
    return { problem: 'OBS runs on another PC: pair an overlay device (Venue) and paste its addresses' }
  return `${hubUrl}${overlayPath(kind, streamId)}`
}

/** The stream's own scene collection: "Matchdesk · B stream". */
export function collectionName(streamName: string): string {
  return `Matchdesk · ${streamName}`.replace(/\p{Cc}/gu, ' ').slice(0, 100)
}

/** Changing the scene collection blocks OBS until it has loaded: it gets this long. */
const COLLECTION_SWITCH_MS = 30_000

/**
 * Brings OBS to the stream's collection (switching to it, or creating it: OBS switches then) and makes what the plan
 * calls for; answers the plan carried out, with the collection's change in words first.
 */
export async function runObsSetup(
  link: ObsLink,
  collection: string,
  address: (kind: OverlayKind) => string | { problem: string },
  replayBufferSeconds: number,
): Promise<SetupPlan> {
  const { currentSceneCollectionName, sceneCollections } = await link.call('GetSceneCollectionList')
  const said: string[] = []
  if (currentSceneCollectionName !== collection) {
    const exists = obsNames(sceneCollections).includes(collection)
    await link.call(
      exists ? 'SetCurrentSceneCollection' : 'CreateSceneCollection',
      { sceneCollectionName: collection },
      COLLECTION_SWITCH_MS,
    )
    if (!exists) said.push(`scene collection “${collection}” (OBS shows it now)`)
  }
  const [{ scenes }, { inputs }, { inputKinds }] = await Promise.all([
    link.call('GetSceneList'),
    link.call('GetInputList'),
    link.call('GetInputKindList', { unversioned: false }),
  ])
  const plan = planObsSetup(
    {
      scenes: obsNames(scenes.map((scene) => scene['sceneName'])),
      inputs: obsNames(inputs.map((input) => input['inputName'])),
      inputKinds: obsNames(inputKinds),
    },
    address,
  )
  const { baseWidth, baseHeight } = await link.call('GetVideoSettings')
  for (const action of plan.actions) {
    if (action.type === 'scene') {
      await link.call('CreateScene', { sceneName: action.scene })
      continue
    }
    const { sceneItemId } = await link.call('CreateInput', {
      sceneName: action.scene,
      inputName: action.name,
      inputKind: action.inputKind,
      inputSettings: action.settings as never,
      sceneItemEnabled: action.visible,
    })
    const transform = placed(action.place, baseWidth, baseHeight)
    if (transform)
      await link.call('SetSceneItemTransform', { sceneName: action.scene, sceneItemId, sceneItemTransform: transform })
  }
  const buffer = await setUpReplayBuffer(link, replayBufferSeconds)
  return {
    ...plan,
    created: [...said, ...plan.created, ...buffer.created],
    missing: [...plan.missing, ...buffer.missing],
  }
}

/**
 * A source's place on the canvas, in OBS's terms (alignment: 0 centre, 5 top left, 9 bottom left): the card's text
 * centred at 80 % of the width; the replay over the whole canvas; its bug and names in the title-safe margin.
 */
function placed(place: Placement, width: number, height: number): Record<string, number | string> | null {
  const margin = { x: Math.round(width * 0.05), y: Math.round(height * 0.05) }
  const fitted = (boundsWidth: number, boundsHeight: number, boundsAlignment: number) => ({
    boundsType: 'OBS_BOUNDS_SCALE_INNER',
    boundsAlignment,
    boundsWidth,
    boundsHeight,
  })
  switch (place) {
    case 'centre':
      return {
        positionX: width / 2,
        positionY: height / 2,
        alignment: 0,
        ...fitted(Math.round(width * 0.8), Math.round(height * 0.2), 0),
      }
    case 'fill':
      return { positionX: 0, positionY: 0, alignment: 5, ...fitted(width, height, 0) }
    case 'top-left':
      return {
        positionX: margin.x,
        positionY: margin.y,
        alignment: 5,
        ...fitted(Math.round(width * 0.25), Math.round(height * 0.08), 5),
      }
    case 'bottom-left':
      return {
        positionX: margin.x,
        positionY: height - margin.y,
        alignment: 9,
        ...fitted(Math.round(width * 0.9), Math.round(height * 0.08), 9),
      }
    default:
      return null
  }
}

/** The output mode's section of OBS's profile: where its replay buffer's settings are. */
async function outputSection(link: ObsLink): Promise<'SimpleOutput' | 'AdvOut'> {
  const { parameterValue } = await link.call('GetProfileParameter', {
    parameterCategory: 'Output',
    parameterName: 'Mode',
  })
  return parameterValue === 'Advanced' ? 'AdvOut' : 'SimpleOutput'
}

/**
 * The replay buffer: its length set in OBS's profile, and started. OBS turns the buffer itself on only from its own
 * settings, so a buffer that is off is said with the words to turn it on. Answers what was done, and what could not be.
 */
async function setUpReplayBuffer(link: ObsLink, seconds: number): Promise<{ created: string[]; missing: string[] }> {
  const running = await link.call('GetReplayBufferStatus').then(
    ({ outputActive }) => outputActive,
    () => null,
  )
  if (running === null) return { created: [], missing: [`Replay buffer: ${REPLAY_BUFFER_OFF}`] }
  const section = await outputSection(link)
  const { parameterValue } = await link.call('GetProfileParameter', {
    parameterCategory: section,
    parameterName: 'RecRBTime',
  })
  const done: string[] = []
  if (parameterValue !== String(seconds)) {
    await link.call('SetProfileParameter', {
      parameterCategory: section,
      parameterName: 'RecRBTime',
      parameterValue: String(seconds),
    })
    done.push(
      running
        ? `replay buffer of ${seconds} s (from its next start: it runs now with the length it had)`
        : `replay buffer of ${seconds} s`,
    )
  }
  if (!running) {
    await link.call('StartReplayBuffer')
    done.push('replay buffer started')
  }
  return { created: done, missing: [] }
}

/**
 * "Set up OBS for me" on a stream's connected OBS: its collection made or completed (`runObsSetup`), OBS's lists read
 * again; then the stream's match, break, difficulties and replay scenes are the ones made where none was chosen (`configure`),
 * or OBS is brought to what is on air (`catchUp`), as after a reconnection. Answers what was done.
 */
export async function setUpStreamObs(
  obs: StreamObs,
  streamName: string,
  address: OverlayAddress,
  then: { catchUp(): Promise<void>; configure(settings: ObsSettings): Promise<unknown>; state(): Promise<ObsState> },
): Promise<ObsSetupReport> {
  const collection = collectionName(streamName)
  const plan = await obs.queue
    .run(async () => {
      const done = await runObsSetup(obs.link, collection, address, obs.settings.replay.bufferSeconds)
      await readObsLists(obs)
      return done
    })
    .catch((error: unknown) => {
      throw new AppError(
        'conflict',
        `OBS refused the setup: ${(error as Error).message}. What was made stays; Set up OBS again completes it.`,
      )
    })
  const { settings } = obs
  // OBS may be in another collection now: it is brought to what is on air, as after a reconnection.
  if (settings.matchScene && settings.breakScene && settings.difficultiesScene && settings.replay.scene)
    await then.catchUp()
  else
    await then.configure({
      ...settings,
      matchScene: settings.matchScene ?? SETUP_SCENES.match,
      breakScene: settings.breakScene ?? SETUP_SCENES.break,
      difficultiesScene: settings.difficultiesScene ?? SETUP_SCENES.difficulties,
      replay: { ...settings.replay, scene: settings.replay.scene ?? SETUP_SCENES.replay },
    })
  const { created, kept, missing } = plan
  return { collection, created, kept, missing, state: await then.state() }
}
