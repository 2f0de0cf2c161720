// What a refresh changed in a cached scope, told as items rather than a copy of the list: the ids whose data differ.
/** A scope's rows as stored: id → JSON text, in list order. */
export type ScopeRows = Map<string, string>

/** The items that changed, when the list kept its ids and their order; null when it did not (read it whole). */
export interface ScopeChanges {
  upserted: string[]
  removed: string[]
}

export function changesBetween(before: ScopeRows, after: ScopeRows): ScopeChanges | null {
  if (before.size !== after.size) return null
  const upserted: string[] = []
  const beforeIds = before.keys()
  for (const [id, data] of after) {
    if (beforeIds.next().value !== id) return null
    if (before.get(id) !== data) upserted.push(id)
  }
  return { upserted, removed: [] }
}
