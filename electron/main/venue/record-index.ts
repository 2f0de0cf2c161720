// The venue's record as one desk reads it: every text that arrives (from this desk, the disk or another desk) checked
// before it counts — its fields bounded, its time no more than `AHEAD_MS` ahead of this desk's clock (a later one waits,
// moving no clock, until the clock reaches it), its signature its author's, and its author in the venue with the
// right to say it at its time — and folded into the latest of each key. An entry that fails is counted by author and
// reason, never applied. Who is in the venue (`Membership`) is replayed from the admissions, roles and removals; when
// one of those arrives (rarely: a desk joins, a role changes) the other entries are folded again, so every desk ends
// with the same record whatever order the entries came in.
import { createHash, randomBytes } from 'node:crypto'
import { SharedDevice } from '../../../shared/venue/door'
import { allows, PAIRING_CONCERN, type Concern, type DeskRole } from '../../../shared/venue/roles'
import { verifySigned } from './desk-identity'
import { Membership, byTimeThenDesk, type AuthorityEntry, type Ordered } from './record-authority'
import { readEntry, signedText, type Entry, type Kind } from './record-entries'

/** How far ahead of this desk's clock an entry's time may be (laptops' clocks differ by seconds, not more). */
export const AHEAD_MS = 30_000
/**
 * The most texts kept waiting for their author's key (an admission arriving after what the desk wrote) or for the
 * clock, and the most kept whose author's keys do not verify them (a re-paired desk's new key may still come): what a
 * hostile desk sends past them is counted and dropped.
 */
const WAITING_MOST = 10_000
const FORGED_KEPT = 1_000

/** Why an entry was refused, in words the Venue view shows. */
export type Refusal = 'malformed' | 'oversized' | 'signature' | 'not in the venue' | 'no right' | 'ahead of time'

/** An entry checked and accepted, with the key that signed it (its signature dropped: it is in the document). */
type Accepted<K extends Kind = Kind> = Omit<Entry<K>, 'sig'> & { key: string }

/** Desk ids and keys held once however many entries name them. */
const interned = new Map<string, string>()
function intern(text: string): string {
  const held = interned.get(text)
  if (held !== undefined) return held
  if (interned.size > 10_000) interned.clear()
  interned.set(text, text)
  return text
}

/** An entry as kept once accepted. */
function kept(entry: Entry, key: string): Accepted {
  const { sig: _sig, ...rest } = entry
  return { ...rest, by: intern(entry.by), key: intern(key) }
}

/** This process's salt for texts' ids: nobody outside can make a text whose id is another's. */
const SALT = randomBytes(16)

/** A text's id: 48 bits of its salted hash (what was accepted is known by it, not kept twice beside the document). */
function textId(text: string): number {
  return createHash('sha256').update(SALT).update(text).digest().readUIntBE(0, 6)
}

/** What an entry of each kind needs of its author's role at its time (member: any desk in the venue). */
const RIGHTS: Record<Exclude<Kind, 'admit' | 'role' | 'out'>, Concern | 'member' | 'head'> = {
  name: 'member',
  operator: 'member',
  hub: 'member',
  control: 'member',
  host: 'head',
  take: 'streams',
  run: 'streams',
  stream: 'streams',
  scan: 'checkin',
  checkout: 'checkin',
  writer: 'checkin',
  written: 'member',
  station: 'floor',
  device: 'member',
  deviceOut: 'member',
  audit: 'member',
  seen: 'member',
}

/** A scan as kept: its id, the person, the place, who and when. */
export interface HeldScan extends Ordered {
  scanId: string
  participantId: string
  place: string
}

/** A writer named, or a check-in written: the person's scan, who and when. */
export interface HeldWrite extends Ordered {
  scanId: string
}

/** The entries that counted, each key's latest (or first), and what was refused. */
export class Folded {
  readonly takes = new Map<string, Accepted<'take'>>()
  readonly runs = new Map<string, Accepted<'run'>>()
  /** Scans, writers and writes kept small (a day holds thousands of each): what they say, who and when. */
  readonly scans = new Map<string, HeldScan>()
  readonly firstScans = new Map<string, HeldScan>()
  readonly checkouts = new Map<string, Accepted<'checkout'>>()
  readonly writers = new Map<string, HeldWrite[]>()
  readonly written = new Map<string, HeldWrite[]>()
  readonly names = new Map<string, Accepted<'name'>>()
  readonly operators = new Map<string, Accepted<'operator'>[]>()
  readonly hubs = new Map<string, Accepted<'hub'>>()
  readonly controls = new Map<string, Accepted<'control'>>()
  readonly hosts: Accepted<'host'>[] = []
  readonly devices = new Map<string, Accepted<'device'> & { device: SharedDevice }>()
  readonly deviceByHash = new Map<string, string>()
  readonly deviceOuts: Accepted<'deviceOut'>[] = []
  readonly audits: Accepted<'audit'>[] = []
  readonly streams = new Map<string, Map<string, Accepted<'stream'>>>()
  readonly stations = new Map<string, Map<string, Accepted<'station'>>>()
  /** When each device was last seen, by the desk that saw it (each desk's latest). */
  readonly seen = new Map<string, Map<string, Accepted<'seen'>>>()
  /** What counted for nothing, by author and reason (entries from before a desk joined are not counted: not wrong). */
  readonly refused = new Map<string, Map<Refusal, number>>()
}

