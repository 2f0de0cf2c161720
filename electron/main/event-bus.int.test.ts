// An event whose payload the contract refuses (a desk's name of 81 characters, read from another desk) is not sent and
// does not throw where it was published; the reason is in main's log, and the next good event goes out as before.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { EventBus } from './event-bus'
import { LOG_FILE, openLog } from './log'

let closeLog = () => undefined as void
let dataDir = ''
afterEach(() => {
  closeLog()
  rmSync(dataDir, { recursive: true, force: true })
})

it('refuses a payload outside the contract without throwing, logs it, and sends the next good one', () => {
  dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-event-bus-'))
  closeLog = openLog(dataDir)
  const bus = new EventBus()
  const sent: unknown[] = []
  bus.subscribe((event, payload) => sent.push([event, payload]))
  const roles = (name: string) => ({
    shared: true,
    host: null,
    desks: [{ deskId: 'd1', name, operator: '', role: 'head' as const, you: true, fingerprint: '7KQ2-M9XD' }],
  })
  expect(bus.publish('venue:roles', roles('x'.repeat(81)))).toBe(false)
  expect(sent).toEqual([])
  expect(bus.publish('venue:roles', roles('Ana’s desk'))).toBe(true)
  expect(sent).toHaveLength(1)
  const lines = readFileSync(join(dataDir, LOG_FILE), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { module: string; msg: string })
  expect(lines).toContainEqual(
    expect.objectContaining({ module: 'event-bus', msg: expect.stringContaining('venue:roles') }),
  )
})
