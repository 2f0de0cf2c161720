// Where a paired device's page goes when its desk goes (a door, a board, a tablet, an overlay on another PC): it keeps
// the venue's desk addresses (asked of its desk now and then), and once its desk has not answered for a few seconds it
// moves to the first other desk that proves it is the desk the venue names there (its signature over the page's own
// challenge, by the public key its desk listed with the address) — a key kept in the page's storage
// carried in the address's fragment (never sent over the network; an overlay's is in its address already), with a
// door's recent scans, which the new desk is sent again (the same scan ids: nothing lost, nothing counted twice).
import { z } from 'zod'
import { VENUE_PATHS } from '../../../shared/venue/wire'
import { freshChallenge, provesAlive } from '../../../shared/venue/alive-proof'
import { firstThatProves, LIVENESS } from '../../../shared/venue/liveness'

/** A scan a door made lately: its own id, the code, when, and whether its desk answered it. */
export const CarriedScan = z.object({
  scanId: z.string().min(8).max(64),
  code: z.string().min(1).max(128),
  at: z.number(),
  answered: z.boolean().default(false),
})
export type CarriedScan = z.infer<typeof CarriedScan>

const DESKS_ITEM = 'matchdesk.venueDesks'
/** How often the page asks its desk, how long it waits, how many misses move it: the venue's one rule. */
const { checkMs: CHECK_MS, answerMs: ANSWER_MS, misses: MISSES, desksMs: DESKS_MS } = LIVENESS
/** The fragment field a moved page finds its key and carried scans in. */
const MOVED = 'moved'

const DeskAddress = z.object({
  deskId: z.string().max(100),
  name: z.string().max(80),
  url: z.string().max(200),
  /** The desk's public key, as the venue's record binds it: what proves the desk at that address is that desk. */
  publicKey: z.string().max(60),
})
type DeskAddress = z.infer<typeof DeskAddress>

/** A desk's origin, or null for an address that is none (it came from the LAN: one bad entry moves no one). */
function originOf(url: string): string | null {
  try {
    const { origin, protocol } = new URL(url)
    return protocol === 'http:' || protocol === 'https:' ? origin : null
  } catch {
    // let go: an address that does not parse is no desk's origin
    return null
  }
}

/** The desks of a list that read as desks, at most 50: an entry that does not is passed over, not the whole list. */
function desksIn(value: unknown): DeskAddress[] {
  if (!Array.isArray(value)) return []
  return value
    .flatMap((entry) => {
      const desk = DeskAddress.safeParse(entry)
      return desk.success && originOf(desk.data.url) ? [desk.data] : []
    })
    .slice(0, 50)
}

/** Text as base64url, whatever its characters (a scanned code may be in any script: `btoa` takes Latin-1 only). */
function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_')
}

function fromBase64url(text: string): string {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
}
const Moved = z.object({ key: z.string().max(200), scans: z.array(CarriedScan).max(50).default([]) })

/** A read that gives up after `ms`. */
async function within(ms: number, url: string, init: RequestInit = {}): Promise<Response> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ms)
  try {
    return await fetch(url, { ...init, signal: controller.signal, cache: 'no-store', credentials: 'omit' })
  } finally {
    clearTimeout(timer)
  }
}

/** The desk addresses last heard (none: the page has not asked yet, or the venue is one desk). */
function knownDesks(): DeskAddress[] {
  try {
    return desksIn(JSON.parse(localStorage.getItem(DESKS_ITEM) ?? '[]'))
  } catch {
    // let go: desk addresses the storage cannot read are none known
    return []
  }
}

/**
 * The desk at its address proves it is that desk: its answer signed over this page's fresh challenge by the key its
 * own desk listed (a stale address may now be another program, which can say any id but sign for none).
 */
async function provesItself(desk: DeskAddress): Promise<boolean> {
  const challenge = freshChallenge()
  try {
    const answer = await within(ANSWER_MS, `${desk.url}${VENUE_PATHS.alive}?challenge=${challenge}`)
    return answer.ok && provesAlive(await answer.json(), desk.deskId, desk.publicKey, challenge)
  } catch {
    // let go: a desk that does not answer in time does not prove itself: the next one is asked
    return false
  }
}

