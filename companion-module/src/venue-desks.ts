// The desks of a shared venue as this module follows them: where each answers and its public key (asked of the hub now
// and then), and the first other desk that proves it is the desk the venue names there — its answer signed, by that
// key, over this module's own fresh challenge — for a connection whose desk has gone. The token and key go only to
// such a desk: a program that took a gone desk's address may say its id, it cannot sign for it.
import { boundedText, hubHeaders, hubUrl, type HubAddress } from './hub-api.js'

export interface VenueDesk {
  deskId: string
  name: string
  url: string
  publicKey: string
}

/**
 * The venue's one rule for "is that desk still there" (the app's `shared/venue/liveness.ts`, kept here because the
 * module is its own package; tests/lint/liveness-rule.test.ts holds both equal).
 */
export const LIVENESS = { answerMs: 1200, checkMs: 1000, misses: 2, desksMs: 15_000 } as const
const ANSWER_MS = LIVENESS.answerMs
/** The most a list of desks may hold (bytes): a venue has a handful. */
const DESKS_MAX_BYTES = 64 * 1024
/** The venue's routes this module asks (the app's `VENUE_PATHS`). */
export const DESKS_PATH = '/venue/v1/desks'
export const ALIVE_PATH = '/venue/v2/alive'

const text = (value: unknown, most: number) => (typeof value === 'string' && value.length <= most ? value : null)
const KEY = /^[A-Za-z0-9_-]{43}$/

/** The venue's desks as the hub at `address` lists them (none: a desk alone, or an older hub). */
export async function readDesks(address: HubAddress): Promise<VenueDesk[]> {
  try {
    const response = await fetch(hubUrl(address, DESKS_PATH), {
      headers: hubHeaders(address),
      signal: AbortSignal.timeout(ANSWER_MS),
      redirect: 'error',
    })
    if (!response.ok) return []
    const answer = JSON.parse(await boundedText(response, DESKS_MAX_BYTES)) as { desks?: unknown }
    if (!Array.isArray(answer.desks)) return []
    return answer.desks.slice(0, 50).flatMap((desk: Record<string, unknown>) => {
      const [deskId, name, url] = [text(desk['deskId'], 100), text(desk['name'], 80), text(desk['url'], 200)]
      const publicKey = text(desk['publicKey'], 43)
      return deskId && name !== null && url && /^https?:\/\//.test(url) && publicKey && KEY.test(publicKey)
        ? [{ deskId, name, url, publicKey }]
        : []
    })
  } catch {
    return []
  }
}

/**
 * What a desk signs to answer as itself to a challenge: the app's `aliveProofText` (shared/venue/wire.ts), kept here
 * too because the module is its own package (`venue-desks.test.ts` holds that both say the same).
 */
export function aliveProofText(
  answer: { schema: number; venue: string; deskId: string; joined: number },
  nonce: string,
  challenge: string,
): string {
  const { schema, venue, deskId, joined } = answer
  return JSON.stringify(['matchdesk-alive', schema, venue, deskId, joined, nonce, challenge])
}

/** Whether `said` is the desk's answer to `challenge`, signed by its public key (WebCrypto's Ed25519). */
export async function provesItself(said: unknown, desk: VenueDesk, challenge: string): Promise<boolean> {
  const answer = said as { schema?: unknown; venue?: unknown; deskId?: unknown; joined?: unknown }
  const [nonce, proof] = [(said as { nonce?: unknown })?.nonce, (said as { proof?: unknown })?.proof]
  if (answer?.deskId !== desk.deskId || typeof nonce !== 'string' || typeof proof !== 'string') return false
  if (typeof answer.schema !== 'number' || typeof answer.venue !== 'string' || typeof answer.joined !== 'number')
    return false
  try {
    const key = await crypto.subtle.importKey('raw', bytesOf(desk.publicKey), { name: 'Ed25519' }, false, ['verify'])
    const signed = aliveProofText(
      { schema: answer.schema, venue: answer.venue, deskId: desk.deskId, joined: answer.joined },
      nonce,
      challenge,
    )
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, bytesOf(proof), new TextEncoder().encode(signed))
  } catch {
    return false
  }
}

/** A fresh challenge: 32 random bytes, base64url. */
export function freshChallenge(): string {
  let binary = ''
  for (const byte of crypto.getRandomValues(new Uint8Array(32))) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (base64url.length % 4)) % 4)
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0))
}

/** The first desk but the one at `leaving` that proves it is the desk the venue names there (no secret is sent). */
export async function firstAnswering(desks: readonly VenueDesk[], leaving: string): Promise<VenueDesk | undefined> {
  const gone = new URL(leaving).origin
  for (const desk of desks) {
    if (new URL(desk.url).origin === gone) continue
    const challenge = freshChallenge()
    try {
      const response = await fetch(`${desk.url}${ALIVE_PATH}?challenge=${challenge}`, {
        signal: AbortSignal.timeout(ANSWER_MS),
        redirect: 'error',
      })
      if (response.ok && (await provesItself(JSON.parse(await boundedText(response, 2048)), desk, challenge)))
        return desk
    } catch {
      // Not there: the next one.
    }
  }
  return undefined
}
