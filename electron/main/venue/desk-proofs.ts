// How a desk proves it is a desk of the venue, both ways, with nothing that could be replayed: the asker sends a fresh
// challenge to the other desk's alive route, which answers who it is signed over that challenge (checked against the
// public key the venue's record binds to that desk) and gives a challenge of its own; the asker opens the sync with
// its signature over that one. A hub's challenges are good once, for a short while.
import { randomBytes } from 'node:crypto'
import {
  AliveAnswer,
  Challenge,
  DESK_HEADER,
  DeskId,
  NONCE_HEADER,
  PROOF_HEADER,
  VENUE_PATHS,
  VENUE_SCHEMA,
  aliveProofText,
  syncProofText,
} from '../../../shared/venue/wire'
import { LIVENESS } from '../../../shared/venue/liveness'
import { safeJson, textAtMost } from '../answer-text'
import type { DeskIdentity } from './desk-identity'
import { fingerprintOf, verifySigned } from './desk-identity'
import { moduleLog } from '../log'

const log = moduleLog('desk-proofs')

/** How long a hub's challenge may be answered. */
const CHALLENGE_MS = 30_000
/** The most challenges a hub keeps at once (a flood of asks forgets the oldest, never grows memory). */
const CHALLENGES_KEPT = 1_000
/** An alive answer is a few hundred bytes: more is not read. */
const ALIVE_MOST_BYTES = 2048

/** When each warning about a desk was last written (the oldest forgotten past 256): at most one a minute each. */
const warned = new Map<string, number>()
function warnedOnce(line: string, now = Date.now()): boolean {
  const last = warned.get(line)
  if (last !== undefined && now - last < 60_000) return false
  warned.delete(line)
  warned.set(line, now)
  if (warned.size > 256) warned.delete(warned.keys().next().value!)
  return true
}

/** A fresh challenge. */
export function newChallenge(): string {
  return randomBytes(32).toString('base64url')
}

/** The challenges a hub gave out: each good once, within `CHALLENGE_MS`. */
export class Challenges {
  private readonly given = new Map<string, number>()

  constructor(private readonly now: () => number = Date.now) {}

  give(): string {
    const challenge = newChallenge()
    if (this.given.size >= CHALLENGES_KEPT) this.given.delete(this.given.keys().next().value!)
    this.given.set(challenge, this.now() + CHALLENGE_MS)
    return challenge
  }

  /** Whether the challenge was given here and is still good; it is used up either way. */
  take(challenge: string): boolean {
    const until = this.given.get(challenge)
    this.given.delete(challenge)
    return until !== undefined && until >= this.now()
  }
}

/** Who this desk is, for the alive route: signed over the asker's challenge when it gave one, with one for it. */
export function aliveAnswer(
  facts: { app: string; venue: string; deskId: string; joined: number },
  identity: DeskIdentity,
  challenges: Challenges,
  challenge: string | undefined,
): AliveAnswer {
  const said = { schema: VENUE_SCHEMA, ...facts, publicKey: identity.publicKey }
  if (challenge === undefined || !Challenge.safeParse(challenge).success) return said
  const nonce = challenges.give()
  return { ...said, nonce, proof: identity.sign(aliveProofText(said, nonce, challenge)) }
}

/** A desk that answered as itself: what it said, and its challenge for the asker. */
export interface ProvenDesk {
  answer: AliveAnswer
  nonce: string
}

/**
 * Asks the hub at `address` who it is, with a fresh challenge, and believes the answer only when it is signed by the
 * key the record binds to `deskId`, for the same venue (undefined otherwise, or when nothing answers in time).
 */
