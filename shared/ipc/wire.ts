// What crosses between main and the page, unpacked: the items of every list answer travel packed (packed-list.ts, packed
// by pack-answer.ts in main, under Electron and in web mode alike), the rest as it is. The page unpacks in lib/ipc.ts
// whatever arrives packed, knowing no list of channels (so it bundles no schema).
import type { Channel } from './channels'
import type { Output } from './contract'
import { isPackedList, unpackList } from './packed-list'
import type { Result } from './result'

/** The answer as the contract declares it, from what crossed. */
export function unpackAnswer<C extends Channel>(_channel: C, result: Result<unknown>): Result<Output<C>> {
  const value = result.ok ? (result.value as { items?: unknown } | null) : null
  if (value && isPackedList(value.items))
    return { ok: true, value: { ...value, items: unpackList(value.items) } as Output<C> }
  return result as Result<Output<C>>
}
