// Sharing the venue between desks: this desk hosts (the hub serves its copy to every desk paired as a desk) or joins
// another's — a pairing code traded at the host's hub for this desk's key, kept in the keychain with the address it is
// for (the key never goes anywhere else), and the sync kept up from then on, across restarts, until the desk leaves or
// the host revokes it. One venue per connection profile: another connection active, another venue.
import { createHash, randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { z } from 'zod'
import { safeJson, textAtMost } from '../answer-text'
import { AppError } from '../app-error'
import { moduleLog } from '../log'
import { venueShareSecretsOf, type CredentialStore } from '../secrets/credential-store'
import { VenueHost } from '../venue/venue-host'
import { VenueMember } from '../venue/venue-member'
import type { FoundDesk, SharingState } from '../../../shared/venue/sharing'
import { findDesks } from '../venue/venue-discovery'
import { chooseHost, isMajority, type DeskAnswer } from '../venue/venue-election'
import type { Connections } from './connections'
import type { RoleGuard } from './venue-roles'
import type { VenueDoc } from '../venue/venue-doc'

const log = moduleLog('venue-sharing')

/** The host's answer to a code is a few hundred bytes: more is not read. */
const ANSWER_MOST_BYTES = 4096

/** How long a desk stays without a host before it asks the others who hosts (ms), and how often it asks then. */
const LOST_MS = 3000
const ELECTION_TICK_MS = 1000
/** What a desk answers when asked who it is: a few bytes, read bounded. */
const Alive = z.object({ deskId: z.string().min(1).max(100), joined: z.number().int().min(0).max(1000) })

/** What stands in the keychain for this desk's own key once it left the venue: it syncs with no desk by itself. */
const LEFT = 'left'

const Kept = z.object({ address: z.string().max(200), key: z.string().min(1).max(200) })
const Answer = z.object({
  device: z.object({ kind: z.string().max(20), name: z.string().max(80).optional() }),
  key: z.string().min(1).max(200),
})

/** The host's address as the Venue view shows it: http, an address and a port, nothing more. */
export function hostAddress(typed: string): URL {
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

export class VenueSharing {
  readonly host: VenueHost
  private member: VenueMember | undefined
  private memberOf: string | null = null
  private readonly stopSwitch: () => void
  private stopPresence: () => void = () => undefined
  private presence = ''
  /** This desk's own sync key for the active connection's venue (any desk's hub takes it once the record has it). */
  private ownKey: string | undefined
  /** The host the last handover or election named, as this desk last followed it. */
  private followed: string | undefined
  /** Since when this desk has had no host (epoch ms), and since when its desks are a minority, while it hosts. */
  private lostSince: number | undefined
  private minoritySince: number | undefined
  private electing = false
  private readonly electionTimer: ReturnType<typeof setInterval>

  constructor(
    private readonly ports: {
      connections: Connections
      credentials: CredentialStore
      /** Told whenever the sharing's state changes. */
      changed?(state: SharingState): void
      retry?: { first: number; most: number }
      /** How long the host has to answer a code, body included (ms). */
      deadlineMs?: number
      /** How long a look for desks on the network lasts (ms). */
      findMs?: number
      /** Checks a change against this desk's role (handing the hosting over is the head organiser's). */
      roles?: RoleGuard
      /** How often a desk without a host looks for one (ms), for tests. */
      electionTickMs?: number
    },
  ) {
    this.host = new VenueHost(
      () => ports.connections.active.offline.venue.doc,
      () => ports.connections.active.profile.id,
      (deskId) => ports.connections.active.offline.venue.keyHashOf(deskId),
      (deskId) => ports.connections.active.offline.venue.isOut(deskId),
      (deskId) => ports.connections.active.offline.venue.putOut(deskId),
    )
    this.stopSwitch = ports.connections.switched.on(() => {
      this.host.closeAll()
      this.stopMember()
      this.followPresence()
      void this.resume().catch(log.failed('joining the venue again'))
    })
    this.followPresence()
    this.electionTimer = setInterval(
      () => void this.elect().catch(log.failed('finding the venue’s host')),
      ports.electionTickMs ?? ELECTION_TICK_MS,
    )
  }

  /**
   * The election, once a tick: a desk without a host for a while asks every desk of the venue who it is and whether
   * desks sync with it, and joins the host the rule names (`venue-election.ts`) — or hosts, naming itself in the
   * record — or waits, in a minority. A host whose desks are a minority of the venue for a while steps down.
   */
  private async elect(): Promise<void> {
    const venue = this.ports.connections.active.offline.venue
    if (this.electing || !this.ownKey || !venue.isShared() || venue.isOut(venue.deskId)) return
    // A desk refused by its host (revoked) looks for no other.
    if (this.member?.state === 'refused') return
    const others = [...venue.view().names.keys()].filter(
      (deskId) => deskId !== venue.deskId && venue.keyHashOf(deskId) && venue.hubOf(deskId) && !venue.isOut(deskId),
    )
    const venueDesks = others.length + 1
    const now = Date.now()
    if (this.memberConnected()) {
      this.lostSince = undefined
      return
    }
    const joined = this.host.joined()
    if (joined > 0) {
      this.lostSince = undefined
      if (isMajority(joined + 1, venueDesks)) {
        this.minoritySince = undefined
        // Desks chose this one while its own host was gone: it hosts now.
        if (this.member) this.becomeHost(venue)
      } else if (now - (this.minoritySince ??= now) >= LOST_MS) {
        log.info(`only ${joined + 1} of ${venueDesks} desks sync here: stepping down as host`)
        this.minoritySince = undefined
        this.host.stepDown()
      }
      return
    }
    if (others.length === 0) {
      // Every other desk of the venue removed or gone from it: this one is the venue now, and hosts whoever joins.
      const named = [...venue.view().names.keys()].filter((deskId) => deskId !== venue.deskId)
      if (named.length > 0 && named.every((deskId) => venue.isOut(deskId))) {
        if (this.member) this.becomeHost(venue)
        else this.host.takeDesks()
      }
      return
    }
    if (now - (this.lostSince ??= now) < LOST_MS) return
    this.electing = true
    const linkBefore = this.member
    try {
      const answers = (await Promise.all(others.map((deskId) => this.ask(deskId)))).filter(
        (answer): answer is DeskAnswer => answer !== undefined,
      )
      // Whatever changed meanwhile (another connection, a handover followed, a link up) wins over this round.
      if (this.ports.connections.active.offline.venue !== venue || this.member !== linkBefore) return
      if (this.memberConnected()) return
      const choice = chooseHost(venue.deskId, answers, venueDesks)
      if (choice.kind === 'host') this.becomeHost(venue)
      else if (choice.kind === 'join') {
        const address = venue.hubOf(choice.deskId)!
        if (this.memberOf !== address) {
          log.info(`joining the venue's host at ${address}`)
          this.startMember({ address, key: this.ownKey })
          this.ports.changed?.(this.state())
        }
      }
    } finally {
      this.electing = false
    }
  }

  /** This desk hosts from now on (elected): named so in the record, its own link to a host gone. */
  private becomeHost(venue: VenueDoc): void {
    this.host.takeDesks()
    if (venue.hostDesk() !== venue.deskId) {
      log.info('elected to host the venue')
      const name = venue.view().names.get(venue.deskId) ?? 'this desk'
      venue.doc.transact(() => {
        venue.handOver(venue.deskId)
        venue.audit('venue', venue.deskId, name, 'Hosts the venue now (elected)')
      })
    }
    if (this.member) {
      this.stopMember()
      this.ports.changed?.(this.state())
    }
  }

  private memberConnected(): boolean {
    return this.member?.state === 'connected'
  }

  /**
   * Asks the hub the record gives for a desk who it is and how many desks sync with it, without any key: an answer
   * counts only from a hub that says it is that desk (undefined: no such answer within a second, or an address that
   * is not a hub's).
   */
  private async ask(deskId: string): Promise<DeskAnswer | undefined> {
    const address = this.ports.connections.active.offline.venue.hubOf(deskId)
    try {
      const answer = await fetch(new URL('/venue/v1/alive', hostAddress(address ?? '')), {
        redirect: 'error',
        signal: AbortSignal.timeout(1000),
      })
      if (!answer.ok) return undefined
      const parsed = Alive.safeParse(safeJson(await textAtMost(answer, 1024)))
      return parsed.success && parsed.data.deskId === deskId ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  /** True while this desk is joined to another desk's venue. */
  isMember(): boolean {
    return this.member !== undefined
  }

  /** This desk's own hub addresses on the venue network (set once the hub runs): left out of what is found. */
  ownAddresses: () => readonly string[] = () => []
  /** Where other desks reach this desk's hub: its venue-network address, else this machine's (set once the hub runs). */
  hubAddress: () => string | undefined = () => undefined

  /** The hub moved (opened to the venue network, or closed): the venue's record says where it answers now. */
  hubMoved(): void {
    const url = this.hubAddress()
    if (url) this.ports.connections.active.offline.venue.announceHub(url)
  }

  /**
   * The head organiser hands the venue's hosting to another desk of it: every desk, this one too, syncs with that
   * desk from then on (with its own key), and nothing changed meanwhile is lost (each copy merges when it connects).
   */
  handOver(deskId: string): SharingState {
    this.ports.roles?.check('roles')
    const venue = this.ports.connections.active.offline.venue
    const name = venue.view().names.get(deskId)
    if (!name || (deskId === venue.deskId && !this.member))
      throw new AppError('validation', 'deskId: another desk of this venue', { deskId: 'another desk of this venue' })
    if (!venue.hubOf(deskId) || !venue.keyHashOf(deskId))
      throw new AppError(
        'conflict',
        `${name} has not said where its hub answers yet: open its hub to the venue network.`,
        {
          deskId: 'its hub address is not known',
        },
      )
    venue.doc.transact(() => {
      venue.handOver(deskId)
      venue.audit('venue', deskId, name, 'Hosts the venue now')
    })
    return this.state()
  }

  /**
   * The head organiser removes another desk from the venue (switched off for good, lost, or not to be trusted): its own
   * key opens no desk's hub from now on, and the venue's majority is counted without it — so the desks left (one of
   * two, two of three) choose a host among themselves. Joined again with a new pairing code, it is back.
   */
  removeDesk(deskId: string): SharingState {
    this.ports.roles?.check('roles')
    const venue = this.ports.connections.active.offline.venue
    const name = venue.view().names.get(deskId)
    if (!name || deskId === venue.deskId || venue.isOut(deskId)) {
      const message = 'another desk of this venue (to leave it yourself: Leave the venue)'
      throw new AppError('validation', `deskId: ${message}`, { deskId: message })
    }
    const hostGone = this.member !== undefined && (venue.hostDesk() === deskId || this.memberOf === venue.hubOf(deskId))
    venue.doc.transact(() => {
      venue.putOut(deskId)
      venue.audit('venue', deskId, name, 'Removed from the venue')
    })
    this.host.closeVenueDesk(deskId)
    // The desk removed was this desk's host: its link ends, and the election finds the venue's host among the rest.
    if (hostGone) {
      this.stopMember()
      this.ports.changed?.(this.state())
    }
    return this.state()
  }

  /** The desks whose hubs answer on the venue network now (mDNS), this desk's own left out. */
  async find(): Promise<FoundDesk[]> {
    const own = new Set(this.ownAddresses())
    return (await findDesks(this.ports.findMs)).filter((desk) => !own.has(desk.address))
  }

  state(): SharingState {
    const desks = this.desks()
    if (this.member) return { role: 'member', host: this.memberOf, link: this.member.state, joined: 0, desks }
    const joined = this.host.joined()
    return { role: joined > 0 ? 'host' : 'alone', host: null, link: null, joined, desks }
  }

  /** Who runs which stream, by desk: this desk first, then the others by name. */
  private desks(): SharingState['desks'] {
    const { venue, cache } = this.ports.connections.active.offline
    const view = venue.view()
    const byDesk = new Map<string, string[]>()
    for (const [streamId, deskId] of view.runners) {
      const name = cache.get('streams', streamId)?.name
      if (name) byDesk.set(deskId, [...(byDesk.get(deskId) ?? []), name])
    }
    return [...byDesk]
      .map(([deskId, streams]) => ({
        name: view.names.get(deskId) ?? 'another desk',
        you: deskId === venue.deskId,
        streams: streams.sort((a, b) => a.localeCompare(b)),
      }))
      .sort((a, b) => Number(b.you) - Number(a.you) || a.name.localeCompare(b.name))
  }

  /** The venue's desks are told when who runs what changed (here or on another desk); this desk has a name there. */
  private followPresence(): void {
    this.stopPresence()
    const venue = this.ports.connections.active.offline.venue
    if (!venue.view().names.has(venue.deskId)) venue.name(hostname().slice(0, 80) || 'Desk')
    this.ownKey = undefined
    this.followed = undefined
    this.hubMoved()
    const changed = () => {
      this.followHost()
      const now = JSON.stringify(this.desks())
      if (now === this.presence) return
      this.presence = now
      this.ports.changed?.(this.state())
    }
    venue.doc.on('update', changed)
    this.stopPresence = () => venue.doc.off('update', changed)
  }

  /** This desk's own sync key for the active connection's venue, made once and kept in the keychain. */
  private async keepOwnKey(): Promise<void> {
    const profileId = this.ports.connections.active.profile.id
    const owner = venueShareSecretsOf(profileId)
    let key = await this.ports.credentials.get(owner, 'venue-own-key')
    if (key === LEFT) return
    if (!key) {
      key = randomBytes(32).toString('base64url')
      await this.ports.credentials.set(owner, 'venue-own-key', key)
    }
    if (this.ports.connections.active.profile.id !== profileId) return
    this.ownKey = key
    this.ports.connections.active.offline.venue.ownKey(createHash('sha256').update(key).digest('hex'))
  }

  /**
   * Syncs with the desk the last handover named: none while this desk hosts; that desk's hub, with this desk's own
   * key, otherwise. Before any handover, the desk joined by its pairing stays the host.
   */
  private followHost(): void {
    const venue = this.ports.connections.active.offline.venue
    const hostDesk = venue.hostDesk()
    // Followed once per handover or election: meanwhile the election may have joined a desk the record does not name.
    if (hostDesk === undefined || hostDesk === this.followed) return
    this.followed = hostDesk
    if (hostDesk === venue.deskId) {
      if (this.member) {
        this.stopMember()
        this.ports.changed?.(this.state())
      }
      return
    }
    const address = venue.hubOf(hostDesk)
    if (!address || !this.ownKey || venue.isOut(venue.deskId)) {
      this.followed = undefined
      return
    }
    if (this.memberOf === address) return
    // The key goes only to a hub that answers as the desk named.
    void this.ask(hostDesk).then((answer) => {
      if (!answer || this.followed !== hostDesk || !this.ownKey || this.memberOf === address) {
        if (!answer && this.followed === hostDesk) this.followed = undefined
        return
      }
      this.startMember({ address, key: this.ownKey })
      this.ports.changed?.(this.state())
    })
  }

  /** Joins the venue hosted at `address` with a pairing code made there (kind: desk). */
  async join(address: string, code: string): Promise<SharingState> {
    const url = hostAddress(address)
    let answer: Response
    try {
      answer = await fetch(new URL('/pair/v1/exchange', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
        redirect: 'error',
        // One deadline for the whole exchange: the answer's head and its body.
        signal: AbortSignal.timeout(this.ports.deadlineMs ?? 5000),
      })
    } catch {
      throw new AppError('offline', `The desk at ${url.host} did not answer: check the address and the venue network.`)
    }
    // What the host answers is read bounded: a key and a few words, nothing more.
    const text = await textAtMost(answer, ANSWER_MOST_BYTES)
    if (!answer.ok) {
      const said = (safeJson(text) as { error?: unknown }).error
      const why = typeof said === 'string' ? said.slice(0, 200) : `it answered ${answer.status}`
      throw new AppError('validation', `The desk at ${url.host} refused the code: ${why}.`, { code: why })
    }
    const parsed = Answer.safeParse(safeJson(text))
    if (!parsed.success) throw new AppError('server', `The desk at ${url.host} answered something else than a key.`)
    if (parsed.data.device.kind !== 'desk')
      throw new AppError(
        'validation',
        `That code pairs a ${parsed.data.device.kind}, not a desk: make one for a desk.`,
        {
          code: 'that code pairs another kind of device',
        },
      )
    const profileId = this.ports.connections.active.profile.id
    const kept = { address: url.origin, key: parsed.data.key }
    // The other desks call this one as the host named it when making the code.
    if (parsed.data.device.name) this.ports.connections.active.offline.venue.name(parsed.data.device.name)
    await this.ports.credentials.set(venueShareSecretsOf(profileId), 'venue-desk-key', JSON.stringify(kept))
    // A desk that left before is back: a key of its own again (later than its leaving, so it counts).
    if ((await this.ports.credentials.get(venueShareSecretsOf(profileId), 'venue-own-key')) === LEFT)
      await this.ports.credentials.delete(venueShareSecretsOf(profileId), 'venue-own-key')
    await this.keepOwnKey()
    this.startMember(kept)
    return this.state()
  }

  /** Joins again the venue this connection joined before (at start, and when the connection changes). */
  async resume(): Promise<SharingState> {
    await this.keepOwnKey()
    const profileId = this.ports.connections.active.profile.id
    const raw = await this.ports.credentials.get(venueShareSecretsOf(profileId), 'venue-desk-key')
    const kept = raw ? Kept.safeParse(safeJson(raw)) : undefined
    // After a handover, the desk it named hosts; before any, the desk this one joined by pairing.
    if (this.ports.connections.active.offline.venue.hostDesk() !== undefined) this.followHost()
    else if (kept?.success && !this.member) this.startMember(kept.data)
    return this.state()
  }

  /** Leaves the venue: this desk works alone from now on, with its copy as it stands. */
  async leave(): Promise<SharingState> {
    this.stopMember()
    const venue = this.ports.connections.active.offline.venue
    // Out of the venue for every desk, and this desk's own key is dropped: nothing rejoins it by itself.
    venue.putOut(venue.deskId)
    this.ownKey = undefined
    const owner = venueShareSecretsOf(this.ports.connections.active.profile.id)
    await this.ports.credentials.set(owner, 'venue-own-key', LEFT)
    await this.ports.credentials.delete(owner, 'venue-desk-key')
    this.ports.changed?.(this.state())
    return this.state()
  }

  close(): void {
    clearInterval(this.electionTimer)
    this.stopSwitch()
    this.stopPresence()
    this.stopMember()
    this.host.closeAll()
  }

  /**
   * Syncs with the desk at `address`, with a key paired there or this desk's own key; this desk says which desk it is
   * (so that the host, revoking its pairing, puts it out of the venue).
   */
  private startMember({ address, key }: z.infer<typeof Kept>): void {
    this.stopMember()
    const url = new URL('/venue/v1/sync', address)
    url.protocol = 'ws:'
    this.memberOf = address
    this.member = new VenueMember({
      doc: this.ports.connections.active.offline.venue.doc,
      url: url.toString(),
      key,
      desk: this.ports.connections.active.offline.venue.deskId,
      changed: (state) => {
        // Syncing with a host, this desk hosts no one; its link down, desks may choose it (the election).
        this.host.follow(state === 'connected')
        this.ports.changed?.(this.state())
      },
      ...(this.ports.retry && { retry: this.ports.retry }),
    })
  }

  private stopMember(): void {
    this.member?.close()
    this.member = undefined
    this.memberOf = null
    this.host.follow(false)
  }
}
