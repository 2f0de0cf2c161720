// The preload exposes only invoke and subscribe, and only for names shaped as the contract's channels and events; main
// registers a handler for the contract's channels alone (register.test.ts), so no other name is answered.
import { describe, expect, it, vi } from 'vitest'

const bridge = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn().mockResolvedValue({ ok: true, value: 'x' }),
  on: vi.fn(),
  removeListener: vi.fn(),
}))

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => bridge.exposed.set(key, value) },
  ipcRenderer: { invoke: bridge.invoke, on: bridge.on, removeListener: bridge.removeListener },
}))

await import('./index')
const api = bridge.exposed.get('api') as {
  invoke(channel: string, input: unknown): Promise<unknown>
  subscribe(event: string, listener: (payload: unknown) => void): () => void
}

describe('preload', () => {
  it('exposes one object with invoke and subscribe only', () => {
    expect([...bridge.exposed.keys()]).toEqual(['api'])
    expect(Object.keys(api).sort()).toEqual(['invoke', 'subscribe'])
  })

  it('forwards contract channels to ipcRenderer.invoke', async () => {
    await expect(api.invoke('app:info', {})).resolves.toEqual({ ok: true, value: 'x' })
    expect(bridge.invoke).toHaveBeenCalledWith('app:info', {})
  })

  it('refuses names not shaped as channels without touching IPC', async () => {
    bridge.invoke.mockClear()
    for (const name of ['ELECTRON_BROWSER_REQUIRE', 'shell', 'shell:exec/../x', 'Shell:Exec', 42])
      await expect(api.invoke(name as string, { cmd: 'rm -rf /' })).rejects.toThrow(/unknown channel/)
    expect(bridge.invoke).not.toHaveBeenCalled()
  })

  it('subscribes to contract events, hands over only the payload, and unsubscribes', () => {
    const listener = vi.fn()
    const unsubscribe = api.subscribe('app:notice', listener)
    const [event, wrapped] = bridge.on.mock.calls[0] as [string, (e: unknown, p: unknown) => void]
    expect(event).toBe('app:notice')
    wrapped({ sender: 'secret internals' }, { level: 'info', message: 'hi' })
    expect(listener).toHaveBeenCalledWith({ level: 'info', message: 'hi' })
    unsubscribe()
    expect(bridge.removeListener).toHaveBeenCalledWith('app:notice', wrapped)
    expect(() => api.subscribe('ELECTRON_RENDERER_CONTEXT', listener)).toThrow(/unknown event/)
  })
})
