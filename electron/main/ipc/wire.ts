// IPC answers on their way to the page (Electron's ipcMain and web mode's bridge alike): list answers packed, a kept
// list packed once. The cache hands out each list frozen until its resource is written, so its packing stays true.
import { packList, type PackedList } from '../../../shared/ipc/packed-list'
import type { Result } from '../../../shared/ipc/result'
import { packAnswer } from '../../../shared/ipc/pack-answer'

const packedOf = new WeakMap<readonly unknown[], PackedList>()

function packed(items: readonly unknown[]): PackedList {
  if (!Object.isFrozen(items)) return packList(items)
  let known = packedOf.get(items)
  if (!known) {
    known = packList(items)
    packedOf.set(items, known)
  }
  return known
}

export function answerForWire(channel: string, result: Result<unknown>): Result<unknown> {
  return packAnswer(channel, result, packed)
}
