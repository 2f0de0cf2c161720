// The venue's shared record: one Yjs document every desk keeps a full copy of, and what this desk may write to it and
// read from it. Every change is an entry signed by this desk (`record-entries.ts`) — an append-only log of short
// entries (takes, scans, roles, devices, …) and two maps of the latest value per key (each stream's desk state as the
// desk running it published it, each floor station as a desk has it) — and every entry from anywhere is checked when
// read (`record-index.ts`): what another desk wrote counts only if its author signed it, was in the venue with the right
// to say it at its time, and kept to the bounds. No listener of the document can stop it: each is called on its own,
// what throws is logged, and reading what arrived never throws.
//
// For each key the latest entry wins, "latest" by time, then desk; times are hybrid (never earlier than an entry this
// desk has counted), so a change made after seeing another sorts after it whatever the desks' clocks say. Every rule
// is independent of the order entries arrived in. The views keep the venue's invariants: a match on air on one stream,
// each person's check-in written to the service by one desk (the one whose scan the host named).
import * as Y from 'yjs'
import { hostname } from 'node:os'
import { SharedDevice } from '../../../shared/venue/door'
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
import { byTimeThenDesk, type Ordered } from './record-authority'
import { RecordIndex, roleAllows, type Refusal } from './record-index'

const log = moduleLog('venue-record')

/** The log's name in the document, and the maps' (their keys: `id\u0000desk`, each desk writing its own). */
const LOG = 'venue'
const STREAMS = 'streams'
const STATIONS = 'stations'
const SEEN = 'seen'

/** How often a desk tells the venue it saw a device again (Devices says "last seen" to the minute). */
export const SEEN_SHARE_MS = 60_000

/** Who made an entry, and when. */
export interface Authored {
  at: number
  by: string
}
export interface ScanEntry extends Authored {
  participantId: string
  place: string
}
export interface WrittenEntry extends Authored {
  scanId: string
}

/** The venue as the record says, with its invariants kept. */
export interface VenueView {
  /** Each stream's match on air (a stream not listed has none); a match taken on two streams is on the later one. */
  onAir: Map<string, string>
  /** Every scan that counts, by id. */
  scans: Map<string, ScanEntry>
  /** Each person's writing scan, as the host named it. */
  writers: Map<string, string>
  /** Each person's check-in as written to the service: which scan, by whom. */
  written: Map<string, WrittenEntry>
  /** Each stream's desk (the one that ran it last). */
  runners: Map<string, string>
  /** Each desk's name (every desk ever admitted). */
  names: Map<string, string>
}

