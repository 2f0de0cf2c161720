// Serves the built renderer from one folder: no path escapes, explicit content types, the page gets the bridge token.
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
}

export interface StaticFile {
  body: Buffer | string
  contentType: string
}

/** The page carries the token in a meta tag: never in a URL, and unreadable cross-origin. */
export function injectToken(html: string, token: string): string {
  return html.replace('</head>', `<meta name="matchdesk-bridge-token" content="${token}"></head>`)
}

/** `relativePath` is the route's decoded wildcard ("assets/app.js"; "" for the page itself). */
export async function readStaticFile(
  root: string,
  relativePath: string,
  token: string,
): Promise<StaticFile | undefined> {
  const relative = relativePath.replace(/^\/+/, '') || 'index.html'
  const full = normalize(join(root, relative))
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined
  const type = CONTENT_TYPES[extname(full)]
  if (!type) return undefined
  try {
    const body = await readFile(full)
    return { body: type.startsWith('text/html') ? injectToken(body.toString('utf8'), token) : body, contentType: type }
  } catch {
    return undefined
  }
}
