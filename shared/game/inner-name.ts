// A game's inner name for a thing (a map's "mirage", a hero's "winter_wyvern") as people say it: words of the
// underscores, each capitalised, as long as a pick may be, nothing of it unseen (control or format characters). Pure.
import { PICK_MAX } from '../broadcast/live-layer'

/** A name from a game made fit for air: no control or format characters (a bidi override), trimmed, as long as a pick. */
export function airName(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, PICK_MAX)
}

export function innerNameTitle(bare: string): string {
  return airName(bare)
    .split(/[_ ]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ')
    .slice(0, PICK_MAX)
}
