// A game's inner name for a thing (a map's "mirage", a hero's "winter_wyvern") as people say it: words of the
// underscores, each capitalised, as long as a pick may be. Pure.
import { PICK_MAX } from '../broadcast/live-layer'

export function innerNameTitle(bare: string): string {
  return bare
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ')
    .slice(0, PICK_MAX)
}
