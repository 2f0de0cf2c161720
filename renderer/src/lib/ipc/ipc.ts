// The renderer's only door to main: window.api under Electron, otherwise web mode's HTTP bridge.
import type { BridgeApi } from '../../../../shared/ipc/api'
import type { Channel, EventName } from '../../../../shared/ipc/channels'
import type { Input, Output } from '../../../../shared/ipc/contract'
import type { EventPayload } from '../../../../shared/ipc/events'
import type { Result } from '../../../../shared/ipc/result'
import { unpackAnswer } from '../../../../shared/ipc/wire'

declare global {
  interface Window {
    api?: BridgeApi
  }
}

type Listener = (payload: unknown) => void
const RECONNECT_MS = 1000

function httpBridge(token: string): BridgeApi {
  const listeners = new Map<string, Set<Listener>>()
  const watchers = new Set<(live: boolean) => void>()
  let streaming = false
  let live = false
  const setLive = (next: boolean) => {
    if (next === live) return
    live = next
    for (const watcher of watchers) watcher(live)
  }

  function emit(block: string): void {
    let event = ''
    let data = ''
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7)
      else if (line.startsWith('data: ')) data += line.slice(6)
    }
    if (!event || !data) return
    const payload: unknown = JSON.parse(data)
    for (const listener of listeners.get(event) ?? []) listener(payload)
  }

  async function stream(): Promise<void> {
    for (;;) {
      try {
        const response = await fetch('/events', { headers: { authorization: `Bearer ${token}` } })
        const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
        setLive(response.ok && reader !== undefined)
        let buffer = ''
        while (reader) {
          const { value, done } = await reader.read()
          if (done) break
          buffer += value
          let end: number
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            emit(buffer.slice(0, end))
            buffer = buffer.slice(end + 2)
          }
        }
      } catch {
        // let go: the bridge went away (web mode restarting): the status bar says not live; it tries again shortly
      }
      setLive(false)
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS))
    }
  }

  return {
    async invoke(channel, input) {
      try {
        const response = await fetch(`/ipc/${channel}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(input ?? {}),
        })
        return (await response.json()) as never
      } catch {
        return { ok: false, error: { code: 'internal', message: 'The Matchdesk service is not answering.' } } as never
      }
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>()
      set.add(listener as Listener)
      listeners.set(event, set)
      if (!streaming) {
        streaming = true
        void stream()
      }
      return () => set.delete(listener as Listener)
    },
    watchEvents(watcher) {
      watchers.add(watcher)
      watcher(live)
      return () => watchers.delete(watcher)
    },
  }
}

function bridgeToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="matchdesk-bridge-token"]')?.content ?? ''
}

const api: BridgeApi = window.api ?? httpBridge(bridgeToken())

export async function invoke<C extends Channel>(channel: C, input: Input<C>): Promise<Result<Output<C>>> {
  return unpackAnswer(channel, await api.invoke(channel, input))
}

export function subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return api.subscribe(event, listener)
}

/** Told whether main's events are arriving: always under Electron; web mode's event stream may drop and return. */
export function watchEvents(listener: (live: boolean) => void): () => void {
  if (!api.watchEvents) {
    listener(true)
    return () => undefined
  }
  return api.watchEvents(listener)
}
