// The roles of a shared venue's desks and what each may change, and the venue's audit log as the Venue view reads it:
// who (operator and desk), when and what, by stream, station or person.
import { z } from 'zod'

/** A desk's role: producer (streams), floor (stations, calls), door lead (check-in), head organiser (all, and roles). */
export const DeskRole = z.enum(['producer', 'floor', 'door', 'head'])
export type DeskRole = z.infer<typeof DeskRole>

/** What a change is about: a stream's desk, the floor, a check-in, or the venue's roles. */
export type Concern = 'streams' | 'floor' | 'checkin' | 'roles'

/** Each role as people call it. */
export const ROLE_NAMES: Record<DeskRole, string> = {
  producer: 'producer',
  floor: 'floor',
  door: 'door lead',
  head: 'head organiser',
}

/** The role each concern belongs to (the head organiser may change all of them). */
export const ROLE_OF: Record<Concern, DeskRole> = {
  streams: 'producer',
  floor: 'floor',
  checkin: 'door',
  roles: 'head',
}

/** What each concern is, in the words a refusal uses. */
export const CONCERN_WORDS: Record<Concern, string> = {
  streams: 'streams and their layers and casters',
  floor: 'stations and calls',
  checkin: 'check-ins',
  roles: 'the roles',
}

/**
 * What a desk's role must allow for it to pair each kind of device (a door lead pairs doors, a producer the stream's
 * tablets, overlays and Companion, the floor its boards, a head organiser desks): every desk checks it when it reads a
 * device's record, and the desk pairing checks it first.
 */
export const PAIRING_CONCERN = {
  door: 'checkin',
  board: 'floor',
  overlay: 'streams',
  control: 'streams',
  scorekeeper: 'streams',
  caster: 'streams',
  desk: 'roles',
} as const satisfies Record<string, Concern>

export function allows(role: DeskRole, concern: Concern): boolean {
  return role === 'head' || ROLE_OF[concern] === role
}

export const OPERATOR_MOST = 80

/** This desk's operator: the person at it, as the audit log names them. */
export const SetOperator = z.strictObject({
  operator: z
    .string()
    .trim()
    .min(1, 'operator: required')
    .max(OPERATOR_MOST, `operator: at most ${OPERATOR_MOST} characters`),
})

/** The head organiser gives a desk of the venue a role. */
export const SetRole = z.strictObject({
  deskId: z.string().min(1, 'deskId: required').max(100, 'deskId: at most 100 characters'),
  role: DeskRole,
})

/** Each desk of the venue with its role and operator, this desk first. */
export const VenueDesk = z.object({
  deskId: z.string().max(100),
  name: z.string().max(80),
  operator: z.string().max(OPERATOR_MOST),
  role: DeskRole,
  you: z.boolean(),
  /** Its key's fingerprint, as that desk shows it under Several desks: compare to tell two desks of one name apart. */
  fingerprint: z.string().max(9).default(''),
})
export type VenueDesk = z.infer<typeof VenueDesk>

export const VenueRoles = z.object({
  /** False while no other desk has been part of the venue: this desk may change everything. */
  shared: z.boolean(),
  /** The desk that hosts the venue's sync (null: another desk, whose id this desk does not know yet). */
  host: z.string().max(100).nullable().default(null),
  desks: z.array(VenueDesk).max(200),
})
export type VenueRoles = z.infer<typeof VenueRoles>

/** What an audit entry is about. */
export const AuditSubject = z.enum(['stream', 'station', 'person', 'venue'])
export type AuditSubject = z.infer<typeof AuditSubject>

/** The longest texts an audit entry keeps (a label "Ghent Vipers vs Brno Bears", what was done "Took … on air"). */
export const AUDIT_LABEL_MOST = 200
export const AUDIT_WHAT_MOST = 300

export const AuditEntry = z.object({
  /** Epoch ms. */
  at: z.number(),
  operator: z.string().max(OPERATOR_MOST),
  /** The desk made the change by itself (`what` says why), no person: `operator` is empty. */
  automatic: z.boolean().default(false),
  desk: z.string().max(80),
  subject: AuditSubject,
  subjectId: z.string().max(200),
  /** The stream's, station's or person's name. */
  label: z.string().max(AUDIT_LABEL_MOST),
  what: z.string().max(AUDIT_WHAT_MOST),
})
export type AuditEntry = z.infer<typeof AuditEntry>

/** The most entries one answer lists (the export takes every match). */
export const AUDIT_PAGE_MOST = 500

/** Searching the audit log: words (each must appear in who, what or the subject), one kind of subject, a page. */
export const AuditQuery = z.strictObject({
  search: z.string().max(200, 'search: at most 200 characters').default(''),
  subject: AuditSubject.nullable().default(null),
  limit: z.number().int().min(1).max(AUDIT_PAGE_MOST, `limit: at most ${AUDIT_PAGE_MOST}`).default(AUDIT_PAGE_MOST),
})

export const AuditPage = z.object({
  /** Newest first. */
  entries: z.array(AuditEntry).max(AUDIT_PAGE_MOST),
  /** How many entries match in all. */
  total: z.number().int().min(0),
})
export type AuditPage = z.infer<typeof AuditPage>

/** Whether an entry matches a search: every word, case and accents aside, in its operator, desk, subject or what. */
export function auditMatches(entry: AuditEntry, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const text = fold([entry.operator, entry.desk, entry.label, entry.what, entry.subject].join(' '))
  return words.every((word) => text.includes(word))
}

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The audit log as CSV's header and rows (the Venue view saves it; times as ISO). */
export function auditRows(entries: readonly AuditEntry[]): { header: string[]; rows: string[][] } {
  return {
    header: ['When', 'Operator', 'Desk', 'About', 'Name', 'What'],
    rows: entries.map((e) => [
      new Date(e.at).toISOString(),
      e.automatic ? '(automatic)' : e.operator,
      e.desk,
      e.subject,
      e.label,
      e.what,
    ]),
  }
}
