// What is logged while Matchdesk starts, before its data folder's log is open, is in the log once it opens.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { LOG_FILE, moduleLog, openLog } from './log'

const dir = mkdtempSync(join(tmpdir(), 'matchdesk-log-early-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('keeps the lines logged before the log opened and writes them first, with when they were logged', () => {
  const log = moduleLog('data-folder')
  log.warn('the data folder was held by another process')
  log.debug('below the level: not kept')
  log.failed('reading the keychain')(new Error('no keyring'))
  const close = openLog(dir)
  moduleLog('hub').info('after the start')
  close()
  const lines = readFileSync(join(dir, LOG_FILE), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  expect(lines.map((line) => [line['module'], line['msg']])).toEqual([
    ['data-folder', 'the data folder was held by another process'],
    ['data-folder', 'reading the keychain failed'],
    ['hub', 'after the start'],
  ])
  expect(lines[0]!['loggedAt']).toMatch(/^\d{4}-\d\d-\d\dT/)
  expect((lines[1]!['err'] as { message: string }).message).toBe('no keyring')
})
