// `npm run sandbox -- --json`: one JSON line with the URLs and demo credentials, and a server that answers.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../tests/support/paths'

describe('sandbox command line', () => {
  it('prints the URLs and credentials once ready, serves them, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'sandbox/cli.ts',
        '--port',
        '0',
        '--seed',
        '1',
        '--size',
        'small',
        '--simulate',
        '50',
        '--control',
        '--json',
      ],
      {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve))
    const ready = JSON.parse(line) as Record<string, string>
    expect(Object.keys(ready).sort()).toEqual(
      ['account', 'apiKey', 'auth', 'clientId', 'clientSecret', 'organizer', 'origin', 'participant', 'v1'].sort(),
    )
    expect(ready['organizer']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/organizer\/v2$/)
    const answer = await fetch(`${ready['participant']}/disciplines`, {
      headers: { 'x-api-key': ready['apiKey']!, range: 'disciplines=0-9' },
    })
    expect(answer.status).toBe(206)
    const stats = await fetch(`${ready['origin']}/_sandbox/stats`, { headers: { 'x-api-key': ready['apiKey']! } })
    expect(await stats.json()).toMatchObject({ routes: { 'GET /participant/v2/disciplines': 1 } })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
