// Joining a venue. On the host: admitting a desk that traded a pairing code at its hub. On the joining desk: the
// host's address as typed (http, an address and a port), the host proving who it is before the code is sent
// (`desk-proofs.ts`), the code traded and the answer read bounded and checked (the same desk, the same record
// schema); and the paired desk kept in the keychain, so a restart finds it before the record knows its key.
import { z } from 'zod'
import { DeskPairingAnswer, VENUE_SCHEMA, type JoiningDesk } from '../../../shared/venue/wire'
import { safeJson, textAtMost } from '../answer-text'
import { AppError } from '../app-error'
import type { DeskIdentity } from './desk-identity'
import { askBeforeJoining } from './desk-proofs'
import type { VenueRecord } from './venue-record'
import { JOINED_ROLE } from './venue-role-guard'
import { ROLE_NAMES } from '../../../shared/venue/roles'

/** The host's answer to a code is a few hundred bytes: more is not read. */
const ANSWER_MOST_BYTES = 4096

/** The desk this one paired with, as kept with the connection's other venue secrets: its address, id and key. */
export const Paired = z.object({
  address: z.string().max(200),
  deskId: z.string().max(100),
  publicKey: z.string().max(60),
})
export type Paired = z.infer<typeof Paired>

/** The paired desk as the keychain kept it (undefined: none, or it does not read). */
export function keptPaired(raw: string | undefined | null): Paired | undefined {
  const kept = raw ? Paired.safeParse(safeJson(raw)) : undefined
  return kept?.success ? kept.data : undefined
}

/** The host's address as the Venue view shows it: http, an address and a port, nothing more. */
function hostAddress(typed: string): URL {
  const refuse = () =>
    new AppError('validation', 'address: the host desk’s hub address, as its Venue view shows it (http://…:7310)', {
      address: 'the host desk’s hub address, as its Venue view shows it (http://…:7310)',
    })
  let url: URL
  try {
    url = new URL(typed.trim())
  } catch {
    throw refuse()
  }
  if (url.protocol !== 'http:' || !url.port || url.username || url.password || url.pathname.length > 1) throw refuse()
  return url
}

/**
 * Trades a pairing code at the desk at `address` — only once that desk proved who it is (its signature over a fresh
 * challenge; with `fingerprint`, by the key the host's screen shows) — and answers the venue it admitted this desk into
 * and the desk to keep as paired. Every refusal names the field to fix.
 */
export async function pairWithHost(
  address: string,
  code: string,
  fingerprint: string | undefined,
  joining: { deskId: string; identity: DeskIdentity; app: string; deadlineMs: number },
): Promise<{ venue: DeskPairingAnswer['venue']; paired: Paired }> {
  const url = hostAddress(address)
  const proven = await askBeforeJoining(url.origin, fingerprint || undefined, joining.deadlineMs)
  if ('refused' in proven) {
    const field = fingerprint && proven.refused.includes('fingerprint') ? 'fingerprint' : 'address'
    throw new AppError('validation', `The desk at ${url.host}: ${proven.refused}. The code was not sent.`, {
      [field]: proven.refused,
    })
  }
  const desk: JoiningDesk = {
    id: joining.deskId,
    publicKey: joining.identity.publicKey,
    schema: VENUE_SCHEMA,
    app: joining.app,
  }
  let answer: Response
  try {
    answer = await fetch(new URL('/pair/v1/exchange', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, desk }),
      redirect: 'error',
      // One deadline for the whole exchange: the answer's head and its body.
      signal: AbortSignal.timeout(joining.deadlineMs),
    })
  } catch {
    throw new AppError('offline', `The desk at ${url.host} did not answer: check the address and the venue network.`)
  }
  // What the host answers is read bounded: a few keys and words, nothing more.
  const text = await textAtMost(answer, ANSWER_MOST_BYTES)
  const said = safeJson(text) as { error?: unknown; device?: { kind?: unknown } }
  if (!answer.ok) {
    const why = typeof said?.error === 'string' ? said.error.slice(0, 200) : `it answered ${answer.status}`
    throw new AppError('validation', `The desk at ${url.host} refused the code: ${why}.`, { code: why })
  }
  const parsed = DeskPairingAnswer.safeParse(said)
  if (!parsed.success) {
    const kind = typeof said?.device?.kind === 'string' ? said.device.kind.slice(0, 20) : undefined
    if (kind && kind !== 'desk')
      throw new AppError('validation', `That code pairs a ${kind}, not a desk: make one for a desk.`, {
        code: 'that code pairs another kind of device',
      })
    throw new AppError(
      'server',
      `The desk at ${url.host} answered as an older Matchdesk would: update it to ${joining.app} to join.`,
    )
  }
  const { venue } = parsed.data
  if (venue.hostKey !== proven.answer.publicKey || venue.hostDeskId !== proven.answer.deskId)
    throw new AppError(
      'validation',
      `The code was taken by another desk than the one at ${url.host} that proved itself: check the address.`,
      { address: 'another desk answered the code' },
    )
  if (venue.schema !== VENUE_SCHEMA)
    throw new AppError(
      'validation',
      `The desk at ${url.host} runs another venue record (${venue.schema}); this desk runs ${VENUE_SCHEMA}: update both to the same Matchdesk.`,
    )
  return { venue, paired: { address: url.origin, deskId: venue.hostDeskId, publicKey: venue.hostKey } }
}

/**
 * The host's side: a desk paired here (its code traded at this hub) is admitted into the record with its public key
 * and the joined desks' first role, by this desk (`mayAdmit` refuses when its role may not), and told the venue it
 * joined.
 */
export function admitDesk(
  record: VenueRecord,
  desk: JoiningDesk,
  name: string,
  pairingId: string,
  host: { app: string; identity: DeskIdentity; mayAdmit: () => void },
): DeskPairingAnswer {
  if (desk.schema !== VENUE_SCHEMA)
    throw new AppError(
      'validation',
      `That desk runs Matchdesk ${desk.app}, with another venue record (${desk.schema}); this one runs ${host.app} (${VENUE_SCHEMA}): update it to join.`,
    )
  // After the schema: a desk of another release is told to update, whoever it asked.
  host.mayAdmit()
  if (desk.id === record.deskId) throw new AppError('validation', 'A desk cannot join its own venue.')
  let admittedAt = 0
  record.doc.transact(() => {
    admittedAt = record.admit(desk.id, desk.publicKey, JOINED_ROLE, name)
    record.audit('venue', desk.id, name, `Joined the venue as ${ROLE_NAMES[JOINED_ROLE]}`)
  })
  return {
    device: { id: pairingId, name, kind: 'desk' },
    venue: {
      schema: VENUE_SCHEMA,
      root: record.venue,
      hostDeskId: record.deskId,
      hostKey: host.identity.publicKey,
      admittedAt,
    },
  }
}
