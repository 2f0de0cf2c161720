// Real OBS Studio for tests and benchmarks: Debian's obs-studio under Xvfb with software GL, its WebSocket server set
// in a temporary HOME's global.ini (this version reads it there), on a free port with its own password. It can be
// killed (kill -9) and started again on the same port, as a stream PC's OBS crashes and comes back.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OBSWebSocket } from 'obs-websocket-js'
import { freePort } from './free-port'

export interface ObsStudio {
  host: string
  port: number
  password: string
  /** Ends OBS as a crash would. */
  kill(): Promise<void>
  /** Starts it again on the same port and settings; resolves once it answers. */
  start(): Promise<void>
  stop(): Promise<void>
}

/** Why OBS cannot run here, or undefined when it can. */
export function obsMissing(): string | undefined {
  for (const tool of ['obs', 'xvfb-run']) {
    try {
      execFileSync('which', [tool], { stdio: 'ignore' })
    } catch {
      return `${tool} is not installed (apt-get install obs-studio xvfb xauth): the OBS tests need a real OBS Studio`
    }
  }
  return undefined
}

async function answers(port: number, password: string): Promise<boolean> {
  const socket = new OBSWebSocket()
  try {
    await socket.connect(`ws://127.0.0.1:${port}`, password)
    await socket.disconnect()
    return true
  } catch {
    return false
  }
}

/** What OBS's profile says at its start, by section (e.g. the replay buffer on in the simple output mode). */
export type ObsProfileSettings = Record<string, Record<string, string>>

/** Writes the profile OBS opens ("Untitled", as a first start makes it) with these settings. */
function writeProfile(home: string, settings: ObsProfileSettings): void {
  const dir = join(home, '.config', 'obs-studio', 'basic', 'profiles', 'Untitled')
  mkdirSync(dir, { recursive: true })
  const sections = { General: { Name: 'Untitled' }, ...settings }
  const ini = Object.entries(sections).flatMap(([section, values]) => [
    `[${section}]`,
    ...Object.entries(values).map(([key, value]) => `${key}=${value}`),
    '',
  ])
  writeFileSync(join(dir, 'basic.ini'), ini.join('\n'))
}

export async function startObsStudio(profile?: ObsProfileSettings): Promise<ObsStudio> {
  const home = mkdtempSync(join(tmpdir(), 'matchdesk-obs-'))
  const port = await freePort()
  const password = `md-${Math.random().toString(36).slice(2, 12)}`
  mkdirSync(join(home, '.config', 'obs-studio'), { recursive: true })
  writeFileSync(
    join(home, '.config', 'obs-studio', 'global.ini'),
    [
      '[General]',
      'FirstRun=true',
      'LastVersion=486539266',
      '',
      '[Basic]',
      'Profile=Untitled',
      'ProfileDir=Untitled',
      'SceneCollection=Untitled',
      'SceneCollectionFile=Untitled',
      '',
      '[OBSWebSocket]',
      'FirstLoad=false',
      'ServerEnabled=true',
      `ServerPort=${port}`,
      'AuthRequired=true',
      `ServerPassword=${password}`,
      'AlertsEnabled=false',
      '',
    ].join('\n'),
  )
  if (profile) writeProfile(home, profile)
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn(
      'xvfb-run',
      ['-a', '-s', '-screen 0 1280x800x24', 'obs', '--minimize-to-tray', '--disable-shutdown-check', '--multi'],
      { env: { ...process.env, HOME: home, LIBGL_ALWAYS_SOFTWARE: '1' }, stdio: 'ignore', detached: true },
    )
    const deadline = Date.now() + 45_000
    while (Date.now() < deadline) {
      if (await answers(port, password)) return
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
    throw new Error(`OBS Studio did not answer on port ${port} within 45 s`)
  }
  /** The whole process group (xvfb-run, Xvfb, obs) ends at once. */
  const kill = async () => {
    const running = child
    if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    try {
      process.kill(-running.pid, 'SIGKILL')
    } catch {
      /* already gone */
    }
    await exited
    // The port is free again once OBS's socket is gone.
    for (let i = 0; i < 50 && (await answers(port, password)); i++) await new Promise((r) => setTimeout(r, 100))
  }
  await start()
  return {
    host: '127.0.0.1',
    port,
    password,
    kill,
    start,
    stop: async () => {
      await kill()
      rmSync(home, { recursive: true, force: true })
    },
  }
}

/** Makes sure OBS has these scenes and, in the first, these text sources (as a producer sets up a show). */
export async function prepareShow(obs: ObsStudio, scenes: string[], texts: string[]): Promise<void> {
  const socket = new OBSWebSocket()
  await socket.connect(`ws://${obs.host}:${obs.port}`, obs.password)
  try {
    const { scenes: existing } = await socket.call('GetSceneList')
    const names = new Set(existing.map((scene) => scene['sceneName']))
    for (const scene of scenes) if (!names.has(scene)) await socket.call('CreateScene', { sceneName: scene })
    const { inputs } = await socket.call('GetInputList')
    const inputNames = new Set(inputs.map((input) => input['inputName']))
    for (const text of texts) {
      if (inputNames.has(text)) continue
      await socket.call('CreateInput', {
        sceneName: scenes[0]!,
        inputName: text,
        inputKind: 'text_ft2_source_v2',
        inputSettings: { text: '' },
      })
    }
  } finally {
    await socket.disconnect()
  }
}

/** A second client, to read back what OBS shows (as a test's eyes). */
export async function obsEyes(obs: ObsStudio): Promise<OBSWebSocket> {
  const socket = new OBSWebSocket()
  await socket.connect(`ws://${obs.host}:${obs.port}`, obs.password)
  return socket
}
