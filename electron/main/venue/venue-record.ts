// The venue's shared record: one Yjs document every desk keeps a full copy of, and what this desk may write to it and
// read from it. Every change is an entry signed by this desk (`record-entries.ts`) — an append-only log of short
// entries (takes, scans, roles, devices, …) and two maps of the latest value per key (each stream's desk state as the
// desk running it published it, each floor station as a desk has it) — and every entry from anywhere is checked when
// read (`record-index.ts`): what another desk wrote counts only if its author signed it, was in the venue with the right
// to say it at its time, and kept to the bounds. No listener of the document can stop it: each is called on its own,
// what throws is logged, and reading what arrived never throws. Its parts: streams and the floor, check-ins, devices
// (`record-streams.ts`, `record-checkins.ts`, `record-devices.ts`) and the view (`record-view.ts`).
//
// For each key the latest entry wins, "latest" by time, then desk; times are hybrid (never earlier than an entry this
// desk has counted), so a change made after seeing another sorts after it whatever the desks' clocks say. Every rule
// is independent of the order entries arrived in. The views keep the venue's invariants: a match on air on one stream,
// each person's check-in written to the service by one desk (the one whose scan the host named).
import * as Y from 'yjs'
import { hostname } from 'node:os'
import {
  AUDIT_LABEL_MOST,
  AUDIT_WHAT_MOST,
  type AuditSubject,
  type AuditEntry,
  type Concern,
  type DeskRole,
  OPERATOR_MOST,
} from '../../../shared/venue/roles'
import { moduleLog } from '../log'
import type { DeskIdentity } from './desk-identity'
import { entryText, signedText, type Fields, type Kind } from './record-entries'
import { RecordIndex, roleAllows, type Refusal } from './record-index'
import { MAPS, type RecordCore } from './record-core'
import { RecordCheckins } from './record-checkins'
import { RecordDevices } from './record-devices'
import { RecordStreams } from './record-streams'
import { venueViewOf, type VenueView } from './record-view'

const log = moduleLog('venue-record')

/** The log's name in the document (the maps' are `MAPS`). */
const LOG = 'venue'

export { SEEN_SHARE_MS } from './record-devices'
export type { Authored, ScanEntry, SharedStationValue, VenueView, WrittenEntry } from './record-view'

/** What was refused from one desk, by reason. */
export interface Refused {
  deskId: string
  name: string
  reasons: Partial<Record<Refusal, number>>
}

export interface VenueRecordOptions {
  /** This desk's id in the venue: the author of what it writes. */
  deskId: string
  identity: DeskIdentity
  /** The venue's root key as kept (null: none yet: this desk founds its own). */
  root: string | null
  now: () => number
  /** Told the root when it changes (kept with the copy). */
  rooted?(root: string): void
}

export class VenueRecord {
  readonly doc = new Y.Doc()
  readonly deskId: string
  private readonly index: RecordIndex
  private readonly listeners = new Set<() => void>()
  /** This desk's own texts just written: counted with its key, not verified again. */
  private readonly own = new Set<string>()
  private recheck: NodeJS.Timeout | undefined
  private cachedView: VenueView | undefined
  private cachedFor: unknown
  /** How many bytes of text the document holds: the log's entries and each map key's value now (what the host caps). */
  bytes = 0
  private logBytes = 0
  private mapBytes = 0
  /** The maps' values held now (any map's, whatever its name), by item, and their lengths. */
  private readonly mapValues = new Map<Y.Item, number>()
  /** Streams and the floor: Takes, runners, each stream's desk state, each station. */
  readonly streams: RecordStreams
  /** Check-ins: scans, writers, writes, check-outs. */
  readonly checkins: RecordCheckins
  /** The venue's devices: paired, seen, revoked. */
  readonly devices: RecordDevices

