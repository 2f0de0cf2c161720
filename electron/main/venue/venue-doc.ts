// The venue's shared operational state as one Yjs document every desk holds a full copy of: which match each stream
// has on air, which match each station holds and its call, and the check-in scans made at any door — each change an
// entry of an append-only log with its author (desk) and time — and the view every desk reads from it, which keeps the
// venue's invariants whatever two desks did at once: a match on air on at most one stream and at most one station, a
// station holding at most one match, one deadline per call, and a person's check-in written to the service by exactly
// one desk (the one whose scan the host saw first: the host alone names the writer, so cut-off desks never both write).
// Beside the log: which desk runs each stream, each desk's name, each stream's desk state as its desk published it, and
// each floor station as the desk that changed it last has it.
//
// One log, not maps: every change is one short entry (a JSON array as text) appended to a single Yjs array, so a
// venue's day stays small in memory (a desk's consecutive entries merge into one Yjs item, and an entry costs its text)
// and every change stays readable with its author. For each key the latest entry wins, "latest" by time then desk;
// times are hybrid (never earlier than an entry this desk has seen), so a change made after seeing another sorts after
// it whatever the desks' clocks say. Every rule is independent of the order entries arrived in, so each desk folds
// entries into its index as they come (`VenueIndex`) and never reads the whole log again.
import * as Y from 'yjs'
import {
  AUDIT_LABEL_MOST,
  AUDIT_WHAT_MOST,
  allows,
  AuditSubject,
  DeskRole,
  type Concern,
  OPERATOR_MOST,
  type AuditEntry,
} from '../../../shared/venue/roles'
import { SharedDevice } from '../../../shared/venue/door'

/** Each log's entries: the key and what it says, then the time (hybrid, epoch ms) and the author desk. */
interface Logs {
  /** Stream → the match it has on air (null: none). */
  takes: [streamId: string, matchId: string | null, at: number, by: string]
  /** Match → the station it is on (null: none). */
  assignments: [matchId: string, stationId: string | null, at: number, by: string]
  /** Station → the match called there and the deadline of its DQ timer (null: the call ended). */
  calls: [stationId: string, matchId: string | null, deadline: number, at: number, by: string]
  /** A scan decided at a door: its own id, the person, the place. */
  scans: [scanId: string, participantId: string, place: string, at: number, by: string]
  /** The host named the scan that writes a person's check-in to the service. */
  writers: [participantId: string, scanId: string, at: number, by: string]
  /** A desk wrote a person's check-in to the service (its outbox took it). */
  written: [participantId: string, scanId: string, at: number, by: string]
  /** Stream → the desk that runs it (the one whose desk state every desk shows). */
  runs: [streamId: string, deskId: string, at: number, by: string]
  /** A desk's name, as people call it ("Ana’s desk"). */
  names: [deskId: string, name: string, at: number, by: string]
  /** A person checked out (a check-in scanned before it no longer counts). */
  outs: [participantId: string, at: number, by: string]
  /** A desk's role, given by a head organiser (counted only when its author was head organiser then). */
  roles: [deskId: string, role: string, at: number, by: string]
  /** The person at a desk, as the desk itself says. */
  operators: [deskId: string, operator: string, at: number, by: string]
  /** A desk's own sync key, hashed (SHA-256, hex): any desk's hub lets that desk sync with it. */
  keys: [deskId: string, hash: string, at: number, by: string]
  /** Where a desk's hub answers (its venue-network address). */
  hubs: [deskId: string, url: string, at: number, by: string]
  /** The desk that hosts the venue's sync from now on (handed over by a head organiser). */
  hosts: [deskId: string, at: number, by: string]
  /** A desk is out of the venue: revoked by a head organiser, or it left (its own entry). Its key opens no hub. */
  outOfVenue: [deskId: string, at: number, by: string]
  /** A desk's control token for Companion, hashed (SHA-256, hex): any desk's hub lets that token drive it. */
  controls: [deskId: string, hash: string, at: number, by: string]
  /** A device paired at a desk, for every desk (its record as JSON: `SharedDevice`, the key hashed). */
  devices: [deviceId: string, record: string, at: number, by: string]
  /** A device revoked (by the desk that paired it, or a head organiser): its key opens no desk's hub. */
  deviceOuts: [deviceId: string, at: number, by: string]
  /** A change to the venue, as the audit log lists it: what it is about, what was done, and by whom. */
  audit: [subject: string, subjectId: string, label: string, what: string, operator: string, at: number, by: string]
}
type LogName = keyof Logs
/** An entry as kept: its log's name first. */
type Entry = { [N in LogName]: [N, ...Logs[N]] }[LogName]
/** The one log's name in the document. */
const LOG = 'venue'
/**
 * Each stream's desk state as the desk that runs it published it last, by stream id: a map, not the log, since only
 * the latest counts and Yjs drops what a map's key held before (a day of Takes stays one state per stream).
 */
