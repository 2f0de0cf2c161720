// A chess stream's PGN feed read while followed: a file a DGT board's software writes (its real path, a regular file),
// or an http(s) address (a Lichess broadcast's round), read again every 2 s (a file whole, an address with its ETag)
// and handed on whole.
// Bounded: at most 5 MB (counted after decoding), one deadline of 5 s per read, no redirects (the feed is the address
// given). Why it cannot read is said in words for the desk.
import { constants } from 'node:fs'
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

/** A file's whole text: its real path opened without blocking, a regular file of at most PGN_MAX_BYTES. */
async function readWhole(location: string): Promise<string> {
  let path: string
  try {
    path = await realpath(location)
  } catch {
    throw new Error(`no file at ${location}`)
  }
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK)
  try {
    const info = await file.stat()
    if (!info.isFile()) throw new Error(`${location} is not a file`)
    if (info.size > PGN_MAX_BYTES) throw new Error(`the PGN is over ${PGN_MAX_BYTES / 1024 / 1024} MB`)
    const bytes = Buffer.alloc(info.size)
    const { bytesRead } = await file.read(bytes, 0, info.size, 0)
    return bytes.subarray(0, bytesRead).toString('utf8')
  } finally {
    await file.close()
  }
}

/** Whether a location is an address (else a file's path). */
export const isAddress = (location: string) => /^https?:\/\//i.test(location)

export class PgnFeed {
  private timer: NodeJS.Timeout | null = null
  private closed = false
  /** What tells an address's feed changed: its ETag and Last-Modified. */
  private version = ''
  /** The feed's text as last read. */
  private last = ''
  /** A file's read under way (one at a time). */
  private reading: Promise<string> | null = null

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
      // Read: the desk's game sources say whether the text is good.
      this.events.text(this.last)
      // let go: handed on as the feed's problem, which the game sources log and show in the column.
    } catch (error) {
      if (this.closed) return
      this.version = ''
      this.events.problem(error instanceof Error ? error.message : String(error))
    }
    if (!this.closed) this.timer = setTimeout(() => void this.read(), this.pollMs)
  }

  /**
   * The file's text, read whole each time (bounded; a rewrite of the same size and time is seen). Opened without
   * waiting (a pipe with no writer is refused, not waited on), a regular file only, within the read's deadline; a read
   * still hanging (a network share gone) is not started again.
   */
  private async fromFile(): Promise<string> {
    if (!isAbsolute(this.location)) throw new Error('location: a file’s full path, or an http(s) address')
    if (this.reading) throw new Error(`${this.location} is still not read after 5 s`)
    const read = readWhole(this.location)
    this.reading = read
    // let go: the read's own failure is answered below (or, past the deadline, was said as lateness already).
    void read.finally(() => (this.reading = null)).catch(() => undefined)
    let deadline: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      deadline = setTimeout(() => reject(new Error(`${this.location} did not read within 5 s`)), PGN_DEADLINE_MS)
    })
    try {
      return await Promise.race([read, late])
    } finally {
      clearTimeout(deadline)
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
