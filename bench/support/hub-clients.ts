// What benchmarks of the hub act as: a JSON POST on a device's own keep-alive connection, and an event-stream client
// that counts the events it is sent (a device pairs through tests/support/pair-device).
import { type Agent, request } from 'node:http'

/** One JSON POST to the hub on the caller's keep-alive connection: the answer and how long it took (ms). */
export function postJson<T>(
  agent: Agent,
  hub: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ ms: number; answer: T }> {
  const url = new URL(hub)
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${path}: ${res.statusCode} ${text}`))
          resolve({ ms: performance.now() - started, answer: JSON.parse(text) as T })
        })
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

export interface StreamClient {
  /** How many events of this name arrived so far. */
  count(event: string): number
  /** The data of the last event of this name, parsed. */
  last(event: string): unknown
  /** Resolves once `count(event)` reaches `n`. */
  reached(event: string, n: number): Promise<void>
  stop(): void
}

/** Opens an event stream on its own connection and counts each named event it is sent. */
export function followStream(hub: string, path: string, headers: Record<string, string> = {}): Promise<StreamClient> {
  const counts = new Map<string, number>()
  const lasts = new Map<string, string>()
  let waiting: (() => void)[] = []
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, hub), { agent: false, headers }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`${path}: ${response.statusCode}`))
      response.setEncoding('utf8')
      let buffer = ''
      response.on('data', (chunk: string) => {
        buffer += chunk
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const name = /^event: (.+)$/m.exec(block)?.[1]
          if (!name) continue
          counts.set(name, (counts.get(name) ?? 0) + 1)
          lasts.set(name, /^data: (.*)$/m.exec(block)?.[1] ?? 'null')
        }
        const woken = waiting
        waiting = []
        woken.forEach((wake) => wake())
      })
      resolve({
        count: (event) => counts.get(event) ?? 0,
        last: (event) => JSON.parse(lasts.get(event) ?? 'null') as unknown,
        reached: (event, n) =>
          new Promise((done) => {
            const check = () => ((counts.get(event) ?? 0) >= n ? done() : waiting.push(check))
            check()
          }),
        stop: () => req.destroy(),
      })
    })
    req.on('error', reject)
    req.end()
  })
}