const STREAMS = 'streams'
/** Each floor station as the desk that changed it last has it (its match and call with it), by station id. */
const STATIONS = 'stations'

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

/** The venue as the document says, with its invariants kept: see `VenueIndex`. */
export interface VenueView {
  /** Each stream's match on air (a stream not listed has none). */
  onAir: Map<string, string>
  /** Each station's match. */
  stations: Map<string, string>
  /** Each station's call, for the match it holds. */
  calls: Map<string, { matchId: string; deadline: number }>
  /** Every scan, by id. */
  scans: Map<string, ScanEntry>
  /** Each person's writing scan, as the host named it. */
  writers: Map<string, string>
  /** Each person's check-in as written to the service: which scan, by whom. */
  written: Map<string, WrittenEntry>
  /** Each stream's desk (the one that ran it last). */
  runners: Map<string, string>
  /** Each desk's name. */
  names: Map<string, string>
}

/** One desk's copy of the venue's document and what it may do to it. */
export class VenueDoc {
  readonly doc: Y.Doc
  private readonly index = new VenueIndex()
  /** The latest time of any entry this desk holds (its own next entry is later). */
  private seenAt = 0
  private readonly listeners = new Set<() => void>()

  constructor(
    /** This desk's id: the author of what it changes. */
    readonly deskId: string,
    private readonly now: () => number,
    doc?: Y.Doc,
  ) {
    this.doc = doc ?? new Y.Doc()
    const log = this.doc.getArray<string>(LOG)
    for (const text of log) this.saw(text)
    // Each update's own entries, read from the update (reading the changes off the array would walk all of it).
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      for (const struct of Y.decodeUpdate(update).structs)
        if (struct instanceof Y.Item && struct.content instanceof Y.ContentAny)
          for (const text of struct.content.getContent()) if (typeof text === 'string') this.saw(text)
      // What came from elsewhere (another desk, the disk) is told; this desk's own changes are known where made.
      if (origin !== null) for (const listener of this.listeners) listener()
    })
  }

  /** Hears every change that came from another desk (or from the disk). */
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

  /** An entry as it came (from this desk, the disk or another desk): one that does not read as an entry is passed over. */
  private saw(text: string): void {
    let entry: unknown
    try {
      entry = JSON.parse(text)
    } catch {
      return
    }
    if (!isEntry(entry)) return
    this.seenAt = Math.max(this.seenAt, entry.at(-2) as number)
    this.index.add(entry)
  }

  /** Adds an entry stamped now (hybrid time) by this desk. */
  private add<N extends LogName>(name: N, ...fields: DropLast2<Logs[N]>): void {
    const at = Math.max(this.now(), this.seenAt + 1)
    this.seenAt = at
    this.doc.getArray<string>(LOG).push([JSON.stringify([name, ...fields, at, this.deskId])])
  }

  /** A stream puts a match on air (null: nothing). */
  take(streamId: string, matchId: string | null): void {
    this.add('takes', streamId, matchId)
  }

  /** A match goes to a station (null: off every station). */
  assign(matchId: string, stationId: string | null): void {
    this.add('assignments', matchId, stationId)
  }

  /** A station's match is called, with the deadline of its DQ timer; a recall replaces the call. */
  call(stationId: string, matchId: string, deadline: number): void {
    this.add('calls', stationId, matchId, deadline)
  }

  uncall(stationId: string): void {
    this.add('calls', stationId, null, 0)
  }

  /** A scan decided at this desk's door: its own id, so a retry or a merge never makes it twice. */
  scan(scanId: string, participantId: string, place: string): void {
    if (!this.index.scans.has(scanId)) this.add('scans', scanId, participantId, place)
  }

  /**
   * The host's part: each person scanned whose writer is not named yet gets one — the first of their scans the host
   * holds (by time, then desk, then id). Run by the host alone, so a writer, once named, never changes.
   */
  nameWriters(): string[] {
    const { firstScans, writers } = this.index
    const named = [...firstScans].filter(([participantId]) => !writers.has(participantId))
    if (named.length === 0) return []
    this.doc.transact(() => {
      for (const [participantId, { scanId }] of named) this.add('writers', participantId, scanId)
    })
    return named.map(([participantId]) => participantId)
  }

  /** The people this desk is to write to the service now: their writer is one of this desk's scans, not yet written. */
  toWrite(): { participantId: string; scanId: string }[] {
    const { scans, writers, written } = this.index
    const due: { participantId: string; scanId: string }[] = []
    for (const [participantId, writer] of writers)
      if (scans.get(writer.scanId)?.by === this.deskId && !written.has(participantId))
        due.push({ participantId, scanId: writer.scanId })
    return due
  }

  /** This desk wrote a person's check-in to the service (its outbox took it). */
  wrote(participantId: string, scanId: string): void {
    this.add('written', participantId, scanId)
  }

  /** True once another desk has been part of this venue (its name is in the document): scans then go through it. */
  isShared(): boolean {
    return this.index.names.size > 1
  }

  /** A person's first scan at any desk (by time, then desk, then id), unless they were checked out since. */
  checkedInScan(participantId: string): (ScanEntry & { scanId: string }) | undefined {
    const first = this.index.firstScans.get(participantId)
    const out = this.index.outs.get(participantId)
    return first && (!out || out.at < first.at) ? first : undefined
  }

  /** True when the person has a scan in the venue, counted or not (a check-out came after it). */
  everScanned(participantId: string): boolean {
    return this.index.firstScans.has(participantId)
  }

  /** A person checked out at this desk: a scan made before no longer counts. */
  checkOut(participantId: string): void {
    if (this.index.firstScans.has(participantId)) this.add('outs', participantId)
  }

  /** True once a desk wrote the person's check-in to the service. */
  isWritten(participantId: string): boolean {
    return this.index.written.has(participantId)
  }

  /** The match a stream's latest Take put on air, as the log says (undefined: no Take yet); `view` keeps invariants. */
  takeOf(streamId: string): string | null | undefined {
    return this.index.takes.get(streamId)?.matchId
  }

  /** This desk runs a stream from now on (it acted on it, or took it over from another desk). */
  run(streamId: string): void {
    if (this.index.runs.get(streamId)?.deskId !== this.deskId) this.add('runs', streamId, this.deskId)
  }

  /** This desk's name, as the other desks show it. */
  name(name: string): void {
    if (this.index.names.get(this.deskId)?.name !== name) this.add('names', this.deskId, name)
  }

  /** A desk is out of the venue from now on (revoked, or it left): no hub lets it sync with its own key. */
  putOut(deskId: string): void {
    if (!this.index.isOut(deskId)) this.add('outOfVenue', deskId)
  }

  /** True once a head organiser revoked the desk, or it left (counted: `VenueIndex.isOut`). */
  isOut(deskId: string): boolean {
    return this.index.isOut(deskId)
  }

  /** This desk's own sync key, hashed: any desk's hub of the venue lets it sync from now on. */
  ownKey(hash: string): void {
    if (this.index.keys.get(this.deskId)?.hash !== hash) this.add('keys', this.deskId, hash)
  }

  /** A desk's sync key, hashed, as that desk said (undefined: it never did). */
  keyHashOf(deskId: string): string | undefined {
    return this.index.keys.get(deskId)?.hash
  }

  /** Where this desk's hub answers now. */
  announceHub(url: string): void {
    if (this.index.hubs.get(this.deskId)?.url !== url) this.add('hubs', this.deskId, url)
  }

  /** Where a desk's hub answers, as that desk said last. */
  hubOf(deskId: string): string | undefined {
    return this.index.hubs.get(deskId)?.url
  }

  /**
   * A desk hosts the venue's sync from now on: a head organiser's handover, or this desk's own election (others'
   * copies pass over a desk naming another without being head organiser).
   */
  handOver(deskId: string): void {
    this.add('hosts', deskId)
  }

  /** The desk that hosts the venue's sync, as the last handover by a head organiser named it (none yet: undefined). */
  hostDesk(): string | undefined {
    return this.index.hostDesk()
  }

  /** This desk's control token, hashed: Companion with it drives any desk of the venue (a new token replaces it). */
  ownControlToken(hash: string): void {
    if (this.index.controls.get(this.deskId)?.hash !== hash) this.add('controls', this.deskId, hash)
  }

  /** Each desk's control token hash, for the desks still in the venue. */
  controlTokenHashes(): string[] {
    return [...this.index.controls].filter(([deskId]) => !this.index.isOut(deskId)).map(([, { hash }]) => hash)
  }

  /** A device paired at this desk, known to every desk of the venue from now on. */
  shareDevice(device: SharedDevice): void {
    if (!this.index.devices.has(device.id)) this.add('devices', device.id, JSON.stringify(SharedDevice.parse(device)))
  }

  /** Whether this desk may revoke a device of the venue: it paired it, or it is head organiser. */
  mayRevokeDevice(deviceId: string): boolean {
    const paired = this.index.devices.get(deviceId)
    return !paired || paired.by === this.deskId || this.roleOf(this.deskId) === 'head'
  }

  /** A device revoked at this desk: no desk's hub lets its key in from now on. */
  revokeDevice(deviceId: string): void {
    if (!this.index.isDeviceOut(deviceId)) this.add('deviceOuts', deviceId)
  }

  /** The device of the venue a key (hashed) belongs to, unless it was revoked. */
  deviceByKeyHash(hash: string): (SharedDevice & { pairedBy: string }) | undefined {
    const deviceId = this.index.deviceByHash.get(hash)
    const paired = deviceId === undefined ? undefined : this.index.devices.get(deviceId)
    if (!paired || paired.device.keyHash !== hash || this.index.isDeviceOut(paired.device.id)) return undefined
    return { ...paired.device, pairedBy: paired.by }
  }

  /** Every device of the venue not revoked, with the desk it was paired at. */
  sharedDevices(): (SharedDevice & { pairedBy: string })[] {
    return [...this.index.devices.values()]
      .filter((paired) => !this.index.isDeviceOut(paired.device.id))
      .map((paired) => ({ ...paired.device, pairedBy: paired.by }))
  }

  /** True once the device was revoked at a desk that may (`mayRevokeDevice`, as it was then). */
  isDeviceOut(deviceId: string): boolean {
    return this.index.isDeviceOut(deviceId)
  }

  /** Where each desk of the venue still in it answers, as each said last (a device moves to the next when its goes). */
  deskAddresses(): { deskId: string; name: string; url: string }[] {
    const names = this.index.view().names
    return [...this.index.hubs]
      .filter(([deskId]) => !this.index.isOut(deskId))
      .map(([deskId, { url }]) => ({ deskId, name: names.get(deskId) ?? deskId, url }))
  }

  /** A desk's role (this desk's part is to be head organiser: others' copies pass over it otherwise). */
  setRole(deskId: string, role: DeskRole): void {
    this.add('roles', deskId, role)
  }

  /** A desk's role as the venue's head organisers gave it (head organiser until one gives it another). */
  roleOf(deskId: string): DeskRole {
    return this.index.roleOf(deskId)
  }

  /** Whether a desk's role lets it change a concern (every desk may change everything while the venue is not shared). */
  mayChange(deskId: string, concern: Concern): boolean {
    return !this.isShared() || allows(this.roleOf(deskId), concern)
  }

  /** True once a head organiser gave the desk a role (counted or not). */
  hasRole(deskId: string): boolean {
    return this.index.hasRole(deskId)
  }

  /** The person at this desk now. */
  setOperator(operator: string): void {
    if (this.index.operators.get(this.deskId)?.operator !== operator) this.add('operators', this.deskId, operator)
  }

  /** The person at a desk, as that desk said ('' when it never did). */
  operatorOf(deskId: string): string {
    return this.index.operators.get(deskId)?.operator ?? ''
  }

  /** A change this desk made, for the audit log: its operator now, its desk, and the time go with it. */
  audit(subject: AuditSubject, subjectId: string, label: string, what: string): void {
    this.add(
      'audit',
      subject,
      subjectId,
      label.slice(0, AUDIT_LABEL_MOST),
      what.slice(0, AUDIT_WHAT_MOST),
      this.operatorOf(this.deskId),
    )
  }

  /**
   * Every audit entry of the venue, oldest first, with its desk named as the venue names it now. Read from the log
   * when asked (the view is opened now and then; nothing is kept beside the log).
   */
  *auditLog(): Generator<AuditEntry> {
    const names = this.index.view().names
    for (const text of this.doc.getArray<string>(LOG)) {
      if (!text.startsWith('["audit"')) continue
      let entry: unknown
      try {
        entry = JSON.parse(text)
      } catch {
        continue
      }
      if (!isEntry(entry) || entry[0] !== 'audit') continue
      const [, subject, subjectId, label, what, operator, at, by] = entry
      const kind = AuditSubject.safeParse(subject)
      if (!kind.success) continue
      yield {
        at,
        operator: (operator ?? '').slice(0, OPERATOR_MOST),
        desk: (names.get(by) ?? 'another desk').slice(0, 80),
        subject: kind.data,
        subjectId: (subjectId ?? '').slice(0, 200),
        label: (label ?? '').slice(0, AUDIT_LABEL_MOST),
        what: (what ?? '').slice(0, AUDIT_WHAT_MOST),
      }
    }
  }

  /** Publishes a stream's desk state for every desk (the desk running it does, after each change). */
  share(streamId: string, state: unknown): void {
    this.doc.getMap(STREAMS).set(streamId, state)
  }

  /** A stream's desk state as its desk published it last (unchecked: it came from the LAN). */
  shared(streamId: string): unknown {
    return this.doc.getMap(STREAMS).get(streamId)
  }

  /** Publishes a floor station as this desk has it now (removed: its value says so). */
  shareStation(stationId: string, station: unknown): void {
    this.doc.getMap(STATIONS).set(stationId, station)
  }

  /** A floor station as a desk shared it last (unchecked: it came from the LAN). */
  sharedStation(stationId: string): unknown {
    return this.doc.getMap(STATIONS).get(stationId)
  }

  /** Every floor station as the desks shared them (unchecked: they came from the LAN). */
  sharedStations(): IterableIterator<[string, unknown]> {
    return this.doc.getMap(STATIONS).entries()
  }

  /** The venue as every desk sees it once their copies agree. */
  view(): VenueView {
    return this.index.view()
  }
}

