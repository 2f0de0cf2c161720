// The preload: exposes invoke and subscribe for the contract's channels and events, and nothing else.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { isChannel, isEventName } from '../../shared/ipc/channels'

const api = {
  invoke(channel: unknown, input: unknown): Promise<unknown> {
    if (!isChannel(channel)) return Promise.reject(new Error(`unknown channel ${String(channel)}`))
    return ipcRenderer.invoke(channel, input)
  },
  subscribe(event: unknown, listener: (payload: unknown) => void): () => void {
    if (!isEventName(event)) throw new Error(`unknown event ${String(event)}`)
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(event, wrapped)
    return () => {
      ipcRenderer.removeListener(event, wrapped)
    }
  },
}

contextBridge.exposeInMainWorld('api', api)
