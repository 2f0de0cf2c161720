// What an OBS (perhaps not a real one) may push into the app, bounded before anything keeps it or sends it to a page:
// its version, its program scene, its scene and text source lists, the program's screenshot.
import { OBS_PICTURE } from '../../../shared/broadcast/obs'

export const OBS_BOUNDS = {
  /** "30.2.3" and the like; longer is cut. */
  versionChars: 40,
  /** A scene or source name Matchdesk shows or can choose (the settings' own limit). */
  nameChars: 100,
  /** Names kept of each list: scenes, text sources. */
  names: 500,
  /** The program's picture as a data URL: a 320 px JPEG is ~30 KB; more is not shown. */
  screenshotChars: 256 * 1024,
  /** A file's path on OBS's PC (a saved replay): longer is refused. */
  pathChars: 4096,
}

const CONTROL = /\p{Cc}/gu
const HAS_CONTROL = /\p{Cc}/u

/** A text OBS sent, as a string of at most `max` characters without control characters ("" for anything else). */
export function obsText(value: unknown, max: number): string {
  if (typeof value !== 'string') return ''
  const clean = value.slice(0, max * 2).replace(CONTROL, '')
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean
}

/** The names of a list OBS sent that Matchdesk can show and choose: the first `OBS_BOUNDS.names` that fit. */
export function obsNames(values: unknown[]): string[] {
  const names: string[] = []
  for (const value of values) {
    if (names.length >= OBS_BOUNDS.names) break
    if (
      typeof value === 'string' &&
      value.length > 0 &&
      value.length <= OBS_BOUNDS.nameChars &&
      !HAS_CONTROL.test(value)
    )
      names.push(value)
  }
  return names
}

/** The screenshot as a JPEG or PNG data URL within its bound, else null. */
export function obsScreenshot(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > OBS_BOUNDS.screenshotChars) return null
  return OBS_PICTURE.test(value) ? value : null
}

/** A file's path OBS gave (a saved replay), as it may be given back to OBS: whole, without control characters; else null. */
export function obsPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > OBS_BOUNDS.pathChars) return null
  return HAS_CONTROL.test(value) ? null : value
}
