// The words desks, device pages and Companion use with a desk's hub about the shared venue: the schema version of the
// venue's record and its sync, the routes, the headers a desk proves itself in, the close codes of the sync, and what
// the alive route answers — one place, so the two ends of every exchange say the same.
import { z } from 'zod'

/**
 * The venue record's schema: the sync's route, the alive answer and every proof carry it, and a desk of another
 * schema is told so in words on both sides instead of refusing or dropping entries it does not know. 3 added the
 * `seen` kind (a device's last sight at any desk); entries keep the signed format of 2 (`ENTRY_FORMAT`), so a record
 * kept under 2 reads on.
 */
export const VENUE_SCHEMA = 3

/** The venue's routes on a desk's hub. */
export const VENUE_PATHS = {
  /**
   * Who a desk is, whether desks sync with it, a proof of it and a fresh challenge: open, keyless. One address since
   * schema 2 (its answer names the schema), so a device page or the Companion module finds a desk of any later one.
   */
  alive: '/venue/v2/alive',
  /** The venue's sync (a WebSocket), for a desk that proved itself. */
  sync: `/venue/v${VENUE_SCHEMA}/sync`,
  /** Where every desk of the venue answers (for devices that move with the venue). */
  desks: `/venue/v1/desks`,
  /** Any schema's version question, answered by every release from this one on. */
  version: '/venue/version',
} as const

/** The sync routes of other schemas: answered with words (426), never silently. */
export const OTHER_SCHEMA_SYNC = /^\/venue\/v(\d{1,3})\/sync$/

/** The headers a desk proves itself in when it opens the sync: its id, the hub's challenge, its signature. */
export const DESK_HEADER = 'x-matchdesk-desk'
export const NONCE_HEADER = 'x-matchdesk-nonce'
export const PROOF_HEADER = 'x-matchdesk-proof'

/** The sync's close codes: the desk is out of the venue; the host turns it away for now; its entries were refused. */
export const CLOSE = {
  /** Revoked or removed: it stops trying. */
  out: 4403,
  /** Another connection, a minority, or this desk follows a host itself: it tries again (and looks for the host). */
  elsewhere: 4409,
  /** It sent what the record refuses (a forged or oversized entry, a full record): it stops, and says why. */
  refused: 4422,
  /** Another schema of the record: it stops, and says which to update. */
  schema: 4426,
} as const

/** How a host that follows another desk now closes a desk's sync: the reason names the desk that hosts. */
export const SENT_ON = 'this desk syncs with the venue’s host:'

/** The desk a close's reason sends this desk on to (undefined: none named, or not a desk's id). */
export function sentOnTo(reason: string): string | undefined {
  if (!reason.startsWith(SENT_ON)) return undefined
  const deskId = reason.slice(SENT_ON.length).trim()
  return DeskId.safeParse(deskId).success ? deskId : undefined
}

/** A fresh challenge: 32 random bytes, base64url. */
export const Challenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/)

/** An Ed25519 public key (32 bytes) or signature (64 bytes), base64url. */
export const PublicKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/)
export const Signature = z.string().regex(/^[A-Za-z0-9_-]{86}$/)

/** A desk's id in the venue (a UUID as desks make them; it travels in a header, so letters, digits and .:_- only). */
export const DeskId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/)

/**
 * What `GET alive` answers: who the desk is; asked with `?challenge=…` (a desk of the venue asks so), signed over the
 * asker's challenge, with a challenge for the asker in turn.
 */
export const AliveAnswer = z.object({
  schema: z.number().int(),
  app: z.string().max(40),
  /** The venue's root key (its founding desk's public key): which venue the desk is part of. */
  venue: PublicKey,
  deskId: DeskId,
  /** The desk's own public key: what a desk about to join checks its proof with (and shows as a fingerprint). */
  publicKey: PublicKey,
  /** How many desks sync with it now (it hosts them). */
  joined: z.number().int().min(0).max(1000),
  /** The challenge the asker may sign to open the sync here (single use, for a short while). */
  nonce: Challenge.optional(),
  /** The desk's signature over what it says and the asker's challenge (`aliveProofText`). */
  proof: Signature.optional(),
})
export type AliveAnswer = z.infer<typeof AliveAnswer>

/** What a desk signs to answer as itself to a challenge (the alive route). */
export function aliveProofText(
  { schema, venue, deskId, joined }: Pick<AliveAnswer, 'schema' | 'venue' | 'deskId' | 'joined'>,
  nonce: string,
  challenge: string,
): string {
  return JSON.stringify(['matchdesk-alive', schema, venue, deskId, joined, nonce, challenge])
}

/** What a desk signs to open the sync at another desk's hub with that hub's challenge. */
export function syncProofText(venue: string, hostDeskId: string, deskId: string, nonce: string): string {
  return JSON.stringify(['matchdesk-sync', VENUE_SCHEMA, venue, hostDeskId, deskId, nonce])
}

/** What `GET /venue/version` answers. */
export const VersionAnswer = z.object({ schema: z.number().int(), app: z.string().max(40) })
export type VersionAnswer = z.infer<typeof VersionAnswer>

/** What a desk sends with a desk's pairing code: who it is (its id and public key) and what it runs. */
export const JoiningDesk = z.strictObject({
  id: DeskId,
  publicKey: PublicKey,
  schema: z.number().int(),
  app: z.string().max(40),
})
export type JoiningDesk = z.infer<typeof JoiningDesk>

/**
 * What the pairing desk answers a desk it admitted: the venue it is part of now (its root key, the schema), who the
 * pairing desk is (its id and public key: the first desk it syncs with proves itself with it) and when the admission
 * was written. Nothing secret: the desk proves itself with its own key from now on.
 */
export const DeskPairingAnswer = z.object({
  device: z.object({ id: z.string().max(64), name: z.string().max(80), kind: z.literal('desk') }),
  venue: z.object({
    schema: z.number().int(),
    root: PublicKey,
    hostDeskId: DeskId,
    hostKey: PublicKey,
    admittedAt: z.number().int().min(0),
  }),
})
export type DeskPairingAnswer = z.infer<typeof DeskPairingAnswer>