/** How many fields each log's entries have after its name. */
const FIELDS: Record<LogName, number> = {
  takes: 4,
  assignments: 4,
  calls: 5,
  scans: 5,
  writers: 4,
  written: 4,
  runs: 4,
  names: 4,
  outs: 3,
  roles: 4,
  operators: 4,
  keys: 4,
  hubs: 4,
  hosts: 3,
  outOfVenue: 3,
  controls: 4,
  devices: 4,
  deviceOuts: 3,
  audit: 7,
}

/** An array of its log's length, strings or null but for the time (a finite number) second to last. */
function isEntry(value: unknown): value is Entry {
  if (!Array.isArray(value) || typeof value[0] !== 'string' || !Object.hasOwn(FIELDS, value[0])) return false
  if (value.length !== FIELDS[value[0] as LogName] + 1) return false
  return value.every((field, i) =>
    i === value.length - 2 || (value[0] === 'calls' && i === 3)
      ? typeof field === 'number' && Number.isFinite(field)
      : field === null || typeof field === 'string',
  )
}

type DropLast2<T extends unknown[]> = T extends [...infer Head, unknown, unknown] ? Head : never

/** a before b: by time, then by desk, then by key (the same order on every desk). */
function earlier([aKey, a]: [string, Authored], [bKey, b]: [string, Authored]): boolean {
  if (a.at !== b.at) return a.at < b.at
  if (a.by !== b.by) return a.by < b.by
  return aKey < bKey
}

