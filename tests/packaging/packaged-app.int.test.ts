import { extractFile, listPackage, statFile } from '@electron/asar'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ELECTRON_VERSION, PROJECT_ROOT } from '../support/paths'
import { SHIPPED_FUSES, readFuses, writeStubElectronDist } from '../support/stub-electron'
import { buildApp, packageDir, packageNameOf, type PackagedApp } from './package-app'

const projectPackage = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  main: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

/** Leftovers a developer might have in out/ that must never ship: each carries the canary secret. */
const canary = `canary-${randomBytes(12).toString('hex')}`
const LEFTOVERS: Record<string, string> = {
  'out/main/.env': `MATCHDESK_CLIENT_SECRET=${canary}\n`,
  'out/main/matchdesk.db': `SQLite format 3\0${canary}`,
  'out/renderer/profiles.json': JSON.stringify({ refresh_token: canary }),
  'out/main/index.js.map': JSON.stringify({ version: 3, sourcesContent: [canary] }),
}

/** What a credential or token looks like in text. */
const SECRET_SHAPES = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/,
  /"(?:access|refresh)_token"\s*:\s*"[^"]{8,}"/,
  /(?:client_secret|clientSecret|api_key|apiKey)\s*[=:]\s*["'][\w-]{16,}["']/,
]

let app: PackagedApp
let workDir: string
let files: string[]
let packageJsonBefore: string

async function productionPackageNames(): Promise<Set<string>> {
  const { stdout } = await promisify(execFile)('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: PROJECT_ROOT,
  })
  return new Set(
    stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((dir) => packageNameOf(`/${relative(PROJECT_ROOT, dir)}/`)!),
  )
}

beforeAll(async () => {
  packageJsonBefore = await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')
  workDir = await mkdtemp(join(tmpdir(), 'matchdesk-package-'))
  const electronDist = await writeStubElectronDist(join(workDir, 'electron-dist'), ELECTRON_VERSION)
  await buildApp()
  await Promise.all(Object.entries(LEFTOVERS).map(([path, text]) => writeFile(join(PROJECT_ROOT, path), text)))
  try {
    app = await packageDir(join(workDir, 'release'), electronDist)
  } finally {
    await Promise.all(Object.keys(LEFTOVERS).map((path) => rm(join(PROJECT_ROOT, path), { force: true })))
  }
  files = listPackage(app.asar, { isPack: false }).filter((entry) => !('files' in statFile(app.asar, entry.slice(1))))
})

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('the package built by electron-builder --dir', () => {
  it('holds the built main process, preload, renderer and package.json in app.asar', () => {
    for (const expected of [
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/package.json',
    ]) {
      expect(files).toContain(expected)
    }
    expect(files.some((file) => /^\/out\/renderer\/assets\/index-[\w-]+\.js$/.test(file))).toBe(true)
    const tops = new Set(
      files.map((file) =>
        file
          .split('/')
          .slice(0, 3)
          .join('/')
          .replace(/^\/node_modules\/.*/, '/node_modules'),
      ),
    )
    expect([...tops].sort()).toEqual(['/node_modules', '/out/main', '/out/preload', '/out/renderer', '/package.json'])
  })

  it('starts at a packed entry point, with a package.json stripped of scripts and development dependencies', () => {
    const packed = JSON.parse(extractFile(app.asar, 'package.json').toString('utf8')) as Record<string, unknown>
    expect(packed['main']).toBe(projectPackage.main)
    expect(files).toContain(`/${projectPackage.main}`)
    expect(packed['productName']).toBe('Matchdesk')
    expect(packed).not.toHaveProperty('devDependencies')
    expect(packed).not.toHaveProperty('scripts')
  })

  it('keeps keytar and better-sqlite3 unpacked beside the archive, where the OS can load them', () => {
    for (const binary of [
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/keytar/build/Release/keytar.node',
    ]) {
      expect(statFile(app.asar, binary)).toMatchObject({ unpacked: true })
      expect(existsSync(join(app.unpacked, binary)), `${binary} is not in app.asar.unpacked`).toBe(true)
    }
    const nodeFilesInside = files.filter(
      (file) => file.endsWith('.node') && !('unpacked' in statFile(app.asar, file.slice(1))),
    )
    expect(nodeFilesInside).toEqual([])
  })

  it('packs only the runtime dependencies and their own dependencies', async () => {
    const packed = new Set(
      files.filter((file) => file.startsWith('/node_modules/')).map((file) => packageNameOf(file)!),
    )
    for (const name of Object.keys(projectPackage.dependencies)) expect(packed).toContain(name)
    const production = await productionPackageNames()
    // A development package goes in only when a runtime one needs it too (ajv: the tests validate the feed with it,
    // fastify validates requests with it).
    for (const name of Object.keys(projectPackage.devDependencies))
      if (!production.has(name)) expect(packed).not.toContain(name)
    expect([...packed].filter((name) => !production.has(name))).toEqual([])
  })

  it('packs no tests, test sources, source maps or development files', () => {
    const ours = files.filter((file) => !file.startsWith('/node_modules/'))
    expect(ours.filter((file) => !/\.(js|cjs|html|css|svg|json)$/.test(file))).toEqual([])
    const forbidden =
      /(\.test\.|\.spec\.|\/tests?\/|\/__tests__\/|\.map$|\.ts$|\.svelte$|tsconfig|vite\.config|vitest|\.eslintrc|\.github\/|\.(c|cc|cpp|h|gyp|o)$)/
    expect(files.filter((file) => forbidden.test(file))).toEqual([])
  })

  it('carries no credential or token: leftovers in out/ stay out and no packed file holds a secret', async () => {
    for (const leftover of Object.keys(LEFTOVERS)) expect(files).not.toContain(`/${leftover}`)
    const unpackedFiles = files.filter((file) => 'unpacked' in statFile(app.asar, file.slice(1)))
    for (const file of files) {
      const bytes = unpackedFiles.includes(file)
        ? await readFile(join(app.unpacked, file))
        : extractFile(app.asar, file.slice(1))
      const text = bytes.toString('latin1')
      expect(text.includes(canary), `${file} holds the canary secret`).toBe(false)
      for (const shape of SECRET_SHAPES)
        expect(shape.test(text), `${file} looks like it holds a secret (${String(shape)})`).toBe(false)
    }
  })

  it('runs with the fuses the afterPack hook set', async () => {
    expect(app.log).toContain('fuses flipped')
    const fuses = await readFuses(app.executable)
    expect(fuses).toEqual([
      false,
      SHIPPED_FUSES[1],
      false,
      false,
      true,
      true,
      SHIPPED_FUSES[6],
      SHIPPED_FUSES[7],
      SHIPPED_FUSES[8],
    ])
  })

  it("leaves the project's package.json as it was", async () => {
    expect(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')).toBe(packageJsonBefore)
  })
})
