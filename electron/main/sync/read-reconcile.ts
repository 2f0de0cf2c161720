// Where a read from the service meets the local copy: rows with a write still waiting, or written while the read
// travelled, keep the local value (the service may have answered before it saw them).
import type { Cache, CachedResource } from './cache'
import type { Outbox } from './outbox'
import { entityOfRow } from './writes'

/**
 * Which rows of a list read from `mark` on are newer in the local copy than in the answer: a write for them still
 * waits, or was made or acknowledged after the read was sent (the service may have answered before it saw it).
 */
export function newerHere(outbox: Outbox, resource: CachedResource, mark: number): (id: string) => boolean {
  const moved = outbox.changeMark() !== mark
  // Read from the outbox at the first question only: a links read with every stream known asks none.
  let waiting: Set<string> | undefined
  return (id) => {
    const entity = entityOfRow(resource, id)
    if (entity === undefined) return false
    waiting ??= outbox.unsentEntities()
    return waiting.has(entity) || (moved && outbox.touchedSince(entity, mark))
  }
}

/** After a whole list replaced a scope: rows written here while it was read keep the local copy's value. */
export function keepNewer(
  cache: Cache,
  outbox: Outbox,
  resource: CachedResource,
  scope: string,
  before: ReadonlyMap<string, string>,
  items: readonly { id: string }[],
  mark: number,
): void {
  if (outbox.changeMark() === mark) return
  const newer = newerHere(outbox, resource, mark)
  for (const id of new Set([...before.keys(), ...items.map((item) => item.id)])) {
    if (!newer(id)) continue
    const kept = before.get(id)
    if (kept === undefined) cache.remove(resource, id)
    else cache.put(resource, scope, id, JSON.parse(kept) as unknown)
  }
}
