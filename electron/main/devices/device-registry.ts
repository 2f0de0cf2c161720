// Who may use the hub beyond this machine: paired devices (door, board, overlay, control, tablets) with revocable keys, the single-use
// pairing codes that make them, the control token Companion sends, and whether the hub is open to the venue network.
// Kept in venue.json (0600) beside the profiles, device keys only as hashes; the control token in the OS keychain.
// In a shared venue a device paired at any desk is known here too (the venue's record: `VenueDeviceBook`), and one
// revoked at any desk that may is refused here.
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import writeFileAtomic from 'write-file-atomic'
import { join } from 'node:path'
import { z } from 'zod'
import { DeviceKind, STREAM_KINDS, TOURNAMENT_KINDS, type SharedDevice } from '../../../shared/venue/door'
import type { DeskPairingAnswer, JoiningDesk } from '../../../shared/venue/wire'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import { setAside } from '../set-aside'
import { Signal } from '../signal'
import { sameSecret } from '../local-server/route-guard'
import { VENUE_SECRETS, type CredentialStore } from '../secrets/credential-store'
import { AttemptBudget } from './attempt-budget'
import type { AdmitDesk, RegistryVenue, VenueDeviceBook } from './registry-venue'

/** A pairing code is good this long, once. */
export const PAIRING_VALID_MS = 5 * 60_000
/** lastSeen is written to disk at most this often per device (it is kept exact in memory). */
const SEEN_WRITE_MS = 60_000
/**
 * A last-seen write waits this long after the request that made it due, off that request's path: ten doors starting
 * at once share one write of the file, and none of their first scans waits for a disk sync.
 */
const SEEN_SAVE_DELAY_MS = 1000
/** Letters a person reads off a screen without confusion (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

const StoredDevice = z.object({
  id: z.string(),
  name: z.string(),
  kind: DeviceKind,
  /** The tournament a door checks in for. */
  tournamentId: z.string().nullable(),
  /** The stream a scorekeeper's or caster's tablet serves (null for other kinds, and in files from before). */
  streamId: z.string().nullable().default(null),
  /** The connection it was paired on: a door keeps checking in there whatever the desk shows (absent: paired earlier). */
  profileId: z.string().optional(),
  /** A desk's id in the venue (it proves itself with its own key: its key here opens nothing). */
  venueDeskId: z.string().max(100).optional(),
  keyHash: z.string(),
  pairedAt: z.number(),
  lastSeen: z.number().nullable(),
})
const VenueFile = z.object({
  lan: z.boolean(),
  /** The interfaces the admin opened the hub on; null: the one Matchdesk suggests (the default route's). */
  lanInterfaces: z.array(z.string()).nullable().default(null),
  /** Only in files written before the control token moved to the keychain: moved there on open. */
  controlToken: z.string().min(32).optional(),
  devices: z.array(StoredDevice),
})

export type Device = z.infer<typeof StoredDevice>
export type DeviceView = Pick<
  Device,
  'id' | 'name' | 'kind' | 'tournamentId' | 'streamId' | 'pairedAt' | 'lastSeen'
> & {
  profileId?: string
  /** The desk of the venue it was paired at, when another: its id, and its name as the venue says it. */
  pairedBy?: string
  pairedAtDesk?: string
}

interface PendingCode {
  name: string
  kind: DeviceKind
  tournamentId: string | null
  streamId: string | null
  profileId?: string
  expiresAt: number
  usedAt?: number
}

/** Why a pairing code was refused, in words the device shows. */
export class PairingRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 410 | 426 | 429,
    readonly retryAfterS?: number,
  ) {
    super(message)
  }
}

export class DeviceRegistry {
  /** Told when a device is revoked (its open streams are closed at once) and when the venue setting changes. */
  readonly revoked = new Signal<string>()
  /** A new control token was made: whatever the old one opened ends. */
  readonly rotated = new Signal<void>()
  readonly changed = new Signal<void>()
  private readonly codes = new Map<string, PendingCode>()
  private readonly attempts = new AttemptBudget()
  private readonly seenWritten = new Map<string, number>()
  private seenSave: NodeJS.Timeout | undefined
  /** When each device paired at another desk was last seen here (kept in memory only: its desk keeps its own). */
  private readonly seenShared = new Map<string, number>()
  /** The venue desk id of each desk revoked here (it is removed from the venue). */
  readonly desksRevoked = new Signal<string>()
  /** The venue's record of devices now (none: this desk's devices are its own). */
  private readonly book: () => VenueDeviceBook | undefined
  /** The connection the venue's record belongs to: a device paired on another connection is not shared in it. */
  private readonly bookProfile: () => string | undefined
  /** Admits a desk that pairs here into the venue (none: desks cannot pair here). */
  private readonly admitDesk: AdmitDesk | undefined