/** Keeps `entry` under `key` when it is later than the one held (or `first`: earlier). */
function keep<T extends Authored>(map: Map<string, T>, key: string, entry: T, first = false): boolean {
  const held = map.get(key)
  if (held && earlier([key, held], [key, entry]) === first) return false
  map.set(key, entry)
  return true
}

/**
 * The log folded as it comes, each key's latest entry (the first, for a scan, a writer and a write), and the view read
 * from it with the venue's invariants: a match taken on two streams at once is on air on the one taken last (by time,
 * then desk), the other shows nothing; a station given two matches at once holds the one given last, the other is on
 * no station; a call counts only for the match its station holds.
 */
export class VenueIndex {
  readonly takes = new Map<string, Authored & { matchId: string | null }>()
  readonly assignments = new Map<string, Authored & { stationId: string | null }>()
  readonly calls = new Map<string, Authored & { matchId: string | null; deadline: number }>()
  readonly scans = new Map<string, ScanEntry>()
  readonly writers = new Map<string, Authored & { scanId: string }>()
  readonly written = new Map<string, WrittenEntry>()
  readonly runs = new Map<string, Authored & { deskId: string }>()
  /** Each person's latest check-out. */
  readonly outs = new Map<string, Authored>()
  /** Each person's first scan. */
  readonly firstScans = new Map<string, ScanEntry & { scanId: string }>()
  readonly names = new Map<string, Authored & { name: string }>()
  /** Each desk's operator, as the desk itself said last. */
  readonly operators = new Map<string, Authored & { operator: string }>()
  /** Each desk's sync key hash and hub address, as the desk itself said last. */
  readonly keys = new Map<string, Authored & { hash: string }>()
  readonly hubs = new Map<string, Authored & { url: string }>()
  readonly controls = new Map<string, Authored & { hash: string }>()
  /** Each device paired at a desk of the venue (the first record of an id counts), and its key's hash → its id. */
  readonly devices = new Map<string, Authored & { device: SharedDevice }>()
  readonly deviceByHash = new Map<string, string>()
  private readonly deviceOutEntries: (Authored & { deviceId: string })[] = []
  /** Every handover of the hosting, in no order (a handful: the latest by a head organiser counts). */
  private readonly hostEntries: (Authored & { deskId: string })[] = []
  /** Every desk put out of the venue, in no order (counted when by the desk itself or a head organiser then). */
  private readonly outEntries: (Authored & { deskId: string })[] = []
  /** Every role given, in no order (a handful: replayed in time order when read). */
  private readonly roleEntries: (Authored & { deskId: string; role: DeskRole })[] = []
  private roles: Map<string, DeskRole> | undefined
  private cached: VenueView | undefined