export class RecordIndex {
  /** The latest time of any entry that counted (this desk's next entry is later: hybrid time). */
  seenAt = 0
  /** Each desk's keys, as admissions bound them (an entry verifies with one; its author's right is checked after). */
  private readonly keys = new Map<string, Set<string>>()
  /** Texts whose author has no key known yet, by author; and those none of its keys verifies. */
  private readonly unverified = new Map<string, string[]>()
  private readonly forged = new Map<string, string[]>()
  private forgedKept = 0
  /** Forged texts counted, by author (their texts past `FORGED_KEPT` are not kept). */
  private readonly forgedCount = new Map<string, number>()
  /** Texts with a time ahead of this desk's clock, until it gets there. */
  private parked: { at: number; text: string }[] = []
  private waiting = 0
  private readonly authority: Accepted<AuthorityEntry['kind']>[] = []
  /**
   * Every text accepted (by its id), with the key that signed it: a text that arrives twice — relayed, or stored twice —
   * is one entry, and the entries are folded again from the document's own texts without checking them again.
   */
  private readonly accepted = new Map<number, string>()
  /** What was refused before it was an entry of the venue's (by author, or '' when it names none). */
  private readonly refusedAtIntake = new Map<string, Map<Refusal, number>>()
  private membershipCache: Membership | undefined
  private foldedCache: Folded | undefined

  constructor(
    /** The venue's root key (its founder's public key); null: no venue yet (nothing counts). */
    private root: string | null,
    private readonly now: () => number,
    /** Every text the document holds now (folded again from them when who is in the venue changed). */
    private readonly texts: () => Iterable<string>,
  ) {}

  /** The venue's root key. */
  get venue(): string | null {
    return this.root
  }

  /**
   * Reads a text: true when it counted (or waits), false when it was refused. `ownKey`: the text is this desk's own,
   * signed just now with that key (not verified again when the record binds the key to this desk).
   */
  intake(text: string, ownKey?: string): boolean {
    const read = readEntry(text)
    if ('malformed' in read) {
      this.tally(this.refusedAtIntake, read.by ?? '', read.malformed)
      return false
    }
    const id = textId(text)
    if (this.accepted.has(id)) return true
    if (read.at > this.now() + AHEAD_MS) {
      if (this.waiting < WAITING_MOST) {
        this.parked.push({ at: read.at, text })
        this.waiting += 1
      }
      return true
    }
    const key = ownKey !== undefined && this.binds(read, ownKey) ? ownKey : this.verified(read)
    if (key === null) {
      this.forgedCount.set(read.by, (this.forgedCount.get(read.by) ?? 0) + 1)
      if (this.forgedKept < FORGED_KEPT) {
        push(this.forged, read.by, text)
        this.forgedKept += 1
      }
      return false
    }
    if (key === undefined) {
      if (this.waiting < WAITING_MOST) {
        push(this.unverified, read.by, text)
        this.waiting += 1
      }
      return true
    }
    this.accept(kept(read, key), id)
    return true
  }

  /** Texts whose time has come (the clock got near it): read now. Answers whether any counted. */
  recheck(): boolean {
    const due = this.parked.filter((held) => held.at <= this.now() + AHEAD_MS)
    if (due.length === 0) return false
    this.parked = this.parked.filter((held) => held.at > this.now() + AHEAD_MS)
    this.waiting -= due.length
    for (const held of due) this.intake(held.text)
    return true
  }

  /** When the next parked text may be read (undefined: none waits). */
  nextDue(): number | undefined {
    return this.parked.length ? Math.min(...this.parked.map((held) => held.at)) - AHEAD_MS : undefined
  }

  /** The venue this desk is part of changed (it joined another): everything is read again against its root. */
  rebase(root: string): void {
    this.root = root
    this.keys.clear()
    this.unverified.clear()
    this.forged.clear()
    this.forgedKept = 0
    this.forgedCount.clear()
    this.parked = []
    this.waiting = 0
    this.authority.length = 0
    this.accepted.clear()
    this.refusedAtIntake.clear()
    this.invalidate()
    for (const text of [...this.texts()]) this.intake(text)
  }

