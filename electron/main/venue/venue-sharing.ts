// Sharing the venue between desks: this desk hosts (the hub serves its record to every desk of the venue that proves
// itself) or syncs with the desk that hosts — joined first with a pairing code traded at that desk's hub, which admits
// this desk into its venue's record with this desk's public key — and the sync kept up from then on, across restarts,
// until the desk leaves or is removed. Which desk hosts is decided by one rule (`host-choice.ts`), applied here once a
// second. No secret goes to another desk: every link starts with both desks proving who they are (`desk-proofs.ts`);
// joining is `venue-joining.ts`'s.
// One venue per connection profile: another connection active, another venue.
import { VENUE_PATHS, type DeskPairingAnswer, type JoiningDesk } from '../../../shared/venue/wire'
import type { FoundDesk, SharingState } from '../../../shared/venue/sharing'
import { AppError } from '../app-error'
import { moduleLog } from '../log'
import { Signal } from '../signal'
import { venueShareSecretsOf, type CredentialStore } from '../secrets/credential-store'
import { fingerprintOf, type DeskIdentity } from './desk-identity'
import { askAlive, syncHeaders } from './desk-proofs'
import { hostChoice, isMajority, type DeskAnswer, type HostAction } from './host-choice'
import { refusedInWords, streamsByDesk } from './sharing-words'
import { admitDesk, keptPaired, pairWithHost, type Paired } from './venue-joining'
import { findDesks } from './venue-discovery'
import type { VenueFollowers } from './venue-followers'
import { VenueHost } from './venue-host'
import { VenueMember } from './venue-member'
import type { VenueRecord } from './venue-record'
import type { RoleGuard } from './venue-role-guard'

const log = moduleLog('venue-sharing')

const ELECTION_TICK_MS = 1000

export interface SharingPorts {
  followers: VenueFollowers
  credentials: CredentialStore
  identity: DeskIdentity
  /** This release ("0.2.0"), as other desks are told it. */
  app: string
  retry?: { first: number; most: number }
  /** How long the host has to answer a code, body included (ms). */
  deadlineMs?: number
  /** How long a look for desks on the network lasts (ms). */
  findMs?: number
  /** Checks a change against this desk's role (handing the hosting over is the head organiser's). */
  roles?: RoleGuard
  /** How often the hosting rule is applied (ms), for tests. */
  electionTickMs?: number
  /** A stream's name as this desk's copy of the service has it (who runs what is listed by name). */
  streamName?(streamId: string): string | undefined
}

export class VenueSharing {
  readonly host: VenueHost
  /** A desk syncing with this one was heard from (its last seen, under Devices). */
  readonly heard = new Signal<string>()
  /** The sharing's state changed (a link up or down, the hosting desk moved, a desk joined or left). */
  readonly changed = new Signal<SharingState>()
  private member: VenueMember | undefined
  /** The desk this desk syncs with (or tries to), and its address. */
  private memberOf: { deskId: string; address: string } | null = null
  /** The desk this one paired with (its key known before the record has its admission). */
  private paired: Paired | undefined
  private followedHandoverAt: number | undefined
  private lostSince: number | undefined
  private minoritySince: number | undefined
  private electing = false
  private presence = ''
  private readonly electionTimer: ReturnType<typeof setInterval>

  constructor(private readonly ports: SharingPorts) {
    this.host = new VenueHost({
      record: () => this.record,
      identity: ports.identity,
      app: ports.app,
      // A desk came or went: the Venue view says how many sync here now (not "works alone" until a reload).
      joinedChanged: () => this.tellPresence(),
      heard: (deskId) => this.heard.emit(deskId),
    })
    ports.followers.register('sharing', {
      follow: () => {
        this.host.closeAll()
        this.stopMember()
        this.paired = undefined
        this.followedHandoverAt = undefined
        this.hubMoved()
        void this.resume().catch(log.failed('joining the venue again'))
      },
      changed: () => {
        this.tellPresence()
        // A handover not followed yet is followed now, not at the next tick of the rule.
        const handover = this.record.handover()
        if (handover && handover.at !== this.followedHandoverAt)
          void this.elect().catch(log.failed('following the handover'))
      },
    })
    this.electionTimer = setInterval(
      () => void this.elect().catch(log.failed('finding the venue’s host')),
      ports.electionTickMs ?? ELECTION_TICK_MS,
    )
  }

  private get record(): VenueRecord {
    return this.ports.followers.record
  }

  /** The facts the hosting rule reads, as they stand now. */
  private facts() {
    const record = this.record
    const desks = record.desks().filter((deskId) => deskId === record.deskId || record.hubOf(deskId))
    const others = [...record.view().names.keys()].filter((deskId) => deskId !== record.deskId)
    return {
      self: record.deskId,
      desks,
      aloneInVenue: others.length > 0 && others.every((deskId) => record.isOut(deskId)),
      handover: record.handover(),
      followedHandoverAt: this.followedHandoverAt,
      member: this.member !== undefined,
      linked: this.member?.state === 'connected',
      joined: this.host.joined(),
      lostSince: this.lostSince,
      minoritySince: this.minoritySince,
      now: Date.now(),
    }
  }

