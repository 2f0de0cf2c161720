// The renderer's JavaScript and CSS as shipped: raw and gzip sizes of the production build.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { report } from './support/stats'

const root = join(import.meta.dirname, '..')
const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'error'],
  { cwd: root, stdio: 'inherit' },
)
if (build.status !== 0) process.exit(1)
const assets = join(root, 'out/renderer/assets')
const sizes = (ext: string) => {
  const files = readdirSync(assets).filter((name) => name.endsWith(ext))
  const raw = files.reduce((sum, name) => sum + readFileSync(join(assets, name)).length, 0)
  const gzip = files.reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name))).length, 0)
  return { files: files.length, raw_kb: Math.round(raw / 102.4) / 10, gzip_kb: Math.round(gzip / 102.4) / 10 }
}
report({ benchmark: 'bundle', js: sizes('.js'), css: sizes('.css') })
