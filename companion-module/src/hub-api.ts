// The hub's control routes as this module calls them: the control token as a bearer and, from another PC, the paired
// device's key; one deadline per call; a refusal said in the hub's own words.

/** Where the hub is and how this module proves it may drive it (the connection's configuration). */
export interface HubAddress {
  /** The hub's address as the desk shows it: http://127.0.0.1:7310, or the venue address from another PC. */
  url: string
  token: string
  /** A paired control device's key (from another PC; empty on the desk's own PC). */
  deviceKey: string
}

/** The longest a control call may take before it is given up (ms). */
export const CALL_DEADLINE_MS = 5_000
/** The most an answer may hold (bytes): a stream's state is a few kilobytes, a floor of 256 stations tens. */
export const ANSWER_MAX_BYTES = 2 * 1024 * 1024
/** The most of a refusal's words the module repeats in Companion's log. */
const SAID_MAX = 300

export class HubRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** The request headers that carry the token and the device key. */
export function hubHeaders(address: HubAddress): Record<string, string> {
  return {
    authorization: `Bearer ${address.token}`,
    ...(address.deviceKey && { 'x-matchdesk-key': address.deviceKey }),
  }
}

/** The URL of a hub path (the address may end in a slash or not). */
export function hubUrl(address: HubAddress, path: string): string {
  return `${address.url.replace(/\/+$/, '')}${path}`
}

export class HubApi {
  constructor(private readonly address: () => HubAddress | null) {}

  /** POSTs to a control route; its JSON answer, or a HubRefusal saying why not. */
  async post<T>(path: string, body?: unknown): Promise<T> {
    const address = this.address()
    if (!address) throw new HubRefusal('Not connected: set the hub address and the control token first', 0)
    let response: Response
    try {
      response = await fetch(hubUrl(address, path), {
        method: 'POST',
        headers: { ...hubHeaders(address), ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(CALL_DEADLINE_MS),
        // The token and the key go to the address they were entered for, never where a redirect points.
        redirect: 'error',
      })
    } catch {
      throw new HubRefusal(`The hub at ${address.url} did not answer within ${CALL_DEADLINE_MS / 1000} s`, 0)
    }
    const text = await boundedText(response, ANSWER_MAX_BYTES)
    const answer = text ? (JSON.parse(text) as unknown) : null
    if (!response.ok) {
      const said = (answer as { error?: unknown } | null)?.error
      const words = typeof said === 'string' ? said.slice(0, SAID_MAX) : `The hub answered ${response.status}`
      throw new HubRefusal(words, response.status)
    }
    return answer as T
  }
}

/** A response's body as text, refused past `max` bytes (the hub is a peer on the LAN: nothing from it is unbounded). */
export async function boundedText(response: Response, max: number): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return text + decoder.decode()
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      throw new HubRefusal(`The hub's answer was over ${max} bytes`, 0)
    }
    text += decoder.decode(value, { stream: true })
  }
}