  get membership(): Membership {
    return (this.membershipCache ??= new Membership(this.root, this.authority as AuthorityEntry[]))
  }

  get folded(): Folded {
    return (this.foldedCache ??= this.fold())
  }

  /** Every refusal, by author and reason: at intake, and by the author's right. */
  refusals(): Map<string, Map<Refusal, number>> {
    const all = new Map<string, Map<Refusal, number>>()
    const add = (from: Map<string, Map<Refusal, number>>) => {
      for (const [by, reasons] of from) for (const [reason, n] of reasons) this.tally(all, by, reason, n)
    }
    add(this.refusedAtIntake)
    add(this.folded.refused)
    for (const [by, n] of this.membership.refused) this.tally(all, by, 'no right', n)
    for (const [by, n] of this.forgedCount) if (n > 0) this.tally(all, by, 'signature', n)
    for (const held of this.parked) this.tally(all, readEntryAuthor(held.text), 'ahead of time')
    return all
  }

  private invalidate(): void {
    this.membershipCache = undefined
    this.foldedCache = undefined
  }

  /** Whether the record binds `key` to the entry's author (or the entry founds the venue with it). */
  private binds(entry: Entry, key: string): boolean {
    return this.keys.get(entry.by)?.has(key) === true || this.founding(entry)
  }

  private founding(entry: Entry): boolean {
    return entry.kind === 'admit' && entry.f[0] === entry.by && entry.f[1] === this.root
  }

  /** The key that signed an entry (undefined: none of its author known yet; null: none of its author's verifies). */
  private verified(entry: Entry): string | null | undefined {
    const signed = signedText(entry.kind, entry.f, entry.at, entry.by)
    // The founding entry is signed by the root key it names; every other by a key an admission bound to its author.
    const keys = this.founding(entry) ? [this.root!] : [...(this.keys.get(entry.by) ?? [])]
    if (keys.length === 0) return undefined
    return keys.find((candidate) => verifySigned(candidate, signed, entry.sig)) ?? null
  }

  private accept(entry: Accepted, id: number): void {
    this.accepted.set(id, entry.key)
    this.seenAt = Math.max(this.seenAt, entry.at)
    if (entry.kind === 'admit' || entry.kind === 'role' || entry.kind === 'out') {
      this.authority.push(entry as Accepted<AuthorityEntry['kind']>)
      this.invalidate()
      if (entry.kind === 'admit') this.bind(entry.f[0], entry.f[1] as string)
      return
    }
    if (this.foldedCache) this.foldOne(this.foldedCache, entry)
  }

  /** An admission binds a key to a desk: what waited for it is read again. */
  private bind(deskId: string, key: string): void {
    const held = this.keys.get(deskId) ?? new Set<string>()
    if (held.has(key)) return
    held.add(key)
    this.keys.set(deskId, held)
    const waiting = this.unverified.get(deskId) ?? []
    const forged = this.forged.get(deskId) ?? []
    this.unverified.delete(deskId)
    this.forged.delete(deskId)
    this.waiting -= waiting.length
    this.forgedKept -= forged.length
    this.forgedCount.set(deskId, (this.forgedCount.get(deskId) ?? 0) - forged.length)
    for (const text of [...waiting, ...forged]) this.intake(text)
  }

  /** Every accepted entry but the authority's, read again from the document's texts, folded in time order. */
  private fold(): Folded {
    const folded = new Folded()
    const entries: Accepted[] = []
    for (const text of this.texts()) {
      const key = this.accepted.get(textId(text))
      if (key === undefined) continue
      const read = readEntry(text)
      if ('malformed' in read || read.kind === 'admit' || read.kind === 'role' || read.kind === 'out') continue
      entries.push(kept(read, key))
    }
    for (const entry of entries.sort(byTimeThenDesk)) this.foldOne(folded, entry)
    return folded
  }