  constructor(private readonly options: VenueRecordOptions) {
    this.deskId = options.deskId
    this.index = new RecordIndex(options.root ?? options.identity.publicKey, options.now, () => this.texts())
    if (options.root === null) options.rooted?.(options.identity.publicKey)
    const core: RecordCore = {
      deskId: this.deskId,
      doc: this.doc,
      folded: () => this.folded,
      members: () => this.members,
      add: (kind, ...fields) => this.add(kind, ...fields),
      sign: (kind, fields) => this.sign(kind, fields),
      view: () => this.view(),
      isShared: () => this.isShared(),
      isIn: (deskId) => this.isIn(deskId),
      roleOf: (deskId) => this.roleOf(deskId),
      now: () => options.now(),
    }
    this.streams = new RecordStreams(core)
    this.checkins = new RecordCheckins(core)
    this.devices = new RecordDevices(core)
    // Each update's own texts, read from the update (reading the changes off the document would walk all of it).
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      try {
        this.read(update)
      } catch (error) {
        log.warn('an update of the venue record did not read', { err: error })
      }
      // What came from elsewhere (another desk, the disk) is told; this desk's own changes are known where made.
      if (origin !== null) this.tell()
    })
  }

  /** The venue's root key: its founding desk's public key (this desk's own while it works alone). */
  get venue(): string {
    return this.index.venue!
  }

  /** True when this desk founded the venue it is part of (it never joined another's, or it left it). */
  isFounder(): boolean {
    return this.venue === this.options.identity.publicKey
  }

  /**
   * This desk founds its own venue's record, if it does not yet hold its founding entry (named as this machine). A desk
   * whose key the record does not bind (its keychain lost it) works alone from now on, in a venue of its own: the
   * venue it was part of pairs it again.
   */
  found(name = hostname().slice(0, 80) || 'Desk'): void {
    const keys = this.members.keysOf(this.deskId)
    if (keys.length > 0 && !keys.includes(this.options.identity.publicKey)) {
      log.warn('this desk’s key is not the one the venue’s record holds (the keychain lost it): it works alone now')
      this.identityLost = true
      if (!this.isFounder()) this.rebase(this.options.identity.publicKey)
    }
    if (!this.isFounder() || this.index.membership.admitted.has(this.deskId)) return
    this.add('admit', this.deskId, this.options.identity.publicKey, 'head', name)
  }

  /** True when this desk's key was lost since it was part of the venue (it works alone; pair it again to rejoin). */
  identityLost = false

  /**
   * This desk is part of another venue from now on (it joined by pairing; `admittedAt` is when its admission was
   * written there: its own entries are later), or of its own again (it left: `root` is its own key).
   */
  rebase(root: string, admittedAt = 0): void {
    if (root !== this.venue) {
      // What this desk said of itself goes with it: said again in the new venue, after its admission there.
      const folded = this.folded
      const own = {
        name: folded.names.get(this.deskId)?.f[0],
        operator: this.operatorOf(this.deskId),
        hub: this.hubOf(this.deskId),
        control: folded.controls.get(this.deskId)?.f[0],
      }
      this.index.rebase(root)
      this.options.rooted?.(root)
      this.cachedView = undefined
      this.index.seenAt = Math.max(this.index.seenAt, admittedAt)
      if (root === this.options.identity.publicKey) this.found(own.name)
      this.doc.transact(() => {
        if (own.name) this.add('name', own.name)
        if (own.operator) this.add('operator', own.operator)
        if (own.hub) this.add('hub', own.hub)
        if (own.control) this.add('control', own.control)
      })
    }
    this.index.seenAt = Math.max(this.index.seenAt, admittedAt)
    this.tell()
  }

  /** Hears every change that came from another desk (or the disk), and entries that counted later. */
  onRemote(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Hears the changes from other desks once per burst (a desk back from a cut sends many updates together): after the
   * current task, with what it throws handed to `failed` rather than thrown into the sync.
   */
  onRemoteSettled(listener: () => void, failed: (error: unknown) => void): () => void {
    let pending = false
    return this.onRemote(() => {
      if (pending) return
      pending = true
      queueMicrotask(() => {
        pending = false
        try {
          listener()
        } catch (error) {
          failed(error)
        }
      })
    })
  }

  /** Every listener told, each on its own: one that throws stops none of the others, nor the document. */
  private tell(): void {
    for (const listener of this.listeners)
      try {
        listener()
      } catch (error) {
        log.warn('a listener of the venue record failed', { err: error })
      }
  }

  /** Every text an update carries (log entries and map values alike: each says its kind), read into the index. */
  private read(update: Uint8Array): void {
    let mapsChanged = false
    for (const struct of Y.decodeUpdate(update).structs)
      if (struct instanceof Y.Item && struct.content instanceof Y.ContentAny) {
        // Where the text lives, as the document has it (an update leaves a replacing value's key out).
        const item = Y.getItem(this.doc.store, struct.id)
        const inMap = item.parentSub !== null
        for (const text of struct.content.getContent())
          if (typeof text === 'string') {
            if (inMap) {
              this.mapValues.set(item, text.length)
              mapsChanged = true
            } else this.logBytes += text.length
            // This desk's own were read when written (inside a transaction, the update comes only at its end).
            if (!this.own.delete(text)) this.index.intake(text)
          }
      }
    // A map value replaces the one before under its key: the maps are weighed as they are now.
    if (mapsChanged) this.mapBytes = this.mapsWeight()
    this.bytes = this.logBytes + this.mapBytes
    this.cachedView = undefined
    this.schedule()
  }

  /** Entries whose time is ahead of this desk's clock are read when the clock gets there. */
  private schedule(): void {
    const due = this.index.nextDue()
    if (due === undefined || this.recheck) return
    this.recheck = setTimeout(
      () => {
        this.recheck = undefined
        if (this.index.recheck()) {
          this.cachedView = undefined
          this.tell()
        }
        this.schedule()
      },
      Math.min(Math.max(due - this.options.now(), 50), 60_000),
    )
    this.recheck.unref()
  }

  /** The maps' values now, in characters: each key's latest (one replaced is deleted, and forgotten here). */
  private mapsWeight(): number {
    let weight = 0
    for (const [item, length] of this.mapValues)
      if (item.deleted) this.mapValues.delete(item)
      else weight += length
    return weight
  }

  /** Every text the document holds now (for reading it again against another venue's root). */
  private *texts(): Generator<string> {
    for (const text of this.doc.getArray<unknown>(LOG)) if (typeof text === 'string') yield text
    for (const name of Object.values(MAPS))
      for (const text of this.doc.getMap<unknown>(name).values()) if (typeof text === 'string') yield text
  }

  /** An entry of this desk's, signed, stamped now (hybrid time). */
  private add<K extends Kind>(kind: K, ...fields: Fields[K]): void {
    this.doc.getArray<string>(LOG).push([this.sign(kind, fields)])
  }

  /**
   * An entry of this desk's as text, signed and stamped now, and read at once: what this desk does next (in the same
   * transaction too) sees it.
   */
  private sign<K extends Kind>(kind: K, fields: Fields[K]): string {
    const at = Math.max(this.options.now(), this.index.seenAt + 1)
    this.index.seenAt = at
    const text = entryText(
      kind,
      fields,
      at,
      this.deskId,
      this.options.identity.sign(signedText(kind, fields, at, this.deskId)),
    )
    this.own.add(text)
    this.index.intake(text, this.options.identity.publicKey)
    this.cachedView = undefined
    return text
  }

  private get folded() {
    return this.index.folded
  }

  private get members() {
    return this.index.membership
  }

  // --- who is in the venue

  /** A desk paired here joins the venue: its key, first role and name (this desk must be head organiser). */
  admit(deskId: string, publicKey: string, role: DeskRole, name: string): number {
    this.add('admit', deskId, publicKey, role, name.slice(0, 80))
    return this.index.seenAt
  }

  /** True once another desk has been part of this venue: scans then go through it, and roles count. */
  isShared(): boolean {
    return this.members.admitted.size > 1
  }

  /** Whether a desk is in the venue now. */
  isIn(deskId: string): boolean {
    return this.members.isIn(deskId)
  }

  /** True once a desk that was in the venue left it or was removed (its entries after count for nothing). */
  isOut(deskId: string): boolean {
    return this.members.isOut(deskId)
  }

  /** The public key a desk is in the venue with now (undefined: not in it). */
  publicKeyOf(deskId: string): string | undefined {
    return this.members.keyAt(deskId, Number.MAX_SAFE_INTEGER)
  }

  /** The keys the record ever bound to a desk, the latest last (an entry it signed verifies with one of them). */
  keysOf(deskId: string): string[] {
    return this.members.keysOf(deskId)
  }

  /** The desks in the venue now, first admitted first (the election's order). */
  desks(): string[] {
    return this.members.desks()
  }

  /** A desk's role now (null: not in the venue). */
  roleOf(deskId: string): DeskRole | null {
    return this.members.roleOf(deskId)
  }

  /** Whether a desk's role lets it change a concern (every change is this desk's own while the venue is not shared). */
  mayChange(deskId: string, concern: Concern): boolean {
    return !this.isShared() || roleAllows(this.roleOf(deskId), concern)
  }

  /** A desk's role (this desk must be head organiser: every desk passes it over otherwise). */
  setRole(deskId: string, role: DeskRole): void {
    this.add('role', deskId, role)
  }

  /** A desk is out of the venue from now on (it left, or a head organiser removed it): its entries after count not. */
  putOut(deskId: string): void {
    if (this.members.isIn(deskId)) this.add('out', deskId)
  }

  /** What counted for nothing, by the desk it names as its author (in this desk's name too: forged), most first. */
  refused(): Refused[] {
    const names = this.view().names
    return [...this.index.refusals()]
      .map(([deskId, reasons]) => ({
        deskId,
        name: names.get(deskId) ?? (deskId ? 'a desk not of this venue' : 'no desk'),
        reasons: Object.fromEntries(reasons),
      }))
      .sort((a, b) => total(b) - total(a))
  }

  // --- this desk's own facts

  /** This desk's name, as the other desks show it. */
  name(name: string): void {
    if (this.view().names.get(this.deskId) !== name) this.add('name', name.slice(0, 80))
  }

  /** The person at this desk now. */
  setOperator(operator: string): void {
    if (this.operatorOf(this.deskId) !== operator) this.add('operator', operator.slice(0, OPERATOR_MOST))
  }

  /** The person at a desk now, as that desk said ('' when it never did). */
  operatorOf(deskId: string, at = Number.MAX_SAFE_INTEGER): string {
    let operator = ''
    for (const entry of this.folded.operators.get(deskId) ?? []) if (entry.at <= at) operator = entry.f[0]
    return operator
  }

  /** Where this desk's hub answers now. */
  announceHub(url: string): void {
    if (this.hubOf(this.deskId) !== url) this.add('hub', url)
  }

  /** Where a desk's hub answers, as that desk said last. */
  hubOf(deskId: string): string | undefined {
    return this.folded.hubs.get(deskId)?.f[0]
  }

  /** Where each desk still in the venue answers, as each said last (a device moves to the next when its own goes). */
  deskAddresses(): { deskId: string; name: string; url: string; publicKey: string }[] {
    const names = this.view().names
    return [...this.folded.hubs].flatMap(([deskId, entry]) => {
      const publicKey = this.publicKeyOf(deskId)
      return publicKey ? [{ deskId, name: names.get(deskId) ?? deskId, url: entry.f[0], publicKey }] : []
    })
  }

  /** This desk's control token, hashed: Companion with it drives any desk of the venue (a new token replaces it). */
  ownControlToken(hash: string): void {
    if (this.folded.controls.get(this.deskId)?.f[0] !== hash) this.add('control', hash)
  }

  /** The desk in the venue whose control token has this hash (undefined: none). */
  controlTokenDesk(hash: string): string | undefined {
    for (const [deskId, entry] of this.folded.controls)
      if (entry.f[0] === hash && this.members.isIn(deskId)) return deskId
    return undefined
  }

  /** Each desk's control token hash, for the desks in the venue. */
  controlTokenHashes(): string[] {
    return [...this.folded.controls].filter(([deskId]) => this.members.isIn(deskId)).map(([, entry]) => entry.f[0])
  }

  // --- the hosting

  /** A head organiser hands the venue's hosting to a desk. */
  handOver(deskId: string): void {
    this.add('host', deskId)
  }

  /** The desk the latest handover by a head organiser named (undefined: none yet), with when. */
  handover(): { deskId: string; at: number } | undefined {
    const latest = this.folded.hosts.at(-1)
    return latest && { deskId: latest.f[0], at: latest.at }
  }

  /** The desk the latest handover named, if it is still in the venue. */
  hostDesk(): string | undefined {
    const named = this.handover()?.deskId
    return named !== undefined && this.members.isIn(named) ? named : undefined
  }

  // --- the audit log

  /** A change this desk made (or, with a `cause`, one made by itself): the time and the desk go with it. */
  audit(subject: AuditSubject, subjectId: string, label: string, what: string, cause: string | null = null): void {
    this.add(
      'audit',
      subject,
      subjectId.slice(0, 200),
      label.slice(0, AUDIT_LABEL_MOST),
      what.slice(0, AUDIT_WHAT_MOST),
      cause?.slice(0, 80) ?? null,
    )
  }

  /** Every audit entry that counted, oldest first, with its operator then and its desk as the venue names it now. */
  *auditLog(): Generator<AuditEntry> {
    const names = this.view().names
    for (const entry of this.folded.audits) {
      const [subject, subjectId, label, what, cause] = entry.f
      yield {
        at: entry.at,
        operator: cause === null ? this.operatorOf(entry.by, entry.at) : '',
        automatic: cause !== null,
        desk: names.get(entry.by) ?? 'another desk',
        subject,
        subjectId,
        // A desk is named as the venue names it now, in every line about it as in every line by it (one desk, one
        // name: the host's name for it at pairing and the one it gave itself later were two).
        label: (subject === 'venue' && names.get(subjectId)) || label,
        what: cause === null ? what : `${what} (automatic: ${cause})`.slice(0, AUDIT_WHAT_MOST),
      }
    }
  }

  /** The venue as every desk sees it once their copies agree (kept until the entries change). */
  view(): VenueView {
    const folded = this.folded
    if (this.cachedView && this.cachedFor === folded) return this.cachedView
    this.cachedFor = folded
    return (this.cachedView = venueViewOf(folded, this.members.admittedAs))
  }

  /** Stops reading entries ahead of time when the clock reaches them (the copy is closed). */
  close(): void {
    clearTimeout(this.recheck)
    this.recheck = undefined
    this.listeners.clear()
  }
}

function total(refused: Refused): number {
  return Object.values(refused.reasons).reduce((sum, n) => sum + (n ?? 0), 0)
}
