// Electron IPC registration: every contract channel is handled, and calls from untrusted frames are refused.
import { describe, expect, it, vi } from 'vitest'
import type { IpcMainInvokeEvent } from 'electron'
import { CHANNELS } from '../../../shared/ipc/contract'
import { registerIpc } from './register'

type Listener = (event: IpcMainInvokeEvent, input: unknown) => unknown

function fakeIpcMain() {
  const handlers = new Map<string, Listener>()
  return { handlers, handle: (channel: string, listener: Listener) => void handlers.set(channel, listener) }
}

const eventFrom = (url: string) => ({ senderFrame: { url } }) as unknown as IpcMainInvokeEvent

describe('registerIpc', () => {
  it('registers exactly the contract channels', () => {
    const ipc = fakeIpcMain()
    registerIpc(ipc, vi.fn(), () => true)
    expect([...ipc.handlers.keys()].sort()).toEqual([...CHANNELS].sort())
  })

  it('dispatches calls from the app page and refuses others', async () => {
    const ipc = fakeIpcMain()
    const dispatch = vi.fn().mockResolvedValue({ ok: true, value: 1 })
    registerIpc(ipc, dispatch, (url) => url === 'file:///app/index.html')
    const listener = ipc.handlers.get('app:info')!

    expect(await listener(eventFrom('file:///app/index.html'), {})).toEqual({ ok: true, value: 1 })
    expect(await listener(eventFrom('https://evil.example/'), {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    })
    expect(dispatch).toHaveBeenCalledTimes(1)
  })
})
