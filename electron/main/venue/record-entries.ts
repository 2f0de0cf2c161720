// The entries of the venue's record as text: each kind's fields and their bounds, and an entry signed by its author
// and read back — bounded field by field whatever another desk wrote, never trusted for its shape. An entry is a JSON
// array `[kind, ...fields, at, by, signature]`, the signature its author's (Ed25519) over the same array, without the
// signature, behind the entries' format: so it cannot be moved to another kind, desk, time or format.
import { AUDIT_LABEL_MOST, AUDIT_WHAT_MOST, AuditSubject, DeskRole, OPERATOR_MOST } from '../../../shared/venue/roles'
import { DeskId, PublicKey, Signature } from '../../../shared/venue/wire'

/** The fields of each kind, after its name. */
export interface Fields {
  /** A desk is part of the venue from now on, with its public key, first role and name (written by the desk pairing it). */
  admit: [deskId: string, publicKey: string, role: DeskRole, name: string]
  /** The author's own name, as people call it ("Ana’s desk"). */
  name: [name: string]
  /** The person at the author's desk. */
  operator: [operator: string]
  /** A head organiser gives a desk a role. */
  role: [deskId: string, role: DeskRole]
  /** Where the author's hub answers on the venue network. */
  hub: [url: string]
  /** The author's control token for Companion, hashed (SHA-256, hex). */
  control: [hash: string]
  /** A head organiser hands the venue's hosting to a desk. */
  host: [deskId: string]
  /** A desk is out of the venue: it left (its own entry), or a head organiser removed it. */
  out: [deskId: string]
  /** A stream puts a match on air (null: none). */
  take: [streamId: string, matchId: string | null]
  /** The author runs a stream from now on. */
  run: [streamId: string]
  /** A scan decided at a door of the author's: its own id, the person, the place. */
  scan: [scanId: string, participantId: string, place: string]
  /** A person checked out (their scans before no longer count). */
  checkout: [participantId: string]
  /** The scan whose desk writes a person's check-in to the service (named by the host). */
  writer: [participantId: string, scanId: string]
  /** The author wrote a person's check-in to the service (its outbox took it). */
  written: [participantId: string, scanId: string]
  /** A device paired at the author's desk (its record as JSON: `SharedDevice`, the key hashed). */
  device: [deviceId: string, record: string]
  /** A device revoked: its key opens no desk's hub. */
  deviceOut: [deviceId: string]
  /** A change for the audit log; `cause` says why when no person did it (null: the author's operator did). */
  audit: [subject: AuditSubject, subjectId: string, label: string, what: string, cause: string | null]
  /** A stream's desk state as the author, running it, published it last (JSON; a map value, not the log). */
  stream: [streamId: string, state: string]
  /** A floor station as the author has it now (JSON; a map value, not the log). */
  station: [stationId: string, value: string]
  /** A device of the venue came to the author's hub (at the entry's time; a map value, not the log). */
  seen: [deviceId: string]
}
export type Kind = keyof Fields

/** An entry read and checked: its kind, fields, time (hybrid, epoch ms) and author, and the text it came as. */
export interface Entry<K extends Kind = Kind> {
  kind: K
  f: Fields[K]
  at: number
  by: string
  /** Its signature. */
  sig: string
  /** 48 bits of its signature: what orders two entries of one desk at one time, the same on every desk. */
  tie: number
}

/**
 * What every entry is signed behind: the entries' format, set at schema 2. A later schema that only adds kinds keeps
 * it, so what a desk kept and signed before updating still verifies (a change of an entry's meaning would change it).
 */
export const ENTRY_FORMAT = 'matchdesk-venue/2'

/** The longest entry of the log, as text; a stream's desk state (with its live journal) may be longer. */
export const ENTRY_MOST = 16 * 1024
export const STATE_MOST = 256 * 1024
/** The kinds kept in maps, by key: only the latest of each key counts, and Yjs drops what it held before. */
export const MAP_KINDS = ['stream', 'station', 'seen'] as const satisfies readonly Kind[]

const text =
  (most: number, least = 0) =>
  (value: unknown) =>
    typeof value === 'string' && value.length >= least && value.length <= most
