// Server-Sent Events on a local server's route: the stream opened, named events written, heartbeats, one close; and
// the set of a server's open streams, each fed by a subscription, all closed with the server.
import type { FastifyReply, FastifyRequest } from 'fastify'

export interface EventStream {
  send(event: string, data: unknown): void
  /** Ends the stream from the server's side (a revoked device, the server closing). */
  close(): void
}

export interface EventStreamOptions {
  /** A comment line this often keeps proxies and the client's reconnect logic content (ms). */
  heartbeatMs?: number
  /** How long a client waits before reconnecting after a drop (the SSE `retry` field, ms). */
  retryMs?: number
  onClose(): void
}

/**
 * Each object's JSON, made once however many streams it is sent to (a feed to 200 OBS sources, a change to 50 doors):
 * a published object is never changed afterwards, so its text stays true.
 */
const serialised = new WeakMap<object, string>()
function jsonOf(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data)
  let text = serialised.get(data)
  if (text === undefined) serialised.set(data, (text = JSON.stringify(data)))
  return text
}

export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): EventStream {
  reply.hijack()
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
  })
  reply.raw.write(`retry: ${options.retryMs ?? 2000}\n: connected\n\n`)
  const heartbeat = setInterval(() => reply.raw.write(': heartbeat\n\n'), options.heartbeatMs ?? 15_000)
  heartbeat.unref()
  let open = true
  const close = () => {
    if (!open) return
    open = false
    clearInterval(heartbeat)
    options.onClose()
    reply.raw.end()
  }
  request.raw.on('close', close)
  return {
    send: (event, data) => {
      if (open) reply.raw.write(`event: ${event}\ndata: ${jsonOf(data)}\n\n`)
    },
    close,
  }
}

/** How many streams devices may hold open: each device, and all devices together (this machine's are not counted). */
export interface StreamCaps {
  perOwner: number
  total: number
}

/** The open streams of one server: each fed by a subscription until either side closes it. */
export class EventStreams {
  /** Each open stream and who it was opened for (a device's id; "" when nobody in particular). */
  private readonly open = new Map<EventStream, string>()

  constructor(private readonly caps?: StreamCaps) {}

  /** Why a stream for `owner` would be one too many, or undefined. Streams of nobody in particular are not capped. */
  private overCap(owner: string): string | undefined {
    if (!this.caps || owner === '') return undefined
    const owned = [...this.open.values()].filter((of) => of !== '')
    if (owned.filter((of) => of === owner).length >= this.caps.perOwner)
      return `This device has ${this.caps.perOwner} live streams open already: close some of its pages or sources first.`
    if (owned.length >= this.caps.total)
      return `The hub serves ${this.caps.total} live streams to devices already: close some first.`
    return undefined
  }

  /**
   * Opens a stream that `subscribe` feeds; `subscribe` answers how to stop feeding it. A device over its cap (or the
   * devices over theirs) is refused with 429 and the reason.
   */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    subscribe: (send: EventStream['send']) => () => unknown,
    owner = '',
  ): void {
    const refusal = this.overCap(owner)
    if (refusal) {
      void reply.code(429).header('retry-after', '10').send({ error: refusal })
      return
    }
    let unsubscribe: () => unknown = () => undefined
    const stream = openEventStream(request, reply, {
      onClose: () => {
        unsubscribe()
        this.open.delete(stream)
      },
    })
    this.open.set(stream, owner)
    unsubscribe = subscribe((event, data) => stream.send(event, data))
  }

  /** Closes the streams opened for one owner (a revoked device). */
  closeOwnedBy(owner: string): void {
    for (const [stream, of] of [...this.open]) if (of === owner) stream.close()
  }

  closeAll(): void {
    for (const stream of [...this.open.keys()]) stream.close()
  }
}
