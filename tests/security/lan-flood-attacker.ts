// An attacker on the venue network, run as its own process inside the test's network namespace: thousands of idle
// connections from several addresses, then many event streams with one overlay key. Bounded in count and time; prints
// what it saw as JSON.
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'

const { hub, port, key, sources, idlePerSource, streams, holdMs } = JSON.parse(process.argv[2]!) as {
  hub: string
  port: number
  key: string
  sources: string[]
  idlePerSource: number
  streams: number
  holdMs: number
}

/** Opens a connection that sends nothing; answers when the server closed it (ms after opening), or never. */
function idleConnection(from: string): Promise<{ connected: boolean; closedAfterMs: number | null }> {
  return new Promise((resolve) => {
    const opened = Date.now()
    let connected = false
    const socket: Socket = connect({ host: hub, port, localAddress: from })
    socket.on('connect', () => (connected = true))
    socket.on('data', () => undefined)
    socket.on('error', () => undefined)
    socket.on('close', () => resolve({ connected, closedAfterMs: Date.now() - opened }))
    setTimeout(() => {
      resolve({ connected, closedAfterMs: null })
      socket.destroy()
    }, holdMs).unref()
  })
}

const idle = await Promise.all(
  sources.flatMap((from) => Array.from({ length: idlePerSource }, () => idleConnection(from))),
)
const closedByServer = idle.filter((c) => c.closedAfterMs !== null)
const latestClose = Math.max(0, ...closedByServer.map((c) => c.closedAfterMs!))

const streamPath = process.argv[3]!
/** Many event streams with the one key, spread over the addresses; each held open until the process ends. */
const opened = await Promise.all(
  Array.from(
    { length: streams },
    (_, i) =>
      new Promise<{ status: number | string; error: string }>((resolve) => {
        const from = sources[i % sources.length]!
        const req = request(
          { host: hub, port, path: `${streamPath}?key=${key}`, localAddress: from, agent: false },
          (res) => {
            let body = ''
            if (res.statusCode !== 200) res.on('data', (chunk: Buffer) => (body += chunk.toString()))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, error: body }))
            if (res.statusCode === 200) resolve({ status: 200, error: '' })
          },
        )
        req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? 'error', error: '' }))
        req.end()
      }),
  ),
)
const refusals = opened.filter((o) => o.status === 429)
console.log(
  JSON.stringify({
    idleAttempted: idle.length,
    idleConnected: idle.filter((c) => c.connected).length,
    idleClosedByServer: closedByServer.length,
    idleLatestCloseMs: latestClose,
    streamsOpened: opened.filter((o) => o.status === 200).length,
    streamsRefused429: refusals.length,
    refusalReason: refusals[0]?.error ?? '',
  }),
)
process.exit(0)