  /** The hosting rule, once a tick: what it says is done (asking the other desks first when it says to). */
  private async elect(): Promise<void> {
    const record = this.record
    if (this.electing || !record.isShared() || !record.isIn(record.deskId)) return
    // A desk the host turned away for good (out of the venue, or what it sent refused) looks for no other.
    if (this.member?.state === 'refused') return
    const facts = this.facts()
    this.keepTimers(facts)
    let action = hostChoice({ ...facts, lostSince: this.lostSince, minoritySince: this.minoritySince }, null)
    if (action.kind === 'ask') {
      this.electing = true
      const linkBefore = this.member
      try {
        const others = facts.desks.filter((deskId) => deskId !== facts.self)
        const answers = (await Promise.all(others.map((deskId) => this.ask(deskId)))).filter(
          (answer): answer is DeskAnswer => answer !== undefined,
        )
        // Whatever changed meanwhile (another connection, a handover followed, a link up) wins over this round.
        if (this.record !== record || this.member !== linkBefore || this.member?.state === 'connected') return
        action = hostChoice({ ...this.facts(), lostSince: this.lostSince, minoritySince: this.minoritySince }, answers)
      } finally {
        this.electing = false
      }
    }
    this.apply(action, facts.handover)
  }

  /** Since when this desk has had no host, and since when its desks are a minority (the rule's clocks). */
  private keepTimers(facts: ReturnType<VenueSharing['facts']>): void {
    const now = facts.now
    if (facts.linked || facts.joined > 0) this.lostSince = undefined
    else this.lostSince ??= now
    if (facts.joined > 0 && !isMajority(facts.joined + 1, facts.desks.length)) this.minoritySince ??= now
    else this.minoritySince = undefined
  }

  private apply(action: HostAction, handover: { deskId: string; at: number } | undefined): void {
    const record = this.record
    const fromHandover =
      handover !== undefined &&
      handover.at !== this.followedHandoverAt &&
      ((action.kind === 'host' && handover.deskId === record.deskId) ||
        (action.kind === 'join' && action.deskId === handover.deskId))
    if (fromHandover) this.followedHandoverAt = handover.at
    switch (action.kind) {
      case 'host':
        this.becomeHost(action.named)
        break
      case 'join':
        if (this.memberOf?.deskId !== action.deskId) {
          const address = record.hubOf(action.deskId)
          if (!address) break
          log.info(`syncing with the venue's host at ${address}`)
          this.startMember(action.deskId, address)
          // Desks syncing here move on (to the desk this one joins): a desk that follows a host hosts no one.
          this.host.follow(true, action.deskId)
          this.changed.emit(this.state())
        }
        break
      case 'step-down':
        log.info(`only ${this.host.joined() + 1} desks sync here: stepping down as host`)
        this.minoritySince = undefined
        this.host.stepDown()
        break
      case 'stay':
      case 'ask':
      case 'wait':
        break
    }
  }

  /**
   * The host this desk synced with sent it on to the desk it follows now: that desk is joined at once (it proves who it
   * is, as any host), when it is a desk of the venue with a hub — not through an election a few seconds later.
   */
  private sentOn(deskId: string): void {
    const record = this.record
    if (this.closed || deskId === record.deskId || !record.isIn(deskId) || !record.hubOf(deskId)) return
    if (this.memberOf?.deskId === deskId || this.member?.state === 'connected') return
    this.apply({ kind: 'join', deskId }, undefined)
  }

  /** This desk hosts from now on: it takes desks, its own link to a host gone; an election's outcome is audited. */
  private becomeHost(elected: boolean): void {
    const record = this.record
    const wasMember = this.member !== undefined
    this.host.takeDesks()
    if (elected && wasMember) {
      log.info('elected to host the venue')
      const name = record.view().names.get(record.deskId) ?? 'this desk'
      record.audit('venue', record.deskId, name, 'Hosts the venue now', 'elected when its host was gone')
    }
    if (wasMember) {
      this.stopMember()
      this.changed.emit(this.state())
    }
  }

  /** Asks a desk who it is and how many desks sync with it: counted only when it proves it (its signature). */
  private async ask(deskId: string): Promise<DeskAnswer | undefined> {
    const record = this.record
    const address = record.hubOf(deskId)
    if (!address) return undefined
    const proven = await askAlive(address, { deskId, publicKey: record.publicKeyOf(deskId), venue: record.venue })
    return proven && { deskId, joined: proven.answer.joined }
  }