  add(entry: Entry): void {
    this.cached = undefined
    switch (entry[0]) {
      case 'takes': {
        const [, streamId, matchId, at, by] = entry
        keep(this.takes, streamId, { matchId, at, by })
        break
      }
      case 'assignments': {
        const [, matchId, stationId, at, by] = entry
        keep(this.assignments, matchId, { stationId, at, by })
        break
      }
      case 'calls': {
        const [, stationId, matchId, deadline, at, by] = entry
        keep(this.calls, stationId, { matchId, deadline, at, by })
        break
      }
      case 'scans': {
        const [, scanId, participantId, place, at, by] = entry
        keep(this.scans, scanId, { participantId, place, at, by }, true)
        const first = this.firstScans.get(participantId)
        if (!first || earlier([scanId, { at, by }], [first.scanId, first]))
          this.firstScans.set(participantId, { scanId, participantId, place, at, by })
        break
      }
      case 'writers': {
        const [, participantId, scanId, at, by] = entry
        keep(this.writers, participantId, { scanId, at, by }, true)
        break
      }
      case 'written': {
        const [, participantId, scanId, at, by] = entry
        keep(this.written, participantId, { scanId, at, by }, true)
        break
      }
      case 'runs': {
        const [, streamId, deskId, at, by] = entry
        keep(this.runs, streamId, { deskId, at, by })
        break
      }
      case 'outs': {
        const [, participantId, at, by] = entry
        keep(this.outs, participantId, { at, by })
        break
      }
      case 'names': {
        const [, deskId, name, at, by] = entry
        keep(this.names, deskId, { name, at, by })
        break
      }
      case 'roles': {
        const [, deskId, role, at, by] = entry
        const known = DeskRole.safeParse(role)
        if (known.success) this.roleEntries.push({ deskId, role: known.data, at, by })
        this.roles = undefined
        break
      }
      case 'operators': {
        const [, deskId, operator, at, by] = entry
        // A desk names its own operator; what another desk says of it is passed over.
        if (deskId === by) keep(this.operators, deskId, { operator: operator.slice(0, OPERATOR_MOST), at, by })
        break
      }
      case 'keys': {
        const [, deskId, hash, at, by] = entry
        if (deskId === by && /^[0-9a-f]{64}$/.test(hash)) keep(this.keys, deskId, { hash, at, by })
        break
      }
      case 'hubs': {
        const [, deskId, url, at, by] = entry
        if (deskId === by && url.length <= 200) keep(this.hubs, deskId, { url, at, by })
        break
      }
      case 'hosts': {
        const [, deskId, at, by] = entry
        this.hostEntries.push({ deskId, at, by })
        break
      }
      case 'outOfVenue': {
        const [, deskId, at, by] = entry
        this.outEntries.push({ deskId, at, by })
        break
      }
      case 'controls': {
        const [, deskId, hash, at, by] = entry
        if (deskId === by && /^[0-9a-f]{64}$/.test(hash)) keep(this.controls, deskId, { hash, at, by })
        break
      }
      case 'devices': {
        const [, deviceId, record, at, by] = entry
        const device = SharedDevice.safeParse(safeJson(record))
        if (!device.success || device.data.id !== deviceId) break
        if (!keep(this.devices, deviceId, { device: device.data, at, by }, true)) break
        // A key belongs to the first device recorded with it: a later record naming the same key under another id (a
        // door made a control device) is passed over.
        const held = this.deviceByHash.get(device.data.keyHash)
        const heldEntry = held === undefined ? undefined : this.devices.get(held)
        if (!heldEntry || earlier([deviceId, { at, by }], [held!, heldEntry]))
          this.deviceByHash.set(device.data.keyHash, deviceId)
        break
      }
      case 'deviceOuts': {
        const [, deviceId, at, by] = entry
        this.deviceOutEntries.push({ deviceId, at, by })
        break
      }
      case 'audit':
        // Read from the log when the audit view asks: nothing kept here.
        break
    }
  }

