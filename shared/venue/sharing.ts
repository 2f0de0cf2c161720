// Several desks at one venue: what the Venue view says of the sharing, and what joining takes.
import { z } from 'zod'

export const SharingState = z.object({
  /** alone: nobody joined and this desk joined nobody; host: desks joined this one; member: this desk joined a host. */
  role: z.enum(['alone', 'host', 'member']),
  /** The host's address, for a member. */
  host: z.string().nullable(),
  /** The fingerprint of the desk hosting (a member's host; this desk's own when it hosts or works alone). */
  hostFingerprint: z.string().max(9).nullable().default(null),
  /** A member's link to its host: connecting (or reconnecting), connected, refused (revoked), closed. */
  link: z.enum(['connecting', 'connected', 'refused', 'closed']).nullable(),
  /** Desks joined to this one now, for a host. */
  joined: z.number().int().min(0),
  /** Who runs what: each desk of the venue that runs a stream ("Main stage — Ana’s desk"), this desk first. */
  desks: z
    .array(z.object({ name: z.string().max(80), you: z.boolean(), streams: z.array(z.string().max(200)) }))
    .default([]),
  /** Why the host turned this desk away for good (null: it did not). */
  refusal: z.string().max(300).nullable().default(null),
  /**
   * What other desks wrote into the venue's record that counted for nothing (forged, out of bounds, without the
   * right, ahead of the clock), by desk, most first.
   */
  refused: z
    .array(z.object({ desk: z.string().max(80), count: z.number().int().min(0), why: z.string().max(300) }))
    .max(50)
    .default([]),
})
export type SharingState = z.infer<typeof SharingState>

/** A desk's fingerprint as people compare it by eye: 8 letters and digits in two fours ("7KQ2-M9XD"). */
export const Fingerprint = z
  .string()
  .max(40, 'fingerprint: at most 40 characters')
  .trim()
  .toUpperCase()
  .regex(/^[2-9A-HJKMNP-Z]{4}-?[2-9A-HJKMNP-Z]{4}$/, 'fingerprint: the 8 letters and digits the host desk shows')
  .transform((typed) => (typed.includes('-') ? typed : `${typed.slice(0, 4)}-${typed.slice(4)}`))

/**
 * Joining a venue: the host desk's hub address, the pairing code made there for a desk, and the host's fingerprint
 * as its screen shows it beside the code (or as Look for desks found it): checked before the code is sent.
 */
export const JoinVenue = z.strictObject({
  address: z.string().trim().min(1, 'address: required').max(200, 'address: at most 200 characters'),
  code: z.string().trim().min(1, 'code: required').max(32, 'code: at most 32 characters'),
  fingerprint: z.union([z.literal(''), Fingerprint]).optional(),
})

/**
 * A desk found on the venue network (mDNS): its name, its hub's address and its fingerprint, for the join form;
 * `sameName` when another desk found answers to the same name (compare the fingerprints with the host's screen).
 */
export const FoundDesk = z.object({
  name: z.string().max(80),
  address: z.string().max(200),
  fingerprint: z.string().max(9).default(''),
  sameName: z.boolean().default(false),
})
export type FoundDesk = z.infer<typeof FoundDesk>

/** Handing the venue's hosting to another desk of it. */
export const HandOver = z.strictObject({
  deskId: z.string().min(1, 'deskId: required').max(100, 'deskId: at most 100 characters'),
})
