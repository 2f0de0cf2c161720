// Which of the stream's overlays OBS's program shows: the browser sources of the program scene (and of the scenes
// nested in it), shown (enabled), whose page is one of this stream's overlays (`/overlays/<kind>?stream=<id>`). What
// sponsor airtime counts when an OBS is connected. Bounded: items and nesting read at most so far, URLs cut.
import type { ObsLink } from './obs-link'

/** Scene items read per scene, and scenes nested in scenes followed. */
const ITEMS_MAX = 128
const NESTING_MAX = 3
const URL_MAX = 2048
const BROWSER = 'browser_source'
const SCENE_SOURCE = 'OBS_SOURCE_TYPE_SCENE'

/** The overlay a browser source's page is, for this stream: its kind, or null for any other page. */
export function overlayOfUrl(url: unknown, streamId: string): string | null {
  if (typeof url !== 'string' || url.length > URL_MAX) return null
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    // let go: a browser source whose address does not parse shows no overlay of ours, which is the answer
    return null
  }
  const kind = /^\/overlays\/([a-z0-9-]{1,32})$/.exec(parsed.pathname)?.[1]
  return kind && parsed.searchParams.get('stream') === streamId ? kind : null
}

/** The overlay kinds the scene shows now, nested scenes included; throws what OBS refused. */
export async function programOverlays(
  link: Pick<ObsLink, 'call'>,
  scene: string,
  streamId: string,
): Promise<Set<string>> {
  const shown = new Set<string>()
  const seen = new Set<string>()
  const read = async (sceneName: string, depth: number): Promise<void> => {
    if (depth > NESTING_MAX || seen.has(sceneName)) return
    seen.add(sceneName)
    const { sceneItems } = await link.call('GetSceneItemList', { sceneName })
    if (!Array.isArray(sceneItems)) throw new Error(`OBS listed no sources of the scene “${sceneName}”`)
    for (const item of sceneItems.slice(0, ITEMS_MAX)) {
      if (item['sceneItemEnabled'] !== true || typeof item['sourceName'] !== 'string') continue
      if (item['sourceType'] === SCENE_SOURCE) await read(item['sourceName'], depth + 1)
      else if (item['inputKind'] === BROWSER) {
        const { inputSettings } = await link.call('GetInputSettings', { inputName: item['sourceName'] })
        const kind = overlayOfUrl(inputSettings['url'], streamId)
        if (kind) shown.add(kind)
      }
    }
  }
  await read(scene, 0)
  return shown
}