  private constructor(
    private readonly file: string,
    private readonly clock: Clock,
    private readonly credentials: CredentialStore,
    private data: z.infer<typeof VenueFile>,
    private token: string,
    venue: RegistryVenue,
  ) {
    this.book = venue.book ?? (() => undefined)
    this.bookProfile = venue.bookProfile ?? (() => undefined)
    this.admitDesk = venue.admitDesk
  }

  /**
   * Reads venue.json from the data folder (a damaged one is set aside and a fresh one started: nothing is paired) and
   * the control token from the keychain (one made on first start; one an older venue.json held is moved there).
   */
  static async open(
    dataDir: string,
    clock: Clock,
    credentials: CredentialStore,
    onDamaged?: (keptAs: string) => void,
    venue: RegistryVenue = {},
  ): Promise<DeviceRegistry> {
    const file = join(dataDir, 'venue.json')
    let data: z.infer<typeof VenueFile> | undefined
    if (existsSync(file)) {
      const parsed = VenueFile.safeParse(safeJson(readFileSync(file, 'utf8')))
      if (parsed.success) data = parsed.data
      else onDamaged?.(setAside(file, 'damaged'))
    }
    const { controlToken: fromFile, ...rest } = data ?? { lan: false, lanInterfaces: null, devices: [] }
    const stored = await credentials.get(VENUE_SECRETS, 'control-token')
    const token = stored ?? fromFile ?? newSecret()
    if (token !== stored) await credentials.set(VENUE_SECRETS, 'control-token', token)
    const registry = new DeviceRegistry(file, clock, credentials, rest, token, venue)
    if (!data || fromFile) registry.save()
    return registry
  }

  get lan(): boolean {
    return this.data.lan
  }

  /** The interfaces chosen by the admin, or null for Matchdesk's suggestion. */
  get lanInterfaces(): string[] | null {
    return this.data.lanInterfaces
  }

  /** Opens or closes the venue network; `interfaces` (when given) is the admin's choice, null for the suggestion. */
  setLan(lan: boolean, interfaces?: string[] | null): void {
    this.data.lan = lan
    if (interfaces !== undefined) this.data.lanInterfaces = interfaces
    this.save()
    this.changed.emit()
  }

  get controlToken(): string {
    return this.token
  }

  /** A new control token: the old one is refused at once, the new one is in the keychain before it is answered. */
  async rotateControlToken(): Promise<string> {
    const token = newSecret()
    await this.credentials.set(VENUE_SECRETS, 'control-token', token)
    this.token = token
    this.book()?.ownControlToken(hashOf(token))
    this.rotated.emit()
    this.changed.emit()
    return token
  }

  /** This desk's devices, then those paired at the venue's other desks. */
  devices(): DeviceView[] {
    const book = this.book()
    const own = this.data.devices.map(({ id, name, kind, tournamentId, streamId, pairedAt, lastSeen }) => ({
      id,
      name,
      kind,
      tournamentId,
      streamId,
      pairedAt,
      lastSeen: latestSeen(lastSeen, kind === 'desk' ? undefined : book?.devices.seenAt(id)),
    }))
    const here = new Set(own.map((device) => device.id))
    const elsewhere = (book?.devices.all() ?? [])
      .filter((device) => !here.has(device.id) && device.pairedBy !== book!.deskId)
      .map((device) => this.sharedView(device))
    return [...own, ...elsewhere]
  }

  /**
   * Brings this desk's devices and the venue's record together (at start, after a switch, after each change from
   * another desk): a device of this desk goes into the record; one the record says is revoked is forgotten here and
   * its open streams closed, as is a device of another desk seen here.
   */
  followVenue(): void {
    const book = this.book()
    if (!book) return
    const profile = this.bookProfile()
    book.ownControlToken(hashOf(this.token))
    const gone = this.data.devices.filter((device) => device.kind !== 'desk' && book.devices.isOut(device.id))
    if (gone.length > 0) {
      this.data.devices = this.data.devices.filter((device) => !gone.includes(device))
      this.save()
    }
    for (const device of this.data.devices)
      if (device.kind !== 'desk' && (!device.profileId || device.profileId === profile))
        book.devices.share(sharedOf(device))
    const goneElsewhere = [...this.seenShared.keys()].filter((id) => book.devices.isOut(id))
    for (const id of goneElsewhere) this.seenShared.delete(id)
    for (const id of [...gone.map((device) => device.id), ...goneElsewhere]) this.revoked.emit(id)
    const listed = JSON.stringify(book.devices.all().map((device) => device.id))
    if (gone.length > 0 || goneElsewhere.length > 0 || listed !== this.listedShared) this.changed.emit()
    this.listedShared = listed
  }

  private listedShared = ''

