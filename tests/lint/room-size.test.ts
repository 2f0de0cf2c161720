// No room of main holds several ideas: a module of main past 500 lines is split along its seams (tests aside); and a
// service is handed the session it works on (`Connections.work`) rather than reaching through `connections.active`.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { PROJECT_ROOT } from '../support/paths'

const MOST_LINES = 500

function modules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return modules(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

it(`holds every module of main to ${MOST_LINES} lines`, () => {
  const over = modules(join(PROJECT_ROOT, 'electron', 'main'))
    .map((path) => ({ path: relative(PROJECT_ROOT, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MOST_LINES)
  expect(over).toEqual([])
})

it("hands each service its session: only the active connection's follower reaches through `connections.active.offline`", () => {
  const reaching = modules(join(PROJECT_ROOT, 'electron', 'main'))
    .filter((path) => /\bconnections\.active\.offline\b/.test(readFileSync(path, 'utf8')))
    .map((path) => relative(PROJECT_ROOT, path))
  expect(reaching).toEqual(['electron/main/services/session-follower.ts'])
})
