// What Matchdesk writes to a stream's OBS and beside it: the scene (with Studio Mode, OBS's preview-then-transition
// protocol), each field to its text source, and each field as a text file in a folder.
import { randomUUID } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { OBS_FIELDS, type ObsField, type ObsSettings } from '../../../shared/broadcast/obs'
import type { ObsLink } from '../obs/obs-link'

/** How long a Studio Mode transition is tried again while OBS says one is still running (wall-clock ms). */
const TRANSITION_WAIT_MS = 5000

/** Program scene, or with Studio Mode on: preview it, then transition; nothing when OBS shows it already. */
export async function switchScene(link: ObsLink, scene: string, chosenByHand: boolean): Promise<void> {
  // Asked, not remembered: OBS's own change events may come after the next Take.
  const { currentProgramSceneName } = await link.call('GetCurrentProgramScene')
  if (!chosenByHand && currentProgramSceneName === scene) return
  const { studioModeEnabled } = await link.call('GetStudioModeEnabled')
  if (studioModeEnabled) await transitionTo(link, scene)
  else await link.call('SetCurrentProgramScene', { sceneName: scene })
}

/**
 * Studio Mode: the scene to preview, then the transition. OBS applies a preview change on its UI thread a moment
 * after answering, while the transition takes whatever the preview is when it is asked: so the preview is read back
 * before the transition, and the program after it. A transition still running refuses a second one; all is tried
 * again for 5 s (a busy machine draws even a short fade slowly), then said.
 */
async function transitionTo(link: ObsLink, scene: string): Promise<void> {
  const until = Date.now() + TRANSITION_WAIT_MS
  await link.call('SetCurrentPreviewScene', { sceneName: scene })
  for (;;) {
    try {
      const { currentPreviewSceneName } = await link.call('GetCurrentPreviewScene')
      if (currentPreviewSceneName === scene) {
        await link.call('TriggerStudioModeTransition')
        const { currentProgramSceneName } = await link.call('GetCurrentProgramScene')
        if (currentProgramSceneName === scene) return
      }
      if (Date.now() >= until) throw new Error(`OBS did not transition to it within ${TRANSITION_WAIT_MS / 1000} s`)
    } catch (error) {
      if (Date.now() >= until || link.current.state !== 'connected') throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * Each field to its text source (the mapped one, or the one named by convention when OBS has it), each on its own:
 * a source that is gone does not stop the others. Only changes are written (`written` keeps what each last said).
 * Answers the sources OBS refused, in words; throws when the link itself went away.
 */
export async function writeTextSources(
  link: ObsLink,
  sources: ObsSettings['sources'],
  inputs: readonly string[],
  written: Partial<Record<ObsField, string>>,
  fields: Record<ObsField, string>,
): Promise<string[]> {
  const byName = new Map(inputs.map((name) => [name.toLowerCase(), name]))
  const refused: string[] = []
  for (const { field, source } of OBS_FIELDS) {
    const text = fields[field]
    const mapped = sources[field]
    const target = mapped === null ? undefined : (mapped ?? byName.get(source.toLowerCase()))
    if (!target || written[field] === text) continue
    try {
      await link.call('SetInputSettings', { inputName: target, inputSettings: { text } })
      written[field] = text
    } catch (error) {
      if (link.current.state !== 'connected') throw error
      refused.push(`“${target}” (${(error as Error).message})`)
    }
  }
  return refused
}

/**
 * The same fields as "<field>.txt" in the folder, each written whole, for tools that read files; only changes
 * (`files` keeps what each last said).
 */
export async function writeTextFiles(
  folder: string,
  files: Partial<Record<ObsField, string>>,
  fields: Record<ObsField, string>,
): Promise<void> {
  await mkdir(folder, { recursive: true })
  for (const [field, text] of Object.entries(fields) as [ObsField, string][]) {
    if (files[field] === text) continue
    // A temporary name of its own, created new (never through a link someone left there), renamed over the file: the
    // folder may be shared with other tools, so not write-file-atomic's (its name can be guessed, and it follows links).
    const temporary = join(folder, `.${field}.${randomUUID()}.writing`)
    await writeFile(temporary, text, { flag: 'wx' })
    await rename(temporary, join(folder, `${field}.txt`))
    files[field] = text
  }
}