  private sharedView(device: SharedDevice & { pairedBy: string }): DeviceView {
    const { id, name, kind, tournamentId, streamId, pairedAt, pairedBy } = device
    const pairedAtDesk = this.book()?.view().names.get(pairedBy) ?? 'another desk'
    const lastSeen = latestSeen(this.seenShared.get(id) ?? null, this.book()?.devices.seenAt(id))
    return { id, name, kind, tournamentId, streamId, pairedAt, lastSeen, pairedBy, pairedAtDesk }
  }

  /**
   * Whether a bearer token drives this hub: this desk's control token, or — in a shared venue — another desk's (the
   * venue's record holds each desk's hashed), so Companion follows the venue when its desk goes. Constant time.
   */
  knowsControlToken(given: string): boolean {
    if (!given) return false
    if (sameSecret(given, this.token)) return true
    const hash = hashOf(given)
    return (this.book()?.controlTokenHashes() ?? []).some((held) => sameSecret(held, hash))
  }

  /** The venue desk whose control token this is, when another desk's (undefined: this desk's, or none). */
  controlTokenDesk(given: string): string | undefined {
    if (!given || sameSecret(given, this.token)) return undefined
    const desk = this.book()?.controlTokenDesk(hashOf(given))
    return desk === this.book()?.deskId ? undefined : desk
  }

  /** A single-use code, valid five minutes, that a device exchanges for its key. */
  pair(
    name: string,
    kind: DeviceKind,
    tournamentId: string | null,
    profileId?: string,
    streamId: string | null = null,
  ): { code: string; expiresAt: number } {
    if (TOURNAMENT_KINDS.includes(kind) && !tournamentId) {
      const message = `a ${kind} serves one tournament: choose it first`
      throw new AppError('validation', message, { tournamentId: message })
    }
    if (STREAM_KINDS.includes(kind) && !streamId) {
      const message = `a ${kind}’s tablet serves one stream: choose it first`
      throw new AppError('validation', message, { streamId: message })
    }
    const now = this.clock.now()
    for (const [code, pending] of this.codes) if (pending.expiresAt < now) this.codes.delete(code)
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')
    const expiresAt = now + PAIRING_VALID_MS
    const tournament = TOURNAMENT_KINDS.includes(kind) ? tournamentId : null
    const stream = STREAM_KINDS.includes(kind) ? streamId : null
    this.codes.set(code, {
      name,
      kind,
      tournamentId: tournament,
      streamId: stream,
      ...(profileId && { profileId }),
      expiresAt,
    })
    return { code: `${code.slice(0, 4)}-${code.slice(4)}`, expiresAt }
  }

  /**
   * Trades a pairing code for a new device and its key. `from` is the caller's address: each address may get a code
   * wrong a few times a minute, and the whole network a few dozen, then they wait.
   */
  exchange(
    given: string,
    from: string,
    joining?: JoiningDesk,
  ): { device: DeviceView; key: string; desk?: undefined } | { device: DeviceView; desk: DeskPairingAnswer } {
    const now = this.clock.now()
    const wait = this.attempts.wait(from, now)
    if (wait) throw new PairingRefused(wait.message, 429, wait.retryAfterS)
    const code = given.toUpperCase().replaceAll('-', '')
    const pending = this.codes.get(code)
    const refuse = (message: string, status: 400 | 410) => {
      // A wrong code: counted against its address; once the whole network guessed too much, asked to wait instead.
      const network = this.attempts.networkWait(now)
      this.attempts.spent(from, now)
      return network
        ? new PairingRefused(network.message, 429, network.retryAfterS)
        : new PairingRefused(message, status)
    }
    if (!pending) throw refuse('This pairing code is not known: check it, or add the device again on the desk.', 400)
    if (pending.usedAt !== undefined) throw refuse('This pairing code was already used: add the device again.', 410)
    if (pending.expiresAt < now)
      throw refuse('This pairing code has expired (codes last 5 minutes): add the device again.', 410)
    const id = randomBytes(6).toString('hex')
    // A desk is admitted into the venue (it proves itself with its own key from now on: no key of this hub's is given).
    let desk: DeskPairingAnswer | undefined
    if (pending.kind === 'desk') {
      if (!joining)
        throw new PairingRefused(
          'This desk runs an older Matchdesk, whose venue record is not signed: update it to join this venue.',
          426,
        )
      if (!this.admitDesk) throw new PairingRefused('This desk does not take desks into a venue.', 403)
      try {
        desk = this.admitDesk(joining, pending.name, id)
      } catch (error) {
        throw new PairingRefused(error instanceof Error ? error.message : 'The desk could not be admitted.', 403)
      }
    }
    pending.usedAt = now
    const key = newSecret()
    const device: Device = {
      id,
      name: pending.name,
      kind: pending.kind,
      tournamentId: pending.tournamentId,
      streamId: pending.streamId,
      ...(pending.profileId && { profileId: pending.profileId }),
      ...(joining && desk && { venueDeskId: joining.id }),
      keyHash: hashOf(key),
      pairedAt: now,
      lastSeen: now,
    }
    this.data.devices.push(device)
    this.save()
    if (device.kind !== 'desk') this.book()?.devices.share(sharedOf(device))
    this.changed.emit()
    const view = this.devices().find((d) => d.id === device.id)!
    return desk ? { device: view, desk } : { device: view, key }
  }