/** A floor station as a desk shared it last (its value unchecked: the floor reads it). */
export interface SharedStationValue extends Authored {
  value: unknown
}

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
  /** When this desk last told the venue it saw each device (held here: its own entry may not count, if it is out). */
  private readonly seenTold = new Map<string, number>()

  constructor(private readonly options: VenueRecordOptions) {
    this.deskId = options.deskId
    this.index = new RecordIndex(options.root ?? options.identity.publicKey, options.now, () => this.texts())
    if (options.root === null) options.rooted?.(options.identity.publicKey)
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
    for (const name of [STREAMS, STATIONS, SEEN])
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

  // --- streams

  /** A stream puts a match on air (null: nothing). */
  take(streamId: string, matchId: string | null): void {
    this.add('take', streamId, matchId)
  }

  /** The match a stream's latest Take put on air, as the log says (undefined: no Take yet); `view` keeps invariants. */
  takeOf(streamId: string): string | null | undefined {
    return this.folded.takes.get(streamId)?.f[1]
  }

  /** This desk runs a stream from now on (it acted on it, or took it over from another desk). */
  run(streamId: string): void {
    if (this.folded.runs.get(streamId)?.by !== this.deskId) this.add('run', streamId)
  }

  /** Publishes a stream's desk state for every desk (the desk running it does, after each change). */
  share(streamId: string, state: unknown): void {
    this.doc
      .getMap<string>(STREAMS)
      .set(`${streamId}\u0000${this.deskId}`, this.sign('stream', [streamId, JSON.stringify(state)]))
  }

  /** A stream's desk state as the desk running it published it last (unchecked beyond the record's bounds). */
  shared(streamId: string): unknown {
    const runner = this.folded.runs.get(streamId)?.by
    const entry = runner === undefined ? undefined : this.folded.streams.get(streamId)?.get(runner)
    return entry === undefined ? undefined : parsedState(entry)
  }

  // --- the floor

  /** Publishes a floor station as this desk has it now (removed: its value says so). */
  shareStation(stationId: string, value: unknown): void {
    this.doc
      .getMap<string>(STATIONS)
      .set(`${stationId}\u0000${this.deskId}`, this.sign('station', [stationId, JSON.stringify(value)]))
  }

  /** Each floor station as a desk with the floor's role shared it last (the latest by time, then desk). */
  stations(): Map<string, SharedStationValue> {
    const stations = new Map<string, SharedStationValue>()
    for (const [stationId, byDesk] of this.folded.stations) {
      let latest: (typeof byDesk extends Map<string, infer T> ? T : never) | undefined
      for (const entry of byDesk.values())
        if (!latest || entry.at > latest.at || (entry.at === latest.at && entry.by > latest.by)) latest = entry
      if (latest) stations.set(stationId, { value: parsedState(latest), at: latest.at, by: latest.by })
    }
    return stations
  }

  // --- check-ins

  /** A scan decided at this desk's door: its own id, so a retry or a merge never makes it twice. */
  scan(scanId: string, participantId: string, place: string): void {
    if (!this.folded.scans.has(scanId)) this.add('scan', scanId, participantId, place.slice(0, 100))
  }

  /**
   * The host's part: each person scanned whose writer is not named yet gets one — the first of their scans the host
   * holds. Run by the host alone, so a writer, once named, never changes.
   */
  nameWriters(): string[] {
    const writers = this.view().writers
    const named = [...this.folded.firstScans].filter(([participantId]) => !writers.has(participantId))
    if (named.length === 0) return []
    this.doc.transact(() => {
      for (const [participantId, scan] of named) this.add('writer', participantId, scan.scanId)
    })
    return named.map(([participantId]) => participantId)
  }

  /** The people this desk is to write to the service now: their writer is one of this desk's scans, not yet written. */
  toWrite(): { participantId: string; scanId: string }[] {
    const { scans, writers, written } = this.view()
    const due: { participantId: string; scanId: string }[] = []
    for (const [participantId, scanId] of writers)
      if (scans.get(scanId)?.by === this.deskId && !written.has(participantId)) due.push({ participantId, scanId })
    return due
  }

  /** This desk wrote a person's check-in to the service (its outbox took it). */
  wrote(participantId: string, scanId: string): void {
    this.add('written', participantId, scanId)
  }

  /** A person's first scan at any desk, unless they were checked out since. */
  checkedInScan(participantId: string): (ScanEntry & { scanId: string }) | undefined {
    const first = this.folded.firstScans.get(participantId)
    const out = this.folded.checkouts.get(participantId)
    if (!first || (out && out.at >= first.at)) return undefined
    const { scanId, place, at, by } = first
    return { scanId, participantId, place, at, by }
  }

  /** True when the person has a scan in the venue, counted or not (a check-out came after it). */
  everScanned(participantId: string): boolean {
    return this.folded.firstScans.has(participantId)
  }

  /** A person checked out at this desk: a scan made before no longer counts. */
  checkOut(participantId: string): void {
    if (this.folded.firstScans.has(participantId)) this.add('checkout', participantId)
  }

  /** True once a desk wrote the person's check-in to the service. */
  isWritten(participantId: string): boolean {
    return this.view().written.has(participantId)
  }

  // --- devices

  /** A device paired at this desk, known to every desk of the venue from now on. */
  shareDevice(device: SharedDevice): void {
    if (!this.folded.devices.has(device.id)) this.add('device', device.id, JSON.stringify(SharedDevice.parse(device)))
  }

  /**
   * A device of the venue came to this desk's hub: every desk's Devices says when, to the minute (this desk tells the
   * venue again at most every SEEN_SHARE_MS per device).
   */
  deviceSeen(deviceId: string): void {
    if (!this.isShared() || !this.isIn(this.deskId) || !this.folded.devices.has(deviceId)) return
    const now = this.options.now()
    if (now - (this.seenTold.get(deviceId) ?? -Infinity) < SEEN_SHARE_MS) return
    this.seenTold.set(deviceId, now)
    this.doc.getMap<string>(SEEN).set(`${deviceId}\u0000${this.deskId}`, this.sign('seen', [deviceId]))
  }

  /** When any desk of the venue last saw a device (undefined: none said so). */
  deviceSeenAt(deviceId: string): number | undefined {
    let at: number | undefined
    for (const entry of this.folded.seen.get(deviceId)?.values() ?? []) at = Math.max(at ?? 0, entry.at)
    return at
  }

  /** Whether this desk may revoke a device of the venue: it paired it, or it is head organiser. */
  mayRevokeDevice(deviceId: string): boolean {
    const paired = this.folded.devices.get(deviceId)
    return !paired || paired.by === this.deskId || this.roleOf(this.deskId) === 'head' || !this.isShared()
  }

  /** A device revoked at this desk: no desk's hub lets its key in from now on. */
  revokeDevice(deviceId: string): void {
    if (!this.isDeviceOut(deviceId)) this.add('deviceOut', deviceId)
  }

  /** True once the device was revoked by the desk that paired it or a desk that was head organiser then. */
  isDeviceOut(deviceId: string): boolean {
    const pairedBy = this.folded.devices.get(deviceId)?.by
    return this.folded.deviceOuts.some(
      (entry) =>
        entry.f[0] === deviceId && (entry.by === pairedBy || this.members.roleAt(entry.by, entry.at) === 'head'),
    )
  }

  /** The device of the venue a key (hashed) belongs to, unless it was revoked. */
  deviceByKeyHash(hash: string): (SharedDevice & { pairedBy: string }) | undefined {
    const deviceId = this.folded.deviceByHash.get(hash)
    const paired = deviceId === undefined ? undefined : this.folded.devices.get(deviceId)
    if (!paired || paired.device.keyHash !== hash || this.isDeviceOut(paired.device.id)) return undefined
    return { ...paired.device, pairedBy: paired.by }
  }

  /** Every device of the venue not revoked, with the desk it was paired at. */
  sharedDevices(): (SharedDevice & { pairedBy: string })[] {
    return [...this.folded.devices.values()]
      .filter((paired) => this.folded.deviceByHash.get(paired.device.keyHash) === paired.device.id)
      .filter((paired) => !this.isDeviceOut(paired.device.id))
      .map((paired) => ({ ...paired.device, pairedBy: paired.by }))
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

  /** The venue as every desk sees it once their copies agree. */
  view(): VenueView {
    const folded = this.folded
    if (this.cachedView && this.cachedFor === folded) return this.cachedView
    // A match taken on two streams is on air on the stream that took it last.
    const streamOf = new Map<string, { streamId: string; at: number; by: string }>()
    for (const [streamId, take] of folded.takes) {
      const matchId = take.f[1]
      if (matchId === null) continue
      const held = streamOf.get(matchId)
      const later =
        !held ||
        take.at > held.at ||
        (take.at === held.at && (take.by > held.by || (take.by === held.by && streamId > held.streamId)))
      if (later) streamOf.set(matchId, { streamId, at: take.at, by: take.by })
    }
    const scans = folded.scans
    // A person's writer: the first named that is a scan of theirs; their write: the first by the desk of that scan.
    const writers = new Map<string, string>()
    for (const [participantId, named] of folded.writers) {
      const valid = firstOf(named, (entry) => scans.get(entry.scanId)?.participantId === participantId)
      if (valid) writers.set(participantId, valid.scanId)
    }
    const written = new Map<string, WrittenEntry>()
    for (const [participantId, writes] of folded.written) {
      const valid = firstOf(writes, (entry) => {
        const scan = scans.get(entry.scanId)
        return scan?.participantId === participantId && scan.by === entry.by
      })
      if (valid) written.set(participantId, valid)
    }
    const names = new Map<string, string>(this.members.admittedAs)
    for (const [deskId, entry] of folded.names) if (names.has(deskId)) names.set(deskId, entry.f[0])
    this.cachedFor = folded
    return (this.cachedView = {
      onAir: new Map([...streamOf].map(([matchId, { streamId }]) => [streamId, matchId])),
      scans,
      writers,
      written,
      runners: new Map([...folded.runs].map(([streamId, entry]) => [streamId, entry.by])),
      names,
    })
  }

  /** Stops reading entries ahead of time when the clock reaches them (the copy is closed). */
  close(): void {
    clearTimeout(this.recheck)
    this.recheck = undefined
    this.listeners.clear()
  }
}

/** Each map entry's JSON value as read once (the same entry gives the same value: readers keep what they checked). */
const parsedStates = new WeakMap<object, unknown>()

/** A map entry's JSON value, read (a value that is not JSON reads as nothing). */
function parsedState(entry: { f: [string, string] }): unknown {
  if (parsedStates.has(entry)) return parsedStates.get(entry)
  let value: unknown
  try {
    value = JSON.parse(entry.f[1])
  } catch {
    // let go: a value that is not JSON reads as nothing, which each reader refuses by its schema
    value = undefined
  }
  parsedStates.set(entry, value)
  return value
}

/** The earliest entry of a list that holds (by time, then desk, then signature). */
function firstOf<T extends Ordered>(entries: readonly T[], holds: (entry: T) => boolean): T | undefined {
  let found: T | undefined
  for (const entry of entries) if (holds(entry) && (!found || byTimeThenDesk(entry, found) < 0)) found = entry
  return found
}

function total(refused: Refused): number {
  return Object.values(refused.reasons).reduce((sum, n) => sum + (n ?? 0), 0)
}
