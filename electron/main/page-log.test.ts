// The pages' lines in main's log: written under the page's module with their source, and a page failing in a loop
// writes its minute's budget and a count, not a flood.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { pageLineOf } from '../../shared/log/page-lines'
import { LOG_FILE, openLog } from './log'
import { PAGE_LINES_PER_MINUTE, PageLog } from './page-log'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const linesIn = (dir: string) =>
  readFileSync(join(dir, LOG_FILE), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

it('writes a page’s failure with its module, source and stack', () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchdesk-page-log-'))
  dirs.push(dir)
  const close = openLog(dir)
  new PageLog().write('door 4f2a', [pageLineOf('door', new TypeError('scan is undefined'))])
  close()
  const [line] = linesIn(dir)
  expect(line).toMatchObject({ level: 50, module: 'page:door', source: 'door 4f2a', msg: 'scan is undefined' })
  expect(String(line!['stack'])).toContain('TypeError: scan is undefined')
})

it('writes a minute’s budget from one source, counts the rest, and says the count when the next minute begins', () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchdesk-page-log-'))
  dirs.push(dir)
  const close = openLog(dir)
  let now = 1_000_000
  const pages = new PageLog(() => now)
  const line = pageLineOf('overlay-scoreboard', new Error('no feed'), 'warn')
  let written = 0
  for (let call = 0; call < 10; call++) written += pages.write('overlay 127.0.0.1', Array(5).fill(line))
  expect(written).toBe(PAGE_LINES_PER_MINUTE)
  // Another source has its own budget.
  expect(pages.write('desk', [line])).toBe(1)
  now += 60_000
  expect(pages.write('overlay 127.0.0.1', [line])).toBe(1)
  close()
  const lines = linesIn(dir)
  expect(lines).toHaveLength(PAGE_LINES_PER_MINUTE + 3)
  expect(lines.at(-2)).toMatchObject({
    module: 'page-log',
    source: 'overlay 127.0.0.1',
    msg: `${50 - PAGE_LINES_PER_MINUTE} lines from this page passed its budget and were not written`,
  })
})
