// The lists of picks and maps the producer keeps per discipline (the live layer offers them as they type), and an image
// per item where the producer gave one: in the profile's database, so they survive restarts and work offline.
import type { TableRecovery } from '../db/table-recovery'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import { createHash } from 'node:crypto'
import { PickLists } from '../../../shared/broadcast/live-layer'

/** The producer's lists: kept through a recovery. */
export const PICK_LIST_TABLES = { pick_lists: 'kept', pick_images: 'kept' } as const satisfies TableRecovery

/** Which list an item is in. */
export type PickListName = 'picks' | 'maps'

/** An item's image as kept: its address id and version (what a feed names), or its bytes (what the hub serves). */
export interface PickImageRow {
  id: string
  list: PickListName
  item: string
  version: string
}

/** The image's address: the same for one discipline, list and item, and telling nothing of them. */
export const pickImageId = (discipline: string, list: PickListName, item: string) =>
  createHash('sha256')
    .update(JSON.stringify([discipline, list, item]))
    .digest('hex')
    .slice(0, 24)

const EMPTY: PickLists = { picks: [], maps: [] }

export class PickListStore {
  constructor(private readonly db: Db) {}

  /** A discipline's lists (empty when none were kept, or what was kept no longer reads). */
  of(discipline: string): PickLists {
    const raw = prepared(this.db, 'SELECT picks, maps FROM pick_lists WHERE discipline = ?').get(discipline) as
      { picks: string; maps: string } | undefined
    if (!raw) return EMPTY
    const lists = PickLists.safeParse({
      picks: JSON.parse(raw.picks) as unknown,
      maps: JSON.parse(raw.maps) as unknown,
    })
    return lists.success ? lists.data : EMPTY
  }

  set(discipline: string, lists: PickLists): void {
    prepared(this.db, 'INSERT OR REPLACE INTO pick_lists (discipline, picks, maps) VALUES (?, ?, ?)').run(
      discipline,
      JSON.stringify(lists.picks),
      JSON.stringify(lists.maps),
    )
  }

  /** A discipline's item images (no bytes): what the desk lists and the feed names. */
  images(discipline: string): PickImageRow[] {
    return prepared(
      this.db,
      'SELECT id, list, item, version FROM pick_images WHERE discipline = ? ORDER BY list, item',
    ).all(discipline) as PickImageRow[]
  }

  /** An image's bytes by its id, for the hub. */
  image(id: string): { type: string; bytes: Buffer } | undefined {
    const row = prepared(this.db, 'SELECT image_type, image FROM pick_images WHERE id = ?').get(id) as
      { image_type: string; image: Buffer } | undefined
    return row && { type: row.image_type, bytes: row.image }
  }

  /** Keeps an item's image (checked by the caller), or forgets it (`image` null). */
  setImage(
    discipline: string,
    list: PickListName,
    item: string,
    image: { type: string; bytes: Buffer; width: number; height: number } | null,
  ): void {
    const id = pickImageId(discipline, list, item)
    if (!image) return void prepared(this.db, 'DELETE FROM pick_images WHERE id = ?').run(id)
    const version = createHash('sha256').update(image.bytes).digest('hex').slice(0, 12)
    prepared(
      this.db,
      `INSERT OR REPLACE INTO pick_images (id, discipline, list, item, image_type, image, width, height, version)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, discipline, list, item, image.type, image.bytes, image.width, image.height, version)
  }
}
