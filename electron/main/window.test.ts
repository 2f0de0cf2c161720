// The main window's locks, checked against a mocked Electron (the binary cannot run here).
import { beforeEach, describe, expect, it, vi } from 'vitest'

type Handler = (...args: unknown[]) => unknown

const created = vi.hoisted(() => ({ windows: [] as FakeWindow[], session: undefined as unknown as FakeSession }))

class FakeContents {
  handlers = new Map<string, Handler>()
  windowOpenHandler?: Handler
  on(event: string, handler: Handler) {
    this.handlers.set(event, handler)
    return this
  }
  setWindowOpenHandler(handler: Handler) {
    this.windowOpenHandler = handler
  }
}
class FakeWindow {
  webContents = new FakeContents()
  loaded?: string
  constructor(public options: { webPreferences: Record<string, unknown> }) {
    created.windows.push(this)
  }
  once() {}
  loadFile(file: string) {
    this.loaded = file
    return Promise.resolve()
  }
  loadURL(url: string) {
    this.loaded = url
    return Promise.resolve()
  }
}
class FakeSession {
  headersHook?: Handler
  permissionRequest?: Handler
  permissionCheck?: Handler
  webRequest = { onHeadersReceived: (hook: Handler) => (this.headersHook = hook) }
  setPermissionRequestHandler(handler: Handler) {
    this.permissionRequest = handler
  }
  setPermissionCheckHandler(handler: Handler) {
    this.permissionCheck = handler
  }
}

vi.mock('electron', () => {
  created.session = new FakeSession()
  return { BrowserWindow: FakeWindow, session: { defaultSession: created.session } }
})

const { createMainWindow, lockDownSession } = await import('./window')
const { CONTENT_SECURITY_POLICY } = await import('./csp')
const location = { rendererFile: '/app/out/renderer/index.html' }

function newWindow() {
  createMainWindow(location, '/app/out/preload/index.cjs')
  return created.windows.at(-1)!
}

describe('main window', () => {
  beforeEach(() => {
    created.windows.length = 0
  })

  it('runs the renderer sandboxed and isolated, without Node', () => {
    const prefs = newWindow().options.webPreferences
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      disableBlinkFeatures: 'Auxclick',
      preload: '/app/out/preload/index.cjs',
    })
  })

  it('loads the packaged renderer file', () => {
    expect(newWindow().loaded).toBe('/app/out/renderer/index.html')
  })

  it('blocks navigation away from the app and allows it within', () => {
    const contents = newWindow().webContents
    const navigate = contents.handlers.get('will-navigate')!
    const away = { preventDefault: vi.fn() }
    navigate(away, 'https://evil.example/')
    expect(away.preventDefault).toHaveBeenCalled()
    const within = { preventDefault: vi.fn() }
    navigate(within, 'file:///app/out/renderer/index.html#sync')
    expect(within.preventDefault).not.toHaveBeenCalled()
  })

  it('denies every new window and webview', () => {
    const contents = newWindow().webContents
    expect(contents.windowOpenHandler!({ url: 'https://twitch.tv/x' })).toEqual({ action: 'deny' })
    const attach = { preventDefault: vi.fn() }
    contents.handlers.get('will-attach-webview')!(attach)
    expect(attach.preventDefault).toHaveBeenCalled()
  })
})

describe('session lock-down', () => {
  it('adds the CSP to every response and denies every permission', () => {
    lockDownSession()
    const session = created.session
    const callback = vi.fn()
    session.headersHook!({ responseHeaders: { 'X-Test': ['1'] } }, callback)
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'X-Test': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
    const decide = vi.fn()
    session.permissionRequest!({}, 'media', decide)
    expect(decide).toHaveBeenCalledWith(false)
    expect(session.permissionCheck!()).toBe(false)
  })

  it('the CSP allows only the app own scripts: no eval, no inline scripts', () => {
    const scriptSrc = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('script-src'))
    expect(scriptSrc).toBe("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval')
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'")
  })
})
