// docs/ARCHITECTURE.md stays the map of the tree: every top-level folder, and every folder it names, exists in both;
// every module of main is named in it;
// and its "How to add …" rules hold for everything already added (each view, overlay and migration).
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

  it('names every module of main in its folder map (a migration and a handlers module by their patterns)', () => {
    const named = new Set([...doc.matchAll(/`(?:[\w./-]*\/)?([\w.-]+\.ts)`/g)].map((match) => match[1]!))
    const byPattern = (path: string) => /\/migrations\/\d{4}-[\w-]+\.ts$/.test(path) || path.endsWith('.handlers.ts')
    const modules = tracked.filter(
      (path) => path.startsWith('electron/main/') && path.endsWith('.ts') && !path.endsWith('.test.ts'),
    )
    expect(modules.length).toBeGreaterThan(150)
    expect(modules.filter((path) => !byPattern(path) && !named.has(path.split('/').pop()!))).toEqual([])
  })

  it('points only at files that exist', () => {
    const paths = [
      ...doc.matchAll(/`((?:electron|renderer|sandbox|shared|tests|build|bench)\/[\w./-]+\.(?:ts|svelte|js))`/g),
    ]
    expect(paths.length).toBeGreaterThan(20)
    expect(paths.map((match) => match[1]!).filter((path) => !existsSync(join(PROJECT_ROOT, path)))).toEqual([])
  })
})

const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), 'utf8')
const testFiles = tracked.filter((path) => path.endsWith('.test.ts')).map((path) => ({ path, text: read(path) }))

describe('the "How to add …" rules hold', () => {
  it('a view: in the navigation, in App.svelte, and rendered by a component test', () => {
    const views = readdirSync(join(PROJECT_ROOT, 'renderer/src/views')).filter((name) => name.endsWith('View.svelte'))
    const app = read('renderer/src/App.svelte')
    const navigation = read('renderer/src/lib/desks/navigation.svelte.ts')
    const navigationIds = [...navigation.matchAll(/\{ id: '([\w-]+)'/g)].map((match) => match[1]!)
    const missing = views.flatMap((file) => {
      const name = file.replace('.svelte', '')
      const problems: string[] = []
      if (!app.includes(`import ${name} from './views/${file}'`)) problems.push(`${name}: not in App.svelte`)
      if (!testFiles.some(({ text }) => new RegExp(`render\\(${name}\\b`).test(text)))
        problems.push(`${name}: no component test renders it`)
      return problems
    })
    expect(missing).toEqual([])
    expect(navigationIds).toHaveLength(views.length)
  })

  it('an overlay: each kind of shared/broadcast/overlays.ts is chosen in OverlayApp.svelte', () => {
    const overlays = read('shared/broadcast/overlays.ts')
    const kinds = [...overlays.matchAll(/kind: '([\w-]+)'/g)].map((match) => match[1]!)
    const app = read('renderer/src/overlay/OverlayApp.svelte')
    expect(kinds.length).toBeGreaterThan(2)
    // The default branch draws the scoreboard; every other kind is named.
    expect(kinds.filter((kind) => kind !== 'scoreboard' && !app.includes(`kind === '${kind}'`))).toEqual([])
  })

  it('a migration: every numbered file is in migrations/index.ts, in order', () => {
    const folder = 'electron/main/db/migrations'
    const files = readdirSync(join(PROJECT_ROOT, folder))
      .filter((name) => /^\d{4}-.*\.ts$/.test(name))
      .sort()
    const index = read(`${folder}/index.ts`)
    const imported = [...index.matchAll(/from '\.\/(\d{4}-[\w-]+)'/g)].map((match) => `${match[1]}.ts`)
    expect(imported).toEqual(files)
  })
})
