// Reads the built pages a local server serves from one folder: no path escapes (by name or by symbolic link),
// explicit content types only.
import { readFile, realpath } from 'node:fs/promises'
import { basename, dirname, extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
}

export interface StaticFile {
  body: Buffer
  contentType: string
}

/**
 * The file at `relativePath` under `root` (the route's decoded wildcard, "assets/app.js"), or undefined when it does
 * not exist, lies outside the folder, is of a kind not served, or is named with a dot segment ("..", "."), a
 * backslash or a NUL after decoding, or whose real path (symbolic links followed, the folder's own name included)
 * lies outside the folder: a route for a folder's files never reaches a file beside that folder, whatever a layout
 * pack's links point to.
 */
export async function readStaticFile(root: string, relativePath: string): Promise<StaticFile | undefined> {
  if (/[\\\0]/.test(relativePath) || relativePath.split('/').some((segment) => segment === '.' || segment === '..'))
    return undefined
  const full = normalize(join(root, relativePath.replace(/^\/+/, '') || 'index.html'))
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined
  const type = CONTENT_TYPES[extname(full)]
  if (!type) return undefined
  try {
    const realRoot = join(await realpath(dirname(root)), basename(root))
    const real = await realpath(full)
    if (!real.startsWith(realRoot + sep)) return undefined
    return { body: await readFile(real), contentType: type }
  } catch {
    // let go: a file that is not there (or not readable) is answered 404 by the route
    return undefined
  }
}
