// docs/ARCHITECTURE.md stays the map of the tree: every top-level folder, and every folder it names, exists in both.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../support/paths'

const doc = readFileSync(join(PROJECT_ROOT, 'docs/ARCHITECTURE.md'), 'utf8')
/** The folders of the folder map's table: its first column, `name/`. */
const mapped = [...doc.matchAll(/^\| `([^`]+)\/` +\|/gm)].map((match) => match[1]!)
const tracked = execFileSync('git', ['ls-files'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).split('\n')

describe('docs/ARCHITECTURE.md', () => {
  it('names every top-level folder of the project in its folder map', () => {
    const topLevel = [...new Set(tracked.filter((path) => path.includes('/')).map((path) => path.split('/')[0]!))]
    expect(
      topLevel.filter((folder) => !mapped.some((entry) => entry === folder || entry.startsWith(`${folder}/`))),
    ).toEqual([])
  })

  it('names only folders that exist', () => {
    expect(mapped.filter((folder) => !existsSync(join(PROJECT_ROOT, folder)))).toEqual([])
  })

  it('points only at files that exist', () => {
    const paths = [
      ...doc.matchAll(/`((?:electron|renderer|sandbox|shared|tests|build|bench)\/[\w./-]+\.(?:ts|svelte|js))`/g),
    ]
    expect(paths.length).toBeGreaterThan(20)
    expect(paths.map((match) => match[1]!).filter((path) => !existsSync(join(PROJECT_ROOT, path)))).toEqual([])
  })
})
