// Follows the hub's control event stream (/control/v1/events, Server-Sent Events) over one connection: each event as
// it comes, the connection's health in Companion's terms, and a new connection by itself after a drop (sooner after
// a network drop, later after a refusal). What the hub sends is bounded: one event at most EVENT_MAX_BYTES, and a
// connection silent past SILENCE_MS (the hub's heartbeat is every 15 s) is taken for dead.
import { hubHeaders, hubUrl, type HubAddress } from './hub-api.js'

/** The connection's health, as the module reports it to Companion. */
export type HubHealth =
  | { kind: 'connecting' }
  | { kind: 'ok' }
  | { kind: 'unreachable'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'revoked'; message: string }

export const EVENT_MAX_BYTES = 1024 * 1024
export const SILENCE_MS = 45_000
/** Waits between attempts after a drop: doubling from the first to the last. */
export const RETRY_MS = { first: 500, last: 10_000, refused: 30_000 }

export interface HubEventsOptions {
  address: () => HubAddress
  onEvent(name: string, data: unknown): void
  onHealth(health: HubHealth): void
  retry?: typeof RETRY_MS
}

export class HubEvents {
  private controller: AbortController | undefined
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private stopped = true
  private failures = 0
  /** True once this address and key were let in: a refusal after that means the device was revoked. */
  private admitted = false

  constructor(private readonly options: HubEventsOptions) {}

  /** Connects (again, after a change of address or key). */
  start(): void {
    this.stop()
    this.stopped = false
    this.admitted = false
    this.failures = 0
    void this.connect()
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.retryTimer)
    this.controller?.abort()
    this.controller = undefined
  }

  private async connect(): Promise<void> {
    const address = this.options.address()
    const controller = new AbortController()
    this.controller = controller
    this.options.onHealth({ kind: 'connecting' })
    let silence: ReturnType<typeof setTimeout> | undefined
    const heard = () => {
      clearTimeout(silence)
      silence = setTimeout(() => controller.abort(), SILENCE_MS)
    }
    try {
      heard()
      const response = await fetch(hubUrl(address, '/control/v1/events'), {
        headers: { ...hubHeaders(address), accept: 'text/event-stream' },
        signal: controller.signal,
        redirect: 'error',
      })
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel()
        // A connection another configuration replaced says nothing and tries nothing.
        if (this.controller === controller) this.refused(address)
        return
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel()
        throw new Error(`the hub answered ${response.status}`)
      }
      this.admitted = true
      this.failures = 0
      await this.read(response.body, heard)
      if (!this.stopped && this.controller === controller) this.retry(`the hub at ${address.url} closed the connection`)
    } catch (error) {
      if (this.stopped || this.controller !== controller) return
      const why = controller.signal.aborted ? `nothing heard for ${SILENCE_MS / 1000} s` : reason(error)
      this.retry(`the hub at ${address.url} cannot be reached (${why})`)
    } finally {
      clearTimeout(silence)
    }
  }

  /** Reads events until the stream ends; `heard` on every chunk (heartbeats included). */
  private async read(body: ReadableStream<Uint8Array>, heard: () => void): Promise<void> {
    const reader = body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      heard()
      buffer += decoder.decode(value, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        this.dispatch(block)
      }
      if (buffer.length > EVENT_MAX_BYTES) {
        await reader.cancel()
        throw new Error(`an event over ${EVENT_MAX_BYTES} bytes`)
      }
    }
  }

  private dispatch(block: string): void {
    let name = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim()
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
    }
    if (data.length === 0) return
    if (name === 'ready') this.options.onHealth({ kind: 'ok' })
    try {
      this.options.onEvent(name, JSON.parse(data.join('\n')))
    } catch {
      // Not JSON: not an event this module knows.
    }
  }

  private refused(address: HubAddress): void {
    const message = !address.deviceKey
      ? onThisPc(address.url)
        ? 'The hub refused the control token: copy it again from Matchdesk (Venue → Control token)'
        : 'The hub refused the control token, or wants a device key: from another PC, pair it as a control device (Venue → Add a device) and paste its key'
      : this.admitted
        ? 'The hub refused this device: it was revoked in Matchdesk (Venue → Devices); pair it again'
        : 'The hub refused the token or the device key: pair this PC as a control device and copy both again'
    this.options.onHealth({ kind: this.admitted && address.deviceKey ? 'revoked' : 'refused', message })
    this.schedule(this.options.retry?.refused ?? RETRY_MS.refused)
  }

  private retry(message: string): void {
    this.options.onHealth({ kind: 'unreachable', message })
    const retry = this.options.retry ?? RETRY_MS
    this.schedule(Math.min(retry.last, retry.first * 2 ** this.failures++))
  }

  private schedule(ms: number): void {
    if (this.stopped) return
    clearTimeout(this.retryTimer)
    this.retryTimer = setTimeout(() => void this.connect(), ms)
  }
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause?.code
  return cause ?? (error instanceof Error ? error.message : String(error))
}

/** True when the hub's address is this machine's own (no device key needed there). */
function onThisPc(url: string): boolean {
  const host = new URL(url).hostname
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host)
}