  /** True while this desk syncs (or tries to) with another desk as its host. */
  isMember(): boolean {
    return this.member !== undefined
  }

  /** The desk hosting the venue as this desk's link says: the one it syncs with, or itself when desks sync with it. */
  hostingDesk(): string | undefined {
    if (this.member) return this.member.state === 'connected' ? this.memberOf?.deskId : undefined
    return this.host.joined() > 0 ? this.record.deskId : undefined
  }

  private closed = false

  /** This desk's own hub addresses on the venue network (set once the hub runs): left out of what is found. */
  ownAddresses: () => readonly string[] = () => []
  /** Where other desks reach this desk's hub: its venue-network address, else this machine's (set once the hub runs). */
  hubAddress: () => string | undefined = () => undefined

  /** The hub moved (opened to the venue network, or closed): the venue's record says where it answers now. */
  hubMoved(): void {
    const url = this.hubAddress()
    if (url) this.record.announceHub(url)
  }

  /**
   * A desk paired here joins the venue (its code traded at this hub): admitted into the record with its public key and
   * the joined desks' first role, by this desk — which must be head organiser (or work alone).
   */
  admit(desk: JoiningDesk, name: string, pairingId: string): DeskPairingAnswer {
    return admitDesk(this.record, desk, name, pairingId, {
      ...this.ports,
      mayAdmit: () => this.ports.roles?.check('roles'),
    })
  }

  /**
   * The head organiser hands the venue's hosting to another desk of it: every desk, this one too, syncs with that
   * desk from then on, and nothing changed meanwhile is lost (each copy merges when it connects).
   */
  handOver(deskId: string): SharingState {
    this.ports.roles?.check('roles')
    const record = this.record
    const name = record.view().names.get(deskId)
    if (!name || !record.isIn(deskId) || (deskId === record.deskId && !this.member))
      throw new AppError('validation', 'deskId: another desk of this venue', { deskId: 'another desk of this venue' })
    if (!record.hubOf(deskId))
      throw new AppError(
        'conflict',
        `${name} has not said where its hub answers yet: open its hub to the venue network.`,
        { deskId: 'its hub address is not known' },
      )
    record.doc.transact(() => {
      record.handOver(deskId)
      record.audit('venue', deskId, name, 'Hosts the venue now')
    })
    void this.elect().catch(log.failed('following the handover'))
    return this.state()
  }

  /**
   * The head organiser removes another desk from the venue (switched off for good, lost, or not to be trusted): what
   * it writes from now on counts for nothing and no hub lets it sync, and the venue's majority is counted without it —
   * so the desks left (one of two, two of three) choose a host among themselves. Paired again, it is back.
   */
  removeDesk(deskId: string): SharingState {
    this.ports.roles?.check('roles')
    const record = this.record
    const name = record.view().names.get(deskId)
    if (!name || deskId === record.deskId || !record.isIn(deskId)) {
      const message = 'another desk of this venue (to leave it yourself: Leave the venue)'
      throw new AppError('validation', `deskId: ${message}`, { deskId: message })
    }
    record.doc.transact(() => {
      record.putOut(deskId)
      record.audit('venue', deskId, name, 'Removed from the venue')
    })
    this.host.closeVenueDesk(deskId)
    // The desk removed was this desk's host: its link ends, and the rule finds the venue's host among the rest.
    if (this.memberOf?.deskId === deskId) {
      this.stopMember()
      this.changed.emit(this.state())
    }
    return this.state()
  }

  /** A desk paired here was revoked (Venue → Devices): it is removed from the venue, as a head organiser would. */
  revokedDesk(deskId: string): void {
    try {
      if (this.record.isIn(deskId)) this.removeDesk(deskId)
    } catch (error) {
      log.warn('a revoked desk could not be removed from the venue', { err: error })
    }
  }

  /** The desks whose hubs answer on the venue network now (mDNS), this desk's own left out. */
  async find(): Promise<FoundDesk[]> {
    const own = new Set(this.ownAddresses())
    return (await findDesks(this.ports.findMs)).filter((desk) => !own.has(desk.address))
  }

  state(): SharingState {
    const desks = streamsByDesk(this.record, (streamId) => this.ports.streamName?.(streamId))
    const refused = refusedInWords(this.record)
    if (this.member)
      return {
        role: 'member',
        host: this.memberOf?.address ?? null,
        hostFingerprint: this.hostFingerprint(),
        link: this.member.state,
        joined: 0,
        desks,
        refusal: this.member.refusal ?? null,
        refused,
      }
    const joined = this.host.joined()
    const fingerprint = this.ports.identity.fingerprint
    // A desk whose keychain lost its key works alone (its record binds another key to it): said as lost, not revoked.
    const lost = this.record.identityLost
      ? 'this desk’s key was lost from its keychain: it works alone now; pair it again to rejoin the venue'
      : null
    return {
      role: joined > 0 ? 'host' : 'alone',
      host: null,
      hostFingerprint: fingerprint,
      link: null,
      joined,
      desks,
      refusal: lost,
      refused,
    }
  }

