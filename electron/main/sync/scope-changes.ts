// What a refresh changed in a cached scope, told as items rather than a copy of the list: the ids whose data differ
// and the ids that are gone, when the list otherwise kept its order (a view can patch itself with that).
/** A scope's rows as stored: id → JSON text, in list order. */
export type ScopeRows = Map<string, string>

export interface ScopeChanges {
  upserted: string[]
  removed: string[]
}

/** The changes from `before` to `after`; null when items were added or moved (the list is read again whole). */
export function changesBetween(before: ScopeRows, after: ScopeRows): ScopeChanges | null {
  const removed = [...before.keys()].filter((id) => !after.has(id))
  if (before.size - removed.length !== after.size) return null
  const gone = new Set(removed)
  const kept = [...before.keys()].filter((id) => !gone.has(id))
  const upserted: string[] = []
  let index = 0
  for (const [id, data] of after) {
    if (kept[index++] !== id) return null
    if (before.get(id) !== data) upserted.push(id)
  }
  return { upserted, removed }
}