  /** One entry into the folded record, if its author had the right at its time. */
  private foldOne(folded: Folded, entry: Accepted): void {
    const membership = this.membership
    const role = membership.roleAt(entry.by, entry.at)
    if (role === null || membership.keyAt(entry.by, entry.at) !== entry.key) {
      const admitted = membership.admitted.get(entry.by)
      // Written before its desk joined (it worked alone, then joined): not wrong, and not part of this venue.
      if (admitted === undefined || entry.at >= admitted) this.tally(folded.refused, entry.by, 'not in the venue')
      return
    }
    const needs = RIGHTS[entry.kind as keyof typeof RIGHTS]
    const deviceKind = entry.kind === 'device' ? deviceOf(entry as Accepted<'device'>)?.kind : undefined
    const right = needs === 'member' || (needs === 'head' ? role === 'head' : allows(role, needs)) || role === 'head'
    if (!right || (entry.kind === 'device' && (!deviceKind || !allows(role, PAIRING_CONCERN[deviceKind])))) {
      this.tally(folded.refused, entry.by, 'no right')
      return
    }
    switch (entry.kind) {
      case 'take':
        latest(folded.takes, entry.f[0], entry as Accepted<'take'>)
        break
      case 'run':
        latest(folded.runs, entry.f[0], entry as Accepted<'run'>)
        break
      case 'scan': {
        const [scanId, participantId, place] = (entry as Accepted<'scan'>).f
        const scan = { scanId, participantId, place, at: entry.at, by: entry.by, tie: entry.tie }
        first(folded.scans, scanId, scan)
        first(folded.firstScans, participantId, scan)
        break
      }
      case 'checkout':
        latest(folded.checkouts, entry.f[0], entry as Accepted<'checkout'>)
        break
      case 'writer':
      case 'written': {
        const [participantId, scanId] = (entry as Accepted<'writer'>).f
        push(entry.kind === 'writer' ? folded.writers : folded.written, participantId, {
          scanId,
          at: entry.at,
          by: entry.by,
          tie: entry.tie,
        })
        break
      }
      case 'name':
        latest(folded.names, entry.by, entry as Accepted<'name'>)
        break
      case 'operator':
        push(folded.operators, entry.by, entry as Accepted<'operator'>)
        break
      case 'hub':
        latest(folded.hubs, entry.by, entry as Accepted<'hub'>)
        break
      case 'control':
        latest(folded.controls, entry.by, entry as Accepted<'control'>)
        break
      case 'host':
        folded.hosts.push(entry as Accepted<'host'>)
        break
      case 'device': {
        // The first record of an id counts, and a key belongs to the first device recorded with it (a later record
        // naming the same key under another id — a door made a control device — is passed over).
        const device = deviceOf(entry as Accepted<'device'>)!
        const byKey = folded.deviceByHash.get(device.keyHash)
        const heldForKey = byKey === undefined ? undefined : folded.devices.get(byKey)
        const candidate = { ...(entry as Accepted<'device'>), device }
        first(folded.devices, device.id, candidate)
        if (folded.devices.get(device.id) === candidate && (!heldForKey || byTimeThenDesk(entry, heldForKey) < 0))
          folded.deviceByHash.set(device.keyHash, device.id)
        break
      }
      case 'deviceOut':
        folded.deviceOuts.push(entry as Accepted<'deviceOut'>)
        break
      case 'audit':
        folded.audits.push(entry as Accepted<'audit'>)
        break
      case 'stream':
        latestOf(folded.streams, entry.f[0], entry as Accepted<'stream'>)
        break
      case 'station':
        latestOf(folded.stations, entry.f[0], entry as Accepted<'station'>)
        break
      case 'seen':
        latestOf(folded.seen, entry.f[0], entry as Accepted<'seen'>)
        break
    }
  }

  private tally(into: Map<string, Map<Refusal, number>>, by: string, reason: Refusal, n = 1): void {
    const reasons = into.get(by) ?? new Map<Refusal, number>()
    reasons.set(reason, (reasons.get(reason) ?? 0) + n)
    into.set(by, reasons)
  }
}

/** The role a desk needs for an entry of a kind, as the Venue view says it. */
export function roleAllows(role: DeskRole | null, concern: Concern): boolean {
  return role !== null && allows(role, concern)
}

/** A device entry's record (undefined: it does not read as one, or names another id). */
function deviceOf(entry: Accepted<'device'>): SharedDevice | undefined {
  let value: unknown
  try {
    value = JSON.parse(entry.f[1])
  } catch {
    // let go: an entry that is not JSON is no device, which the record reads as such
    return undefined
  }
  const device = SharedDevice.safeParse(value)
  return device.success && device.data.id === entry.f[0] ? device.data : undefined
}

function readEntryAuthor(text: string): string {
  const read = readEntry(text)
  return 'malformed' in read ? (read.by ?? '') : read.by
}

/** Keeps the later entry under a key (entries arrive in time order when folded whole; any order when one by one). */
function latest<T extends Ordered>(map: Map<string, T>, key: string, entry: T): void {
  const held = map.get(key)
  if (!held || byTimeThenDesk(held, entry) < 0) map.set(key, entry)
}

function first<T extends Ordered>(map: Map<string, T>, key: string, entry: T): void {
  const held = map.get(key)
  if (!held || byTimeThenDesk(entry, held) < 0) map.set(key, entry)
}

function push<T>(map: Map<string, T[]>, key: string, entry: T): void {
  const held = map.get(key) ?? []
  held.push(entry)
  map.set(key, held)
}

function latestOf<T extends Ordered>(map: Map<string, Map<string, T>>, key: string, entry: T): void {
  const byDesk = map.get(key) ?? new Map<string, T>()
  latest(byDesk, entry.by, entry)
  map.set(key, byDesk)
}