/** The fragment a moving page takes along: its key (when kept in its storage) and a door's recent scans. */
export function movedFragment(key: string, scans: readonly CarriedScan[]): string {
  return `${MOVED}=${base64url(JSON.stringify({ key, scans }))}`
}

/**
 * What a page that just moved here was given: the key (to keep in this origin's storage) and the scans to send again.
 * The fragment is cleared at once, so the key stays out of the address bar and its history.
 */
export function arrived(): { key: string; scans: CarriedScan[] } | undefined {
  const given = new URLSearchParams(location.hash.slice(1)).get(MOVED)
  if (given === null) return undefined
  history.replaceState(null, '', location.pathname + location.search)
  try {
    const moved: unknown = JSON.parse(fromBase64url(given))
    return Moved.parse(moved)
  } catch {
    // let go: a moved fragment that does not read brings nothing along
    return undefined
  }
}

export interface Follower {
  /** A call could not reach the desk: check now rather than at the next tick. */
  lost(): void
  stop(): void
}

export interface FollowOptions {
  /** The page's device key, sent to its desk when it asks where the desks answer (a player's page: its player). */
  key: () => string
  /** Where the page asks its desk for the venue's desks (a player's page: the players' origins). */
  desksPath?: string
  /** Whether the key goes with the page in the fragment (kept in the page's storage, not in its address). */
  handOnKey?: boolean
  /** What goes with the page when it moves: a door's recent scans. */
  carry?: () => CarriedScan[]
  /** Told the desk the page moves to, just before it goes. */
  moving?: (name: string) => void
  /**
   * Served again when a desk joins the venue, so that its policy lets it ask that desk too (default). An overlay on air
   * is not: a reload would show on stream. It moves to the desks known when it was served.
   */
  reloadForNewDesks?: boolean
}

/** Follows the venue from this page (see the top). */
export function followVenue(options: FollowOptions): Follower {
  let misses = 0
  let moving = false
  /** The desks' origins this page was served with: its policy lets it ask those alone whether they answer. */
  let servedWith: Set<string> | undefined
  const readDesks = async () => {
    try {
      // A device's key proves it to its desk; a player's page asks openly (its "key" is who the player is).
      const answer = await within(ANSWER_MS, options.desksPath ?? VENUE_PATHS.desks, {
        headers: options.desksPath ? {} : { 'x-matchdesk-key': options.key() },
      })
      if (!answer.ok) return
      const desks = desksIn(((await answer.json()) as { desks?: unknown }).desks)
      localStorage.setItem(DESKS_ITEM, JSON.stringify(desks))
      const origins = desks.map((desk) => originOf(desk.url)!)
      // A desk joined since the page was served: served again, it may ask that desk too.
      const joined = servedWith && origins.some((origin) => !servedWith!.has(origin))
      if (joined && options.reloadForNewDesks !== false) location.reload()
      servedWith ??= new Set(origins)
    } catch {
      // let go: the desks stay as last heard, what the page moves by when its desk is gone
    }
  }
  const move = async () => {
    if (moving) return
    const desk = await firstThatProves(knownDesks(), location.origin, provesItself)
    // Another round may have found a desk meanwhile.
    if (!desk || moving) return
    const scans = (options.carry?.() ?? []).slice(-50)
    const key = options.handOnKey ? options.key() : ''
    // Nothing to hand on (an overlay's key is in its address): the same address at the other desk.
    const fragment = key || scans.length > 0 ? `#${movedFragment(key, scans)}` : ''
    moving = true
    options.moving?.(desk.name)
    location.replace(`${desk.url}${location.pathname}${location.search}${fragment}`)
  }
  /** One check at a time (its answer may take longer than the rule's interval): a check due meanwhile is skipped. */
  let checking = false
  const check = async () => {
    if (moving || checking) return
    checking = true
    try {
      let answered = false
      try {
        answered = (await within(ANSWER_MS, VENUE_PATHS.alive)).ok
      } catch {
        // let go: no answer is a miss, which is what is counted
        answered = false
      }
      misses = answered ? 0 : misses + 1
      if (misses >= MISSES) await move()
    } finally {
      checking = false
    }
  }
  void readDesks()
  const checks = setInterval(() => void check(), CHECK_MS)
  const desks = setInterval(() => void readDesks(), DESKS_MS)
  return {
    lost: () => void check(),
    stop: () => {
      clearInterval(checks)
      clearInterval(desks)
    },
  }
}
