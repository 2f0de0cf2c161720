// One HTTP request with the path and headers exactly as given (no URL normalisation), for guard tests of local servers.
import { request } from 'node:http'

export interface RawAnswer {
  status: number
  contentType: string
  body: string
}

export interface RawRequest {
  method?: string
  headers?: Record<string, string>
  body?: string
  /** The Host header; defaults to the server's own address. */
  host?: string
}

/** Sends `path` verbatim to `base`'s port. An event stream is cut after its headers: only its status matters. */
export function rawRequest(base: string, path: string, options: RawRequest = {}): Promise<RawAnswer> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? url.host, ...options.headers },
      },
      (res) => {
        const contentType = String(res.headers['content-type'] ?? '')
        const answer = { status: res.statusCode ?? 0, contentType }
        if (contentType.startsWith('text/event-stream')) {
          res.destroy()
          return resolve({ ...answer, body: '' })
        }
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve({ ...answer, body }))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}