  /** The fingerprint of the desk this one syncs with, as the record binds its key. */
  private hostFingerprint(): string | null {
    const deskId = this.memberOf?.deskId
    const key = deskId === undefined ? undefined : (this.record.publicKeyOf(deskId) ?? this.paired?.publicKey)
    return key ? fingerprintOf(key) : null
  }

  /** The Venue view is told when anything it shows of the sharing changed (here or on another desk). */
  private tellPresence(): void {
    // Sockets closing with the desk say they went: there is no one to tell, and the record may be closed.
    if (this.closed) return
    const state = this.state()
    const now = JSON.stringify(state)
    if (now === this.presence) return
    this.presence = now
    this.changed.emit(state)
  }

  /**
   * Joins the venue of the desk at `address` with a pairing code made there (kind: desk): only once that desk proved
   * who it is (its signature over a fresh challenge; with `fingerprint`, by the key the host's screen shows), and the
   * code's answer must come from that same desk.
   */
  async join(address: string, code: string, fingerprint?: string): Promise<SharingState> {
    const record = this.record
    const { venue, paired } = await pairWithHost(address, code, fingerprint, {
      deskId: record.deskId,
      identity: this.ports.identity,
      app: this.ports.app,
      deadlineMs: this.ports.deadlineMs ?? 5000,
    })
    await this.ports.credentials.set(venueShareSecretsOf(this.profileId), 'venue-desk-key', JSON.stringify(paired))
    this.paired = paired
    // This desk is part of that venue from now on: its record is read against the venue's root, its entries later
    // than its admission.
    record.rebase(venue.root, venue.admittedAt)
    this.followedHandoverAt = undefined
    this.hubMoved()
    this.startMember(venue.hostDeskId, paired.address)
    return this.state()
  }

  private get profileId(): string {
    return this.ports.followers.current.profileId
  }

  /** Syncs again with the venue this connection is part of (at start, and when the connection changes). */
  async resume(): Promise<SharingState> {
    const record = this.record
    const kept = keptPaired(await this.ports.credentials.get(venueShareSecretsOf(this.profileId), 'venue-desk-key'))
    if (this.record !== record) return this.state()
    this.paired = kept
    if (!record.isFounder() && !this.member && record.isIn(record.deskId)) {
      // The host the record names (its handover), else the desk this one paired with; the rule corrects it within
      // seconds if that desk does not host now.
      const named = record.hostDesk()
      const deskId = named !== undefined && named !== record.deskId ? named : this.paired?.deskId
      const address = deskId === undefined ? undefined : (record.hubOf(deskId) ?? this.paired?.address)
      if (deskId !== undefined && address) {
        this.followedHandoverAt = record.handover()?.at
        this.startMember(deskId, address)
      }
    }
    return this.state()
  }

  /** Leaves the venue: this desk works alone from now on (its own venue again), the others told it left. */
  async leave(): Promise<SharingState> {
    const record = this.record
    record.putOut(record.deskId)
    // The others hear it left before the link ends.
    await this.member?.flushed(2000)
    this.stopMember()
    this.host.closeAll()
    await this.ports.credentials.delete(venueShareSecretsOf(this.profileId), 'venue-desk-key')
    this.paired = undefined
    record.rebase(this.ports.identity.publicKey)
    this.changed.emit(this.state())
    return this.state()
  }

  close(): void {
    this.closed = true
    clearInterval(this.electionTimer)
    this.stopMember()
    this.host.closeAll()
  }

  /**
   * Syncs with a desk of the venue at `address`: each attempt has it prove who it is (the record's key for it, or the
   * one it paired this desk with), then proves this desk.
   */
  private startMember(deskId: string, address: string): void {
    this.stopMember()
    const record = this.record
    const url = new URL(VENUE_PATHS.sync, address)
    url.protocol = 'ws:'
    this.memberOf = { deskId, address }
    this.member = new VenueMember({
      doc: record.doc,
      url: url.toString(),
      prove: async () => {
        const publicKey =
          record.publicKeyOf(deskId) ?? (this.paired?.deskId === deskId ? this.paired.publicKey : undefined)
        const host = await askAlive(address, { deskId, publicKey, venue: record.venue })
        return host && syncHeaders(this.ports.identity, record.venue, host, record.deskId)
      },
      changed: (state) => {
        // Syncing with a host, this desk hosts no one; its link down, desks may choose it (the rule).
        this.host.follow(state === 'connected', deskId)
        this.changed.emit(this.state())
      },
      // The host follows another desk now (a handover it applied before this desk read it): straight there.
      sentOn: (to) => this.sentOn(to),
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
