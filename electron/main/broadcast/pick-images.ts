// The images of the producer's pick and map lists (a character's portrait, a map's picture): an item's image checked as
// a sponsor's logo is and kept per discipline, and what a feed names of them — the on-air match's picks, maps and veto
// items that have one, each at its address on the hub (its version in it, so a browser may keep it for good).
import type { FeedMatch, PickImages } from '../../../shared/broadcast/feed'
import type { PickLists } from '../../../shared/broadcast/live-layer'
import { AppError } from '../app-error'
import type { PickImageRow, PickListName, PickListStore } from '../store/pick-lists'
import { sponsorImage } from './sponsor-image'

/** Where the hub serves an item's image. */
export const pickImageUrl = (row: Pick<PickImageRow, 'id' | 'version'>) =>
  `/feed/v1/pick-images/${row.id}?v=${row.version}`

/** Keeps an item's image (base64, checked) or forgets it (null); the item must be in the discipline's list. */
export function setPickImage(
  store: PickListStore,
  discipline: string,
  change: { list: PickListName; item: string; image: string | null },
): PickImageRow[] {
  const lists: PickLists = store.of(discipline)
  if (!lists[change.list].includes(change.item)) {
    const message = `item: “${change.item}” is not in the ${change.list} list: add it there first`
    throw new AppError('validation', message, { item: message })
  }
  store.setImage(discipline, change.list, change.item, change.image === null ? null : sponsorImage(change.image))
  return store.images(discipline)
}

/** The images the on-air match names (its games' picks and maps, its veto's items); null when it names none. */
export function pickImagesOf(rows: readonly PickImageRow[], match: FeedMatch | null): PickImages | null {
  if (!match || rows.length === 0) return null
  const picks = new Set((match.games ?? []).flatMap((g) => g.picks.filter((p): p is string => p !== null)))
  const maps = new Set([
    ...(match.games ?? []).flatMap((g) => (g.map ? [g.map] : [])),
    ...(match.veto ?? []).map((step) => step.item),
  ])
  const named: PickImages = { picks: {}, maps: {} }
  for (const row of rows)
    if ((row.list === 'picks' ? picks : maps).has(row.item)) named[row.list][row.item] = pickImageUrl(row)
  return Object.keys(named.picks).length || Object.keys(named.maps).length ? named : null
}
