// The repository stands on its own: no file of the project names a path outside it, and the release workflow checks
// out the project alone. (`.ci/run` proves the rest: it runs the suite from a clone with nothing beside it.)
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, extname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../support/paths'

/** Lint tests whose strings are import probes run against a virtual file, not paths of the project. */
const PROBE_FILES = new Set(['tests/lint/boundaries.test.ts', 'tests/lint/stands-alone.test.ts'])
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'out', 'release', 'test-results', 'fixtures', 'results'])
const TEXT_FILES = new Set(['.ts', '.svelte', '.js', '.mjs', '.cjs', '.json', '.yml', '.yaml', '.md', '.html', ''])
/** Code, where a path is what an import, a require or a resolve()/join() names. */
const CODE = new Set(['.ts', '.svelte', '.js', '.mjs', '.cjs'])
const CODE_PATHS =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\(\s*|\b(?:resolve|join|readFileSync|readdirSync)\([^)'"`]*?)['"`]((?:\.\.\/)+[^'"`]*)['"`]/g
/** Prose and configuration: any relative path, written from the file's folder or the project's root. */
const ANY_PATH = /(?:\.\.\/)+[\w.@-][\w./@-]*/g
/** JSON configuration (a manifest, a tsconfig): its relative paths are written from its own folder, never the root. */
const FROM_ITS_FOLDER = new Set(['.json'])

function projectFiles(folder = PROJECT_ROOT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : projectFiles(path)
    return entry.isFile() && TEXT_FILES.has(extname(entry.name)) && entry.name !== 'package-lock.json' ? [path] : []
  })
}

const outside = (path: string) => {
  const from = relative(PROJECT_ROOT, path)
  return from === '..' || from.startsWith(`..${sep}`)
}

/** Each relative path a file names ("../x", "../../shared/api") that leads outside the project. */
function pathsOutside(file: string, text = readFileSync(file, 'utf8')): string[] {
  const found = new Set<string>()
  const code = CODE.has(extname(file))
  for (const match of text.matchAll(code ? CODE_PATHS : ANY_PATH)) {
    const path = code ? match[1]! : match[0]
    const fromRoot = !code && !FROM_ITS_FOLDER.has(extname(file))
    if (outside(resolve(dirname(file), path)) || (fromRoot && outside(resolve(PROJECT_ROOT, path)))) found.add(path)
  }
  for (const [, path] of text.matchAll(/(?:resolve|join)\(PROJECT_ROOT,\s*'([^']+)'/g))
    if (outside(resolve(PROJECT_ROOT, path!))) found.add(path!)
  return [...found]
}

describe('the project stands on its own', () => {
  it('no file names a path outside the repository', () => {
    const files = projectFiles().filter((file) => !PROBE_FILES.has(relative(PROJECT_ROOT, file)))
    expect(files.length).toBeGreaterThan(100)
    const offenders = files
      .map((file) => ({ file: relative(PROJECT_ROOT, file), paths: pathsOutside(file) }))
      .filter(({ paths }) => paths.length > 0)
    expect(offenders).toEqual([])
  })

  it("the check finds the paths that left the project before, and lets the project's own pass", () => {
    const test = join(PROJECT_ROOT, 'renderer/src/lib/bracket-layout.test.ts')
    expect(pathsOutside(test, "import dump from '../../../../shared/fixtures/real/x.json'")).toHaveLength(1)
    expect(pathsOutside(test, "import dump from '../../../tests/fixtures/real/x.json'")).toEqual([])
    const support = join(PROJECT_ROOT, 'tests/support/paths.ts')
    expect(pathsOutside(support, "resolve(PROJECT_ROOT, '../shared/fixtures/real')")).toHaveLength(1)
    const doc = join(PROJECT_ROOT, 'docs/ARCHITECTURE.md')
    expect(pathsOutside(doc, 'two real bracket dumps (`../shared/fixtures/real/`)')).toHaveLength(1)
    // A manifest's paths lead from its own folder: into the module's build, or out of the project.
    const manifest = join(PROJECT_ROOT, 'companion-module/companion/manifest.json')
    expect(pathsOutside(manifest, '{"entrypoint": "../dist/main.js"}')).toEqual([])
    expect(pathsOutside(manifest, '{"entrypoint": "../../../shared/main.js"}')).toHaveLength(1)
  })

  it('the release workflow checks out the project alone', () => {
    const workflows = readdirSync(join(PROJECT_ROOT, '.github/workflows'))
    for (const name of workflows) {
      const text = readFileSync(join(PROJECT_ROOT, '.github/workflows', name), 'utf8')
      expect({ workflow: name, otherRepository: /^\s*repository:/m.test(text) }).toEqual({
        workflow: name,
        otherRepository: false,
      })
    }
  })
})
