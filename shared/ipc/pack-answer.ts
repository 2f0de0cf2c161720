// The answer as it crosses from main to the page: the items of a list a view keeps (the contract's `cached(…)`
// answers) packed, anything else as it is. wire.ts unpacks it.
import { PACKED_CHANNELS } from './contract'
import type { PackedList } from './packed-list'
import type { Result } from './result'

/** The answer as it crosses: a list answer's items packed by `pack`, anything else as it is. */
export function packAnswer(
  channel: string,
  result: Result<unknown>,
  pack: (items: readonly unknown[]) => PackedList,
): Result<unknown> {
  if (!result.ok || !PACKED_CHANNELS.has(channel)) return result
  const value = result.value as { items: readonly unknown[] }
  return { ok: true, value: { ...value, items: pack(value.items) } }
}
