// The lists of picks and maps the producer keeps per discipline (the live layer offers them as they type): in the
// profile's database, so they survive restarts and work offline.
import type { TableRecovery } from '../db/table-recovery'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import { PickLists } from '../../../shared/broadcast/live-layer'

/** The producer's lists: kept through a recovery. */
export const PICK_LIST_TABLES = { pick_lists: 'kept' } as const satisfies TableRecovery

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
}
