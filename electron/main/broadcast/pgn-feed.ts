// A chess stream's PGN feed read while followed: a file a DGT board's software writes (its real path, a regular file),
// or an http(s) address (a Lichess broadcast's round), read again every 2 s (a file only when its size or time
// changed, an address with its ETag) and handed on whole.
// Bounded: at most 5 MB (counted after decoding), one deadline of 5 s per read, no redirects (the feed is the address
// given). Why it cannot read is said in words for the desk.
import { open, realpath } from 'node:fs/promises'
import { isAbsolute } from 'node:path'

/** The largest feed read (a round of 200 boards with clocks and evaluations is about 1.5 MB). */
export const PGN_MAX_BYTES = 5 * 1024 * 1024
/** The one deadline of each read. */
export const PGN_DEADLINE_MS = 5_000
/** How often the feed is read again. */
export const PGN_POLL_MS = 2_000

export interface PgnFeedEvents {
  /** The feed's text after each read (the same string as before while it did not change). */
  text(text: string): void
  /** Why the feed cannot be read now, or null once it is read again. */
  problem(words: string | null): void
}

/** Whether a location is an address (else a file's path). */
export const isAddress = (location: string) => /^https?:\/\//i.test(location)

export class PgnFeed {
  private timer: NodeJS.Timeout | null = null
  private closed = false
  /** What tells the feed changed: a file's size and time, an address's ETag or Last-Modified. */
  private version = ''
  /** The feed's text as last read. */
  private last = ''

  constructor(
    private readonly location: string,
    private readonly events: PgnFeedEvents,
    private readonly pollMs = PGN_POLL_MS,
  ) {
    void this.read()
  }

  close(): void {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
  }

  private async read(): Promise<void> {
    try {
      const text = isAddress(this.location) ? await this.fetched() : await this.fromFile()
      if (this.closed) return
      if (text !== null) this.last = text
      this.events.problem(null)
      this.events.text(this.last)
      // let go: handed on as the feed's problem, which the game sources log and show in the column.
    } catch (error) {
      if (this.closed) return
      this.version = ''
      this.events.problem(error instanceof Error ? error.message : String(error))
    }
    if (!this.closed) this.timer = setTimeout(() => void this.read(), this.pollMs)
  }

  /** The file's text when it changed since the last read (null: unchanged). */
  private async fromFile(): Promise<string | null> {
    if (!isAbsolute(this.location)) throw new Error('location: a file’s full path, or an http(s) address')
    let path: string
    try {
      path = await realpath(this.location)
    } catch {
      throw new Error(`no file at ${this.location}`)
    }
    const file = await open(path, 'r')
    try {
      const info = await file.stat()
      if (!info.isFile()) throw new Error(`${this.location} is not a file`)
      if (info.size > PGN_MAX_BYTES) throw new Error(`the PGN is over ${PGN_MAX_BYTES / 1024 / 1024} MB`)
      const version = `${info.size}:${info.mtimeMs}`
      if (version === this.version) return null
      const bytes = Buffer.alloc(info.size)
      const { bytesRead } = await file.read(bytes, 0, info.size, 0)
      this.version = version
      return bytes.subarray(0, bytesRead).toString('utf8')
    } finally {
      await file.close()
    }
  }

  /** The address's text when it changed since the last read (null: unchanged, 304). */
  private async fetched(): Promise<string | null> {
    const [etag, modified] = this.version.split('\n')
    const response = await fetch(this.location, {
      redirect: 'error',
      signal: AbortSignal.timeout(PGN_DEADLINE_MS),
      headers: {
        accept: 'application/x-chess-pgn, text/plain;q=0.9, */*;q=0.1',
        ...(etag && { 'if-none-match': etag }),
        ...(modified && { 'if-modified-since': modified }),
      },
    }).catch((error: Error) => {
      throw new Error(
        error.name === 'TimeoutError'
          ? `${this.location} did not answer within 5 s`
          : `${this.location} is not reached`,
      )
    })
    if (response.status === 304) return null
    if (!response.ok) throw new Error(`${this.location} answered ${response.status}`)
    const text = await bounded(response).catch((error: Error) => {
      throw new Error(error.name === 'TimeoutError' ? `${this.location} did not send it all within 5 s` : error.message)
    })
    this.version = `${response.headers.get('etag') ?? ''}\n${response.headers.get('last-modified') ?? ''}`
    return text
  }
}

/** A response's body as text, at most PGN_MAX_BYTES after decoding, within the read's deadline. */
async function bounded(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > PGN_MAX_BYTES) {
      await reader.cancel()
      throw new Error(`the PGN is over ${PGN_MAX_BYTES / 1024 / 1024} MB`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
