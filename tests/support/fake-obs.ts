// A stand-in obs-websocket 5 server for what a real OBS cannot be made to do: record the authentication string each
// client sends (a server that chose the salt can crack it offline), and answer hostile sizes (a huge version string,
// thousands of scenes, a huge screenshot). It speaks the subprotocol the client offers: MessagePack (obs-websocket-js
// in Node) or JSON. Its scenes can hold sources (browser sources with their page), shown or hidden as OBS's eye does.
import { decode, encode } from '@msgpack/msgpack'
import { createHash, randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'

export interface FakeObsOptions {
  /** OBS asks for a password (its challenge goes out; a wrong answer closes with 4009). */
  password?: string
  version?: string
  scenes?: string[]
  textInputs?: string[]
  screenshot?: string
  /**
   * Studio Mode on, as OBS 29–31 runs it: SetCurrentPreviewScene is queued to OBS's UI thread and takes effect this
   * many ms later, while TriggerStudioModeTransition reads the preview at once and makes it the program.
   */
  studioModePreviewLagMs?: number
}

/** A source in a scene: a browser source's page, or a scene nested in it. */
export interface FakeSceneItem {
  sourceName: string
  inputKind?: string
  /** True for a scene nested in the scene. */
  nested?: boolean
  enabled: boolean
  url?: string
}

export interface FakeObs {
  /** A scene's sources now (OBS says a source was created, as when one is added). */
  setItems(scene: string, items: FakeSceneItem[]): void
  /** A source shown or hidden by its eye in OBS (OBS says so to every client). */
  setEnabled(scene: string, sourceName: string, enabled: boolean): void
  port: number
  /** The authentication strings clients sent in Identify (undefined: one identified without). */
  identifies: (string | undefined)[]
  /** The scene OBS's program shows now. */
  program(): string
  close(): Promise<void>
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64')

export async function startFakeObs(options: FakeObsOptions = {}): Promise<FakeObs> {
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (offered) => [...offered][0] ?? false,
  })
  await new Promise<void>((resolve) => server.once('listening', resolve))
  const identifies: (string | undefined)[] = []
  const scenes = options.scenes ?? ['Match', 'Break']
  let program = scenes[0] ?? ''
  let preview = program
  const studioMode = options.studioModePreviewLagMs !== undefined
  /** How to tell each connected client an event. */
  const clients = new Set<(op: number, d: unknown) => void>()
  const items = new Map<string, FakeSceneItem[]>()
  const tell = (eventType: string, eventData: unknown) =>
    setImmediate(() => clients.forEach((client) => client(5, { eventType, eventIntent: 1 << 7, eventData })))
  server.on('connection', (socket) => {
    const salt = randomBytes(16).toString('base64')
    const challenge = randomBytes(16).toString('base64')
    const packed = socket.protocol === 'obswebsocket.msgpack'
    const send = (op: number, d: unknown) => socket.send(packed ? encode({ op, d }) : JSON.stringify({ op, d }))
    clients.add(send)
    socket.on('close', () => clients.delete(send))
    send(0, {
      obsWebSocketVersion: '5.5.0',
      rpcVersion: 1,
      ...(options.password !== undefined && { authentication: { challenge, salt } }),
    })
    socket.on('message', (data: Buffer) => {
      const message: unknown = packed ? decode(data) : JSON.parse(data.toString('utf8'))
      const { op, d } = message as { op: number; d: Record<string, unknown> }
      if (op === 1) {
        const given = d['authentication'] as string | undefined
        identifies.push(given)
        if (options.password !== undefined && given !== sha(sha(options.password + salt) + challenge))
          return socket.close(4009, 'Authentication failed.')
        return send(2, { negotiatedRpcVersion: 1 })
      }
      if (op !== 6) return
      const requestType = d['requestType'] as string
      const sceneName = (d['requestData'] as { sceneName?: string } | undefined)?.sceneName ?? ''
      const programBefore = program
      if (requestType === 'SetCurrentProgramScene') program = sceneName
      if (requestType === 'SetCurrentPreviewScene')
        setTimeout(() => (preview = sceneName), options.studioModePreviewLagMs ?? 0)
      if (requestType === 'TriggerStudioModeTransition') program = preview
      // As OBS does, every client subscribed to scene events hears the program's new scene (after the answer).
      if (program !== programBefore) {
        const sceneChanged = {
          eventType: 'CurrentProgramSceneChanged',
          eventIntent: 4,
          eventData: { sceneName: program },
        }
        setImmediate(() => clients.forEach((client) => client(5, sceneChanged)))
      }
      const answers: Record<string, unknown> = {
        GetVersion: { obsVersion: options.version ?? '30.0.0', obsWebSocketVersion: '5.5.0', rpcVersion: 1 },
        GetCurrentProgramScene: { currentProgramSceneName: program, sceneName: program },
        GetCurrentPreviewScene: { currentPreviewSceneName: preview, sceneName: preview },
        GetSceneList: {
          currentProgramSceneName: program,
          scenes: scenes.map((sceneName, sceneIndex) => ({ sceneName, sceneIndex })),
        },
        GetInputList: {
          inputs: (options.textInputs ?? []).map((inputName) => ({ inputName, inputKind: 'text_ft2_source_v2' })),
        },
        GetSourceScreenshot: { imageData: options.screenshot ?? 'data:image/jpg;base64,AAAA' },
        GetStudioModeEnabled: { studioModeEnabled: studioMode },
        GetSceneItemList: {
          sceneItems: (items.get(sceneName) ?? []).map((item, i) => ({
            sceneItemId: i + 1,
            sourceName: item.sourceName,
            sourceType: item.nested ? 'OBS_SOURCE_TYPE_SCENE' : 'OBS_SOURCE_TYPE_INPUT',
            inputKind: item.nested ? null : (item.inputKind ?? 'browser_source'),
            sceneItemEnabled: item.enabled,
          })),
        },
        GetInputSettings: {
          inputKind: 'browser_source',
          inputSettings: {
            url: [...items.values()]
              .flat()
              .find((item) => item.sourceName === (d['requestData'] as { inputName?: string } | undefined)?.inputName)
              ?.url,
          },
        },
      }
      send(7, {
        requestType,
        requestId: d['requestId'],
        requestStatus: { result: true, code: 100 },
        responseData: answers[requestType] ?? {},
      })
    })
  })
  return {
    port: (server.address() as AddressInfo).port,
    identifies,
    program: () => program,
    setItems: (scene, sceneItems) => {
      items.set(scene, sceneItems)
      tell('SceneItemCreated', { sceneName: scene })
    },
    setEnabled: (scene, sourceName, enabled) => {
      const item = items.get(scene)?.find((i) => i.sourceName === sourceName)
      if (item) item.enabled = enabled
      tell('SceneItemEnableStateChanged', { sceneName: scene, sceneItemEnabled: enabled })
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      }),
  }
}
