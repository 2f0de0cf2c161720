// The preload: exposes invoke and subscribe for names shaped as the contract's channels and events ("streams:list"),
// and nothing else; main handles only the contract's channels and sends only its events.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { isChannelName } from '../../shared/ipc/channels'

const api = {
  invoke(channel: unknown, input: unknown): Promise<unknown> {
    if (!isChannelName(channel)) return Promise.reject(new Error(`unknown channel ${String(channel)}`))
    return ipcRenderer.invoke(channel, input)
  },
  subscribe(event: unknown, listener: (payload: unknown) => void): () => void {
    if (!isChannelName(event)) throw new Error(`unknown event ${String(event)}`)
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(event, wrapped)
    return () => {
      ipcRenderer.removeListener(event, wrapped)
    }
  },
}

contextBridge.exposeInMainWorld('api', api)