export async function askAlive(
  address: string,
  expect: { deskId: string; publicKey: string | undefined; venue: string },
  timeoutMs = LIVENESS.answerMs,
): Promise<ProvenDesk | undefined> {
  /**
   * Why the desk is not taken as alive, in the log: a desk gone quiet is usual (debug), one that answers wrong is not
   * (a warning, once a minute for the same desk and reason: the hosting rule asks every second).
   */
  const notAlive = (why: string, level: 'debug' | 'warn' = 'debug', error?: unknown) => {
    const line = `the desk ${expect.deskId} at ${address} is not taken as alive: ${why}`
    if (level === 'debug' || warnedOnce(line)) log[level](line, error ? { err: error } : {})
    return undefined
  }
  if (!expect.publicKey) return notAlive('the venue binds no key to it')
  const challenge = newChallenge()
  try {
    const url = new URL(VENUE_PATHS.alive, address)
    url.searchParams.set('challenge', challenge)
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) })
    if (!response.ok) return notAlive(`it answered ${response.status}`)
    const parsed = AliveAnswer.safeParse(safeJson(await textAtMost(response, ALIVE_MOST_BYTES)))
    if (!parsed.success) return notAlive('it answered as no desk would', 'warn')
    const answer = parsed.data
    const { nonce, proof } = answer
    if (answer.deskId !== expect.deskId || answer.venue !== expect.venue)
      return notAlive(`another desk or venue answered (${answer.deskId})`, 'warn')
    if (!nonce || !proof) return notAlive('its answer is not signed', 'warn')
    if (!verifySigned(expect.publicKey, aliveProofText(answer, nonce, challenge), proof))
      return notAlive('its answer is not signed by the key the venue binds to it', 'warn')
    return { answer, nonce }
  } catch (error) {
    // let go: `notAlive` logs it
    return notAlive('it did not answer in time', 'debug', error)
  }
}

/**
 * Asks the hub at `address` who it is before a code is sent there: its answer must be signed over a fresh challenge by
 * the key it gives (and, when `fingerprint` is given, that key must be the one the host's screen shows). Answers the
 * proven desk, or why not in words.
 */
export async function askBeforeJoining(
  address: string,
  fingerprint: string | undefined,
  timeoutMs = 2000,
): Promise<ProvenDesk | { refused: string }> {
  const challenge = newChallenge()
  let said: unknown
  try {
    const url = new URL(VENUE_PATHS.alive, address)
    url.searchParams.set('challenge', challenge)
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) })
    if (response.status === 404) return { refused: 'it runs an older Matchdesk (no signed answer): update it to join' }
    if (!response.ok) return { refused: `it answered ${response.status}` }
    said = safeJson(await textAtMost(response, ALIVE_MOST_BYTES))
  } catch (error) {
    log.debug(`the desk at ${address} did not answer before joining`, { err: error })
    return { refused: 'it did not answer' }
  }
  const parsed = AliveAnswer.safeParse(said)
  if (!parsed.success || !parsed.data.nonce || !parsed.data.proof) return { refused: 'it answered as no desk would' }
  const answer = parsed.data
  if (!verifySigned(answer.publicKey, aliveProofText(answer, answer.nonce!, challenge), answer.proof!))
    return { refused: 'it could not prove who it is' }
  if (fingerprint && fingerprintOf(answer.publicKey) !== fingerprint)
    return {
      refused: `it proves to be desk ${fingerprintOf(answer.publicKey)}, not ${fingerprint} (the fingerprint on the host desk’s screen)`,
    }
  return { answer, nonce: answer.nonce! }
}

/** The headers a desk opens the sync with at a proven desk's hub: its id and its signature over that hub's challenge. */
export function syncHeaders(
  identity: DeskIdentity,
  venue: string,
  host: ProvenDesk,
  deskId: string,
): Record<string, string> {
  return {
    [DESK_HEADER]: deskId,
    [NONCE_HEADER]: host.nonce,
    [PROOF_HEADER]: identity.sign(syncProofText(venue, host.answer.deskId, deskId, host.nonce)),
  }
}

/**
 * The desk a sync request proves to be (undefined: no proof, a challenge not given here or used already, or a
 * signature that is not the key the record binds to the desk named).
 */
export function provenDesk(
  headers: Record<string, string | string[] | undefined>,
  facts: { venue: string; hostDeskId: string; publicKeyOf(deskId: string): string | undefined },
  challenges: Challenges,
): string | undefined {
  const [deskId, nonce, proof] = [headers[DESK_HEADER], headers[NONCE_HEADER], headers[PROOF_HEADER]]
  if (typeof deskId !== 'string' || typeof nonce !== 'string' || typeof proof !== 'string') return undefined
  if (!DeskId.safeParse(deskId).success || !Challenge.safeParse(nonce).success) return undefined
  if (!challenges.take(nonce)) return undefined
  const key = facts.publicKeyOf(deskId)
  if (!key || !verifySigned(key, syncProofText(facts.venue, facts.hostDeskId, deskId, nonce), proof)) return undefined
  return deskId
}
