// A hostile logo host for the image-download tests, run as its own process: compression bombs, a body one byte a
// second, a lying Content-Length, no Content-Length, redirects into this machine, a pixel bomb and a JPEG that lies
// about its size. Prints {"origin"} once listening,
// and answers GET /hits with what reached it, so a test can tell.
import { createServer } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { jpegHiddenFrame, pngHeader } from '../support/image-headers'

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** 256 MB of zeros behind a PNG signature, compressed: ~250 KB of gzip, a few KB of brotli. */
const unpacked = Buffer.concat([PNG, Buffer.alloc(256 * 1024 * 1024)])
const gzipBomb = gzipSync(unpacked, { level: 9 })
const brotliBomb = brotliCompressSync(unpacked, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
const big = Buffer.concat([pngHeader(64, 32), Buffer.alloc(3 * 1024 * 1024, 1)])
const hits: Record<string, number> = {}

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname
  // What reached this host so far, for the test itself to ask (not counted).
  if (path === '/hits') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(hits))
  hits[path] = (hits[path] ?? 0) + 1
  const redirectTo = new URL(request.url ?? '/', 'http://x').searchParams.get('to')
  switch (path) {
    case '/gzip.png':
      return response.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip' }).end(gzipBomb)
    case '/brotli.png':
      return response.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'br' }).end(brotliBomb)
    case '/slow.png': {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': '1000' })
      response.write(PNG)
      const drip = setInterval(() => response.write(Buffer.from([0])), 1000)
      response.on('close', () => clearInterval(drip))
      return
    }
    case '/lying.png': {
      // Says 100 bytes, then streams 3 MB on the raw socket.
      response.socket?.write('HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 100\r\n\r\n')
      response.socket?.end(big)
      return
    }
    case '/unsized.png':
      response.writeHead(200, { 'content-type': 'image/png' })
      return response.end(big)
    case '/redirect':
      return response.writeHead(302, { location: redirectTo ?? '/' }).end()
    case '/ok.png':
      return response.writeHead(200, { 'content-type': 'image/png' }).end(pngHeader(64, 32))
    case '/pixels.png':
      return response.writeHead(200, { 'content-type': 'image/png' }).end(pngHeader(20_000, 20_000))
    case '/hidden-frame.jpg':
      return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpegHiddenFrame())
    default:
      return response.writeHead(404).end()
  }
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object')
    process.stdout.write(JSON.stringify({ origin: `http://127.0.0.1:${address.port}` }) + '\n')
})
process.on('SIGTERM', () => process.exit(0))
