// The desks of a shared venue as this module follows them: where each answers (asked of the hub now and then), and
// the first other desk that answers as the desk the venue names there, for a connection whose desk has gone. The
// token and key go only to such a desk: one the venue's record lists, which said it is that desk.
import { boundedText, hubHeaders, hubUrl, type HubAddress } from './hub-api.js'

export interface VenueDesk {
  deskId: string
  name: string
  url: string
}

/** How long a desk has to answer whether it is there (ms). */
const ANSWER_MS = 1200
/** The most a list of desks may hold (bytes): a venue has a handful. */
const DESKS_MAX_BYTES = 64 * 1024

const text = (value: unknown, most: number) => (typeof value === 'string' && value.length <= most ? value : null)

/** The venue's desks as the hub at `address` lists them (none: a desk alone, or an older hub). */
export async function readDesks(address: HubAddress): Promise<VenueDesk[]> {
  try {
    const response = await fetch(hubUrl(address, '/venue/v1/desks'), {
      headers: hubHeaders(address),
      signal: AbortSignal.timeout(ANSWER_MS),
      redirect: 'error',
    })
    if (!response.ok) return []
    const answer = JSON.parse(await boundedText(response, DESKS_MAX_BYTES)) as { desks?: unknown }
    if (!Array.isArray(answer.desks)) return []
    return answer.desks.slice(0, 50).flatMap((desk: Record<string, unknown>) => {
      const [deskId, name, url] = [text(desk['deskId'], 100), text(desk['name'], 80), text(desk['url'], 200)]
      return deskId && name !== null && url && /^https?:\/\//.test(url) ? [{ deskId, name, url }] : []
    })
  } catch {
    return []
  }
}

/** The first desk but the one at `leaving` that answers as itself (no secret is sent to ask). */
export async function firstAnswering(desks: readonly VenueDesk[], leaving: string): Promise<VenueDesk | undefined> {
  const gone = new URL(leaving).origin
  for (const desk of desks) {
    if (new URL(desk.url).origin === gone) continue
    try {
      const response = await fetch(`${desk.url}/venue/v2/alive`, { signal: AbortSignal.timeout(ANSWER_MS) })
      const said = JSON.parse(await boundedText(response, 1024)) as { deskId?: unknown }
      if (response.ok && said.deskId === desk.deskId) return desk
    } catch {
      // Not there: the next one.
    }
  }
  return undefined
}
