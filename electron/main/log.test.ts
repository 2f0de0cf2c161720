// Main's log: lines a person can read back (time, level, module, message, the error), written to the data folder,
// below the level left out, and an old log kept as one generation once it has grown.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LOG_FILE, moduleLog, openLog } from './log'

const folders: string[] = []
let closeLog: () => void = () => undefined
afterEach(() => {
  closeLog()
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'matchdesk-log-'))
  folders.push(made)
  return made
}
const lines = (dir: string) =>
  readFileSync(join(dir, LOG_FILE), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('the main log', () => {
  it('writes each module’s warnings and errors, with the error, to the data folder; not what is below its level', async () => {
    const dir = folder()
    closeLog = openLog(dir)
    const log = moduleLog('tournament-look')
    log.debug('not kept at the default level')
    log.warn('the logo is too large', { bytes: 3_000_000 })
    log.failed('a background refresh')(new Error('the service did not answer'))
    closeLog()
    const written = lines(dir)
    expect(written).toHaveLength(2)
    expect(written[0]).toMatchObject({ level: 40, module: 'tournament-look', msg: 'the logo is too large', bytes: 3e6 })
    expect(written[1]).toMatchObject({ module: 'tournament-look', msg: 'a background refresh failed' })
    expect((written[1]!['err'] as { message: string }).message).toBe('the service did not answer')
    expect(statSync(join(dir, LOG_FILE)).mode & 0o777).toBe(0o600)
    // Closed, nothing more is written anywhere.
    log.error('after closing')
    expect(lines(dir)).toHaveLength(2)
  })

  it('closing the services that opened a log leaves a log opened since by other services writing', () => {
    const [first, second] = [folder(), folder()]
    const closeFirst = openLog(first)
    closeLog = openLog(second)
    closeFirst()
    moduleLog('hub').warn('still heard')
    closeLog()
    expect(lines(second)).toEqual([expect.objectContaining({ msg: 'still heard' })])
  })

  it('keeps a grown log as one older generation and starts a new one', () => {
    const dir = folder()
    writeFileSync(join(dir, LOG_FILE), 'x'.repeat(6 * 1024 * 1024))
    closeLog = openLog(dir)
    moduleLog('hub').error('a fresh start')
    closeLog()
    expect(existsSync(join(dir, `${LOG_FILE}.1`))).toBe(true)
    expect(lines(dir)).toEqual([expect.objectContaining({ msg: 'a fresh start', level: 50 })])
  })
})
