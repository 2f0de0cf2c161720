// Starts `npm run web`'s server (renderer already built) in a child process on a free port with a fresh data folder.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { PROJECT_ROOT } from '../../support/paths'
import type { Channel } from '../../../shared/ipc/channels'
import type { Result } from '../../../shared/ipc/result'
import { unpackAnswer } from '../../../shared/ipc/wire'

export interface DemoSandbox {
  origin: string
  apiKey: string
  clientId: string
  clientSecret: string
}

export interface WebMode {
  url: string
  token: string
  /** The broadcast hub's address (a free port in tests). */
  hub: string
  /** The players' own origin (their Wi-Fi's address). */
  players: string
  /** The producers' layouts' own origin. */
  layouts: string
  demo?: DemoSandbox
  /** Calls a channel through the bridge, as the page does. */
  ipc: <T>(channel: string, input: unknown) => Promise<T>
  dataDir: string
  /** Stops it as Ctrl+C does; the data folder goes too unless it was given. */
  stop(): Promise<void>
  /** Ends it as a crash or kill -9 would: nothing is closed, the data folder stays. */
  kill(): Promise<void>
}

export interface WebModeOptions {
  /** A data folder to use (and keep): another run's, to start again where it ended. */
  dataDir?: string
  /** Node's own flags for the web mode process (a benchmark's --cpu-prof). */
  nodeArgs?: string[]
}

export async function startWebMode(extra: string[] = [], options: WebModeOptions = {}): Promise<WebMode> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'matchdesk-e2e-'))
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      '--import',
      'tsx',
      'electron/web/cli.ts',
      '--port',
      '0',
      '--hub-port',
      '0',
      '--json',
      '--data-dir',
      dataDir,
      ...extra,
    ],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  type Ready = { url: string; token: string; hub: string; layouts: string; players: string; demo?: DemoSandbox }
  const ready = await new Promise<Ready>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.once('line', (line) => resolve(JSON.parse(line) as Ready))
    child.once('exit', (code) => reject(new Error(`web mode exited with ${code} before it was ready`)))
  })
  return {
    ...ready,
    dataDir,
    ipc: async <T>(channel: string, input: unknown) => {
      const response = await fetch(new URL(`ipc/${channel}`, ready.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      })
      // As the page does: list answers arrive packed.
      const result = unpackAnswer(channel as Channel, (await response.json()) as Result<unknown>)
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
      return result.value as T
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
    kill: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    },
  }
}

/** A Demo venue tournament's id, by its name (the desk's own list, read through the bridge). */
export async function tournamentNamed(web: WebMode, name: string): Promise<string> {
  const list = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
  const found = list.items.find((t) => t.name === name)
  if (!found) throw new Error(`the Demo venue has no tournament named ${name}`)
  return found.id
}
