// What crosses between main and the page: the items of every list answer travel packed (packed-list.ts), the rest as
// it is. Main packs (electron/main/ipc/wire.ts) under Electron and in web mode alike; the page unpacks in lib/ipc.ts.
import type { Channel } from './channels'
import type { Output } from './contract'
import { isPackedList, unpackList, type PackedList } from './packed-list'
import type { Result } from './result'

/** The channels that answer a list a view keeps (`{ items, refreshedAt }`): thousands of items at a large event. */
export const PACKED_CHANNELS: ReadonlySet<string> = new Set<Channel>([
  'tournaments:list',
  'stages:list',
  'participants:list',
  'streams:list',
  'bracket:nodes',
])

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

/** The answer as the contract declares it, from what crossed. */
export function unpackAnswer<C extends Channel>(channel: C, result: Result<unknown>): Result<Output<C>> {
  if (result.ok && PACKED_CHANNELS.has(channel)) {
    const value = result.value as { items: unknown }
    if (isPackedList(value.items)) return { ok: true, value: { ...value, items: unpackList(value.items) } as Output<C> }
  }
  return result as Result<Output<C>>
}
