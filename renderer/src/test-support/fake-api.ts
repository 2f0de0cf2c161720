// Stands in for window.api, the Electron boundary: answers channels from handlers a test sets, records every call;
// list answers cross packed, as main sends them.
import type { BridgeApi } from '../../../shared/ipc/api'
import { packList } from '../../../shared/ipc/packed-list'
import { packAnswer } from '../../../shared/ipc/pack-answer'

type Handler = (input: never) => unknown

export const calls: { channel: string; input: unknown }[] = []
const handlers = new Map<string, Handler>()
const listeners = new Map<string, Set<(payload: unknown) => void>>()

export function answer(channel: string, handler: Handler): void {
  handlers.set(channel, handler)
}

export function emit(event: string, payload: unknown): void {
  for (const listener of listeners.get(event) ?? []) listener(payload)
}

/** Main's sync status with these entities' writes waiting (offline while any wait, as a desk at a dead venue). */
export function syncStatusWith(unsent: string[]) {
  return {
    connection: unsent.length ? 'offline' : 'online',
    syncing: false,
    pending: unsent.length,
    waiting: [],
    attention: [],
    unsent,
    refreshed: [],
  }
}

export function reset(): void {
  calls.length = 0
  handlers.clear()
  answer('sync:status', () => ({
    connection: 'online',
    syncing: false,
    pending: 0,
    waiting: [],
    attention: [],
    unsent: [],
    refreshed: [],
  }))
}

export const fakeApi: BridgeApi = {
  invoke: (async (channel: string, input: unknown) => {
    calls.push({ channel, input })
    const handler = handlers.get(channel)
    if (!handler) return { ok: false, error: { code: 'not_found', message: `no fake for ${channel}` } }
    try {
      return packAnswer(channel, { ok: true, value: await handler(input as never) }, packList)
    } catch (error) {
      const { code, message, fields } = error as { code: string; message: string; fields?: Record<string, string> }
      return { ok: false, error: { code, message, ...(fields && { fields }) } }
    }
  }) as BridgeApi['invoke'],
  subscribe: ((event: string, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set()
    set.add(listener)
    listeners.set(event, set)
    return () => set.delete(listener)
  }) as BridgeApi['subscribe'],
}