  hasRole(deskId: string): boolean {
    return this.roleEntries.some((entry) => entry.deskId === deskId)
  }

  /**
   * Out of the venue: the desk left (its own entry), or a desk that was head organiser then revoked it — unless the
   * desk joined again since (a key of its own written after).
   */
  isOut(deskId: string): boolean {
    const keyAt = this.keys.get(deskId)?.at ?? -Infinity
    return this.outEntries.some(
      (entry) =>
        entry.deskId === deskId &&
        entry.at > keyAt &&
        (entry.by === deskId || this.roleAt(entry.by, entry.at) === 'head'),
    )
  }

  /** A device revoked by the desk that paired it, or by a desk that was head organiser then. */
  isDeviceOut(deviceId: string): boolean {
    const pairedBy = this.devices.get(deviceId)?.by
    return this.deviceOutEntries.some(
      (entry) => entry.deviceId === deviceId && (entry.by === pairedBy || this.roleAt(entry.by, entry.at) === 'head'),
    )
  }

  /**
   * The latest handover made by a desk that was head organiser then, or a desk's own election (it names itself, by
   * the rule every desk computes: `venue-election.ts`) — by time, then desk.
   */
  hostDesk(): string | undefined {
    let latest: (Authored & { deskId: string }) | undefined
    for (const entry of this.hostEntries)
      if (
        (entry.by === entry.deskId || this.roleAt(entry.by, entry.at) === 'head') &&
        (!latest || earlier([latest.deskId, latest], [entry.deskId, entry]))
      )
        latest = entry
    return latest?.deskId
  }

