// The standalone sandbox through its command line, as a person runs it: offline stays up, refuses, and comes back.
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../tests/support/paths'

let child: ChildProcess | undefined
afterEach(() => void child?.kill('SIGKILL'))

async function start(...args: string[]): Promise<{ origin: string; participant: string; apiKey: string }> {
  child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--json', ...args], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const line = await new Promise<string>((resolve) => createInterface({ input: child!.stdout! }).once('line', resolve))
  return JSON.parse(line) as { origin: string; participant: string; apiKey: string }
}

/** 'up' when the service answers, 'refused' when the connection is refused. */
async function reach(ready: { participant: string; apiKey: string }): Promise<'up' | 'refused'> {
  try {
    await fetch(`${ready.participant}/disciplines`, {
      headers: { 'x-api-key': ready.apiKey, range: 'disciplines=0-0' },
    })
    return 'up'
  } catch {
    return 'refused'
  }
}

const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('sandbox command line, offline', () => {
  it('goes offline for a while on POST /_sandbox/faults, stays running, and comes back by itself', async () => {
    const ready = await start('--control')
    const answer = await fetch(`${ready.origin}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'x-api-key': ready.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ offlineForMs: 2500 }),
    })
    expect(answer.status).toBe(200)
    await pause(2000)
    expect(alive()).toBe(true)
    expect(await reach(ready)).toBe('refused')
    await expect.poll(() => reach(ready), { timeout: 5000, interval: 200 }).toBe('up')
  })

  // Windows has no SIGUSR2: there the control route switches it.
  it.skipIf(process.platform === 'win32')(
    'starts offline with --offline and stays so until SIGUSR2, which toggles it',
    async () => {
      const ready = await start('--offline')
      await pause(2000)
      expect(alive()).toBe(true)
      expect(await reach(ready)).toBe('refused')
      child!.kill('SIGUSR2')
      await expect.poll(() => reach(ready), { timeout: 5000, interval: 100 }).toBe('up')
      child!.kill('SIGUSR2')
      await expect.poll(() => reach(ready), { timeout: 5000, interval: 100 }).toBe('refused')
      const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve))
      child!.kill('SIGTERM')
      expect(await exited).toBe(0)
    },
  )

  it('starts offline for a given time with --offline MS', async () => {
    const ready = await start('--offline', '1500')
    expect(await reach(ready)).toBe('refused')
    await expect.poll(() => reach(ready), { timeout: 6000, interval: 200 }).toBe('up')
    expect(alive()).toBe(true)
  })
})