const id = text(200, 1)
const deskId = (value: unknown) => DeskId.safeParse(value).success
const nullable = (check: (value: unknown) => boolean) => (value: unknown) => value === null || check(value)
const role = (value: unknown) => DeskRole.safeParse(value).success
const hash = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)
/** A hub's address as a desk announces it: http, a host and a port, nothing more. */
const hubUrl = (value: unknown) =>
  typeof value === 'string' && value.length <= 200 && /^https?:\/\/[^/?#@\s]+$/.test(value)
const json = (most: number) => (value: unknown) => typeof value === 'string' && value.length <= most

/** Each kind's fields, checked one by one. */
const CHECKS: { [K in Kind]: ((value: unknown) => boolean)[] } = {
  admit: [deskId, (value) => PublicKey.safeParse(value).success, role, text(80, 1)],
  name: [text(80, 1)],
  operator: [text(OPERATOR_MOST)],
  role: [deskId, role],
  hub: [hubUrl],
  control: [hash],
  host: [deskId],
  out: [deskId],
  take: [id, nullable(id)],
  run: [id],
  scan: [id, id, text(100, 1)],
  checkout: [id],
  writer: [id, id],
  written: [id, id],
  device: [id, json(2048)],
  deviceOut: [id],
  audit: [
    (value) => AuditSubject.safeParse(value).success,
    text(200),
    text(AUDIT_LABEL_MOST),
    text(AUDIT_WHAT_MOST),
    nullable(text(80)),
  ],
  stream: [id, json(STATE_MOST)],
  station: [id, json(ENTRY_MOST)],
  seen: [id],
}

/** The latest time an entry may carry (a number JSON keeps exact); the earliest is any desk's admission. */
const AT_MOST = Number.MAX_SAFE_INTEGER

/** Why a text is not an entry. */
export type Malformed = 'malformed' | 'oversized'

/** The text signed for an entry (its array without the signature, behind the schema). */
export function signedText(kind: Kind, fields: readonly unknown[], at: number, by: string): string {
  return JSON.stringify([ENTRY_FORMAT, kind, ...fields, at, by])
}

/** An entry as it is written: its text with its author's signature. */
export function entryText(kind: Kind, fields: readonly unknown[], at: number, by: string, sig: string): string {
  return JSON.stringify([kind, ...fields, at, by, sig])
}

/**
 * An entry read from a text another desk (or this one, or the disk) wrote, bounded field by field; its signature is
 * checked by whoever knows its author's key. A text that is not one says why, and names its author when it can.
 */
export function readEntry(raw: string): Entry | { malformed: Malformed; by: string | undefined } {
  const most = raw.startsWith('["stream"') ? STATE_MOST + 1024 : ENTRY_MOST
  if (raw.length > most) return { malformed: 'oversized', by: authorOf(raw) }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { malformed: 'malformed', by: undefined }
  }
  const refuse = { malformed: 'malformed' as const, by: undefined as string | undefined }
  if (!Array.isArray(value) || typeof value[0] !== 'string' || !Object.hasOwn(CHECKS, value[0])) return refuse
  const kind = value[0] as Kind
  const checks = CHECKS[kind]
  if (value.length !== checks.length + 4) return refuse
  const [at, by, sig] = value.slice(-3) as unknown[]
  refuse.by = deskId(by) ? (by as string) : undefined
  if (!Number.isSafeInteger(at) || (at as number) < 1 || (at as number) > AT_MOST) return refuse
  if (!deskId(by) || !Signature.safeParse(sig).success) return refuse
  const fields = value.slice(1, -3)
  if (!checks.every((check, i) => check(fields[i]))) return refuse
  const tie = Buffer.from((sig as string).slice(0, 8), 'base64url').readUIntBE(0, 6)
  return { kind, f: fields as Fields[Kind], at: at as number, by: by as string, sig: sig as string, tie }
}

/** The author a text names, when it reads that far (for counting what a desk sent that was refused). */
function authorOf(raw: string): string | undefined {
  const match = /,(-?\d+),"([^"\\]{1,100})","[A-Za-z0-9_-]{86}"\]$/.exec(raw.slice(-300))
  return match?.[2]
}

/** Whether a checked entry is of a kind. */
export function isKind<K extends Kind>(entry: Entry, kind: K): entry is Entry<K> {
  return entry.kind === kind
}