  /**
   * A desk's role: the roles given replayed in time order (then desk), each counted only if its author was head
   * organiser at that point — so two heads demoting each other at once end the same on every desk (the earlier
   * counts, the later's author is no longer head). A desk no head ever gave a role is head organiser.
   */
  roleOf(deskId: string): DeskRole {
    this.roles ??= replayRoles(this.roleEntries)
    return this.roles.get(deskId) ?? 'head'
  }

  /** A desk's role as it was at a time (the roles given before it, replayed as `roleOf` does). */
  roleAt(deskId: string, at: number): DeskRole {
    return replayRoles(this.roleEntries.filter((entry) => entry.at < at)).get(deskId) ?? 'head'
  }

  view(): VenueView {
    if (this.cached) return this.cached
    // For a match on two streams, the stream that took it last; for a station given two matches, the match given last.
    const streamOf = new Map<string, Authored & { streamId: string }>()
    for (const [streamId, take] of this.takes)
      if (take.matchId !== null) keep(streamOf, take.matchId, { ...take, by: `${take.by}\u0000${streamId}`, streamId })
    const matchOf = new Map<string, Authored & { matchId: string }>()
    for (const [matchId, assign] of this.assignments)
      if (assign.stationId !== null)
        keep(matchOf, assign.stationId, { ...assign, by: `${assign.by}\u0000${matchId}`, matchId })
    const stations = new Map([...matchOf].map(([stationId, { matchId }]) => [stationId, matchId]))
    const calls = new Map<string, { matchId: string; deadline: number }>()
    for (const [stationId, call] of this.calls)
      if (call.matchId !== null && stations.get(stationId) === call.matchId)
        calls.set(stationId, { matchId: call.matchId, deadline: call.deadline })
    return (this.cached = {
      onAir: new Map([...streamOf].map(([matchId, { streamId }]) => [streamId, matchId])),
      stations,
      calls,
      scans: this.scans,
      writers: new Map([...this.writers].map(([participantId, { scanId }]) => [participantId, scanId])),
      written: this.written,
      runners: new Map([...this.runs].map(([streamId, { deskId }]) => [streamId, deskId])),
      names: new Map([...this.names].map(([deskId, { name }]) => [deskId, name])),
    })
  }
}

/** Roles given, replayed in time order (then desk): each counts only if its author was head organiser at that point. */
function replayRoles(entries: readonly (Authored & { deskId: string; role: DeskRole })[]): Map<string, DeskRole> {
  const roles = new Map<string, DeskRole>()
  const ordered = entries
    .map((entry) => [entry.deskId, entry] as [string, typeof entry])
    .sort((a, b) => (earlier(a, b) ? -1 : earlier(b, a) ? 1 : 0))
  for (const [, { deskId, role, by }] of ordered) if ((roles.get(by) ?? 'head') === 'head') roles.set(deskId, role)
  return roles
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
