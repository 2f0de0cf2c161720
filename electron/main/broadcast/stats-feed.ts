// Rocket League's Stats API read as a client: a TCP connection to the game's port (127.0.0.1:49123 where it runs
// on the desk's PC), its messages split and parsed as they arrive and handed on, opened again while the stream follows
// it. Bounded: a message at most 256 KB, and finished within 5 s once begun; the connection made within 5 s; a peer
// gone without a word found by TCP keep-alive. Why it cannot read is said in words for the desk.
import { connect, type Socket } from 'node:net'
import { StringDecoder } from 'node:string_decoder'
import { JsonObjectSplitter } from '../../../shared/game/json-stream'

/** The longest message read (a 4v4 UpdateState with every player's stats is about 5 KB). */
export const STATS_MESSAGE_MAX = 256 * 1024
/** The one deadline of each read: connecting, and finishing a message once its first bytes came. */
export const STATS_DEADLINE_MS = 5_000
/** Waits between tries while the game is away (the last one repeats). */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000]

export interface StatsFeedEvents {
  /** A whole message, parsed. */
  message(value: unknown): void
  /** Why the feed cannot be read now, or null once it is read again. */
  problem(words: string | null): void
}

/** An error of the connection in words for the desk. */
function errorWords(error: NodeJS.ErrnoException, address: string): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `nothing listens at ${address}: is Rocket League running with its Stats API on (PacketSendRate above 0)?`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${address.slice(0, address.lastIndexOf(':'))} is not a known host`
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${address} does not answer`
    default:
      return error.message
  }
}

export class StatsFeed {
  private socket: Socket | null = null
  private retry: NodeJS.Timeout | null = null
  private tries = 0
  private closed = false

  constructor(
    private readonly address: string,
    private readonly events: StatsFeedEvents,
  ) {
    this.open()
  }

  /** Stops reading for good. */
  close(): void {
    this.closed = true
    if (this.retry) clearTimeout(this.retry)
    this.socket?.destroy()
  }

  private open(): void {
    const at = this.address.lastIndexOf(':')
    const splitter = new JsonObjectSplitter(STATS_MESSAGE_MAX)
    const decoder = new StringDecoder('utf8')
    let why: string | null = null
    let unfinished: NodeJS.Timeout | null = null
    const socket = connect({ host: this.address.slice(0, at), port: Number(this.address.slice(at + 1)) })
    this.socket = socket
    const fail = (words: string) => {
      why ??= words
      socket.destroy()
    }
    socket.setTimeout(STATS_DEADLINE_MS, () => fail(`${this.address} does not answer within 5 s`))
    socket.once('connect', () => {
      socket.setTimeout(0)
      socket.setKeepAlive(true, 10_000)
      this.events.problem(null)
    })
    socket.on('data', (chunk: Buffer) => {
      const split = splitter.push(decoder.write(chunk))
      if ('error' in split) return fail(split.error)
      for (const text of split.objects) {
        let value: unknown
        try {
          value = JSON.parse(text)
        } catch {
          return fail('the feed sent a message that is not JSON')
        }
        if (this.closed) return
        // Read: the waits between tries start again from the shortest.
        this.tries = 0
        this.events.message(value)
      }
      // A message begun is finished within the deadline from its first bytes, or the feed is not one to wait on: the
      // clock runs from the chunk a message began in (one finished here means the one pending began here).
      if (unfinished && (split.objects.length > 0 || !splitter.pending)) {
        clearTimeout(unfinished)
        unfinished = null
      }
      if (splitter.pending && !unfinished)
        unfinished = setTimeout(() => fail('a message was not finished within 5 s'), STATS_DEADLINE_MS)
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      why ??= errorWords(error, this.address)
    })
    socket.on('close', () => {
      if (unfinished) clearTimeout(unfinished)
      if (this.closed) return
      this.events.problem(why ?? 'the game closed its feed')
      const wait = RETRY_MS[Math.min(this.tries++, RETRY_MS.length - 1)]!
      this.retry = setTimeout(() => this.open(), wait)
    })
  }
}