  /** The device a key belongs to (its last-seen time updated), or undefined for a wrong or revoked key. */
  authenticate(key: string): DeviceView | undefined {
    if (!key) return undefined
    const hash = hashOf(key)
    // A desk proves itself with its own key at the venue's routes: no key of this hub's opens anything for it.
    const device = this.data.devices.find((d) => d.kind !== 'desk' && sameSecret(d.keyHash, hash))
    const book = this.book()
    if (!device) {
      // Paired at another desk of the venue (and not revoked there): known here by the same key.
      const shared = book?.devices.byKeyHash(hash)
      if (!shared || shared.pairedBy === book!.deskId) return undefined
      this.seenShared.set(shared.id, this.clock.now())
      book!.devices.seen(shared.id)
      return this.sharedView(shared)
    }
    // Revoked at another desk, this desk's copy not followed yet: refused already.
    if (device.kind !== 'desk' && book?.devices.isOut(device.id)) return undefined
    this.seen(device)
    book?.devices.seen(device.id)
    return { ...device }
  }

  /** A desk paired here was heard from over the venue's sync (it proves itself with its key, not with a device key). */
  deskSeen(venueDeskId: string): void {
    const device = this.data.devices.find((d) => d.kind === 'desk' && d.venueDeskId === venueDeskId)
    if (device) this.seen(device)
  }

  /** Last seen now: exact in memory, written to disk at most every SEEN_WRITE_MS. */
  private seen(device: Device): void {
    const now = this.clock.now()
    device.lastSeen = now
    if (now - (this.seenWritten.get(device.id) ?? 0) >= SEEN_WRITE_MS) {
      this.seenWritten.set(device.id, now)
      this.seenSave ??= setTimeout(() => this.save(), SEEN_SAVE_DELAY_MS)
      this.seenSave.unref()
    }
  }

  /** Whether a door was paired on this connection: its session is kept open for it (boards follow the desk). */
  servesConnection(profileId: string): boolean {
    return this.data.devices.some((d) => d.profileId === profileId && d.kind === 'door')
  }

  /**
   * Forgets a device: its key stops working at once and its open streams are closed — at every desk of the venue, when
   * it is shared (a device paired at another desk may be revoked by that desk or a head organiser).
   */
  revoke(deviceId: string): void {
    const own = this.data.devices.find((d) => d.id === deviceId)
    const book = this.book()
    const shared = book?.devices.all().some((d) => d.id === deviceId) ?? false
    if (!own && !shared)
      throw new AppError('not_found', `There is no paired device ${deviceId}: it was revoked already.`)
    if (!own && !book!.devices.mayRevoke(deviceId))
      throw new AppError(
        'forbidden',
        'This device was paired at another desk: that desk or a head organiser can revoke it.',
      )
    if (own) {
      this.data.devices = this.data.devices.filter((d) => d !== own)
      this.save()
    }
    if (own?.kind !== 'desk') book?.devices.revoke(deviceId)
    else if (own.venueDeskId) this.desksRevoked.emit(own.venueDeskId)
    this.seenShared.delete(deviceId)
    this.revoked.emit(deviceId)
    this.changed.emit()
  }

  /** Writes the last-seen times kept in memory (on close). */
  flush(): void {
    this.save()
  }

  /** Every save writes the last-seen times too: a deferred one is no longer needed. */
  private save(): void {
    clearTimeout(this.seenSave)
    this.seenSave = undefined
    mkdirSync(join(this.file, '..'), { recursive: true, mode: 0o700 })
    // Whole and synced to disk (write-file-atomic: a temporary file, fsync, rename).
    writeFileAtomic.sync(this.file, JSON.stringify(this.data, null, 2) + '\n', { mode: 0o600 })
  }
}

/** A device as the venue's shared record keeps it. */
function sharedOf(device: Device): SharedDevice {
  const { id, name, tournamentId, streamId, keyHash, pairedAt } = device
  return { id, name, kind: device.kind as SharedDevice['kind'], tournamentId, streamId, keyHash, pairedAt }
}

function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    // let go: text that is not JSON reads as nothing, which the record's schema then refuses
    return undefined
  }
}

/** The later of this desk's own last sight of a device and the venue's (another desk's). */
function latestSeen(here: number | null, venue: number | undefined): number | null {
  return venue === undefined ? here : Math.max(here ?? 0, venue)
}
