// The venue's sponsors: the producer's slots (added with a checked image, edited, reordered, removed), the rotation
// every stream's feed carries (started again from its first slot whenever the slots change), and each sponsor's
// airtime per stream — the time a stream had a sponsor on air (`sponsorOnAir`) given to the slot the rotation showed
// then, counted from one moment to the next (every second, and at every change of the desk or OBS), written every few
// seconds.
import { randomUUID } from 'node:crypto'
import {
  airtimeBetween,
  SPONSOR_LIMITS,
  sponsorOnAir,
  type AirtimeReport,
  type Sponsor,
  type SponsorFields,
  type SponsorRotation,
  type SponsorSurfaces,
} from '../../../shared/broadcast/sponsors'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import { moduleLog } from '../log'
import type { AirtimeShare, SponsorStore } from '../store/sponsors'
import { sponsorImage } from './sponsor-image'

const log = moduleLog('sponsors')

/** A stream that publishes or is followed now, and what its sponsor surfaces do. */
export interface StreamShowing extends SponsorSurfaces {
  streamId: string
  streamName: string
}

export interface SponsorDeskPorts {
  clock: Clock
  /** The active connection's sponsors. */
  store(): SponsorStore
  /** Every stream live now and what it shows. */
  showing(): StreamShowing[]
  /** The slots changed: every live stream's feed carries the new rotation. */
  changed(): void
  /** How often the time on air is looked at (ms); every change of the desk or OBS looks too. */
  tickMs?: number
  /** How often what was counted is written (ms). */
  flushMs?: number
}

export interface SponsorInput extends SponsorFields {
  /** The image as base64 (checked: sponsor-image.ts). */
  image: string
}

export class SponsorDesk {
  private memo: { store: SponsorStore; rotation: SponsorRotation | null } | undefined
  /** When the streams were last looked at, and which of them had a sponsor on air then (id → name). */
  private sampled: { at: number; store: SponsorStore; streams: Map<string, string> } | undefined
  /** Time counted and not written yet, per sponsor and stream, for the store it was counted for. */
  private pending: { store: SponsorStore; shares: Map<string, AirtimeShare> } | undefined
  private readonly timers: ReturnType<typeof setInterval>[] = []

  constructor(private readonly ports: SponsorDeskPorts) {}

  /** Counts from now on: a look every `tickMs`, a write every `flushMs`. */
  start(): void {
    const every = (ms: number, run: () => void) => {
      const timer = setInterval(() => this.safely(run), ms)
      timer.unref()
      this.timers.push(timer)
    }
    every(this.ports.tickMs ?? 1000, () => this.account())
    every(this.ports.flushMs ?? 5000, () => this.flush())
  }

  /** What a stream shows changed (the desk or OBS said so): the time up to now is counted, never failing the change. */
  shownChanged(): void {
    this.safely(() => this.account())
  }

  private safely(run: () => void): void {
    try {
      run()
    } catch (error) {
      log.failed('counting sponsor airtime')(error)
    }
  }

  close(): void {
    this.timers.forEach((timer) => clearInterval(timer))
    try {
      this.account()
      this.flush()
    } catch (error) {
      log.failed('writing the last sponsor airtime')(error)
    }
  }

  list(): Sponsor[] {
    return this.ports.store().list()
  }

  add(input: SponsorInput): Sponsor[] {
    const { count } = SPONSOR_LIMITS
    if (this.list().length >= count)
      throw new AppError('validation', `At most ${count} sponsors: remove one first.`, {
        image: `at most ${count} sponsors`,
      })
    const image = sponsorImage(input.image)
    return this.changing(() =>
      this.ports.store().add(randomUUID(), { name: input.name, seconds: input.seconds }, image, this.version()),
    )
  }

  /** A slot's name and seconds, and its image when a new one is given. */
  update(id: string, fields: SponsorFields, imageBase64?: string): Sponsor[] {
    const image = imageBase64 === undefined ? undefined : { image: sponsorImage(imageBase64), version: this.version() }
    return this.changing(() => {
      if (!this.ports.store().update(id, fields, image)) throw this.unknown(id)
    })
  }

  /** The slots in this order: every slot, each once. */
  reorder(ids: readonly string[]): Sponsor[] {
    const kept = this.list().map((sponsor) => sponsor.id)
    if (ids.length !== kept.length || new Set(ids).size !== ids.length || !ids.every((id) => kept.includes(id)))
      throw new AppError('conflict', 'The sponsors changed meanwhile: their order was not saved. Try again.')
    return this.changing(() => this.ports.store().reorder(ids))
  }

  remove(id: string): Sponsor[] {
    return this.changing(() => {
      if (!this.ports.store().remove(id)) throw this.unknown(id)
    })
  }

  /** The rotation as every stream's feed carries it; null without slots. */
  rotation(): SponsorRotation | null {
    const store = this.ports.store()
    if (this.memo?.store === store) return this.memo.rotation
    const slots = store.list().map(({ id, name, seconds, width, height, version }) => ({
      id,
      name,
      seconds,
      width,
      height,
      image: `/feed/v1/sponsors/${encodeURIComponent(id)}/image?v=${version}`,
    }))
    const epoch = store.rotation().epoch ?? 0
    const rotation = slots.length ? { epoch, slots } : null
    this.memo = { store, rotation }
    return rotation
  }

  image(id: string) {
    return this.ports.store().image(id)
  }

  /** Each sponsor's seconds on air per stream, counted up to now. */
  airtime(): AirtimeReport {
    this.account()
    this.flush()
    const store = this.ports.store()
    const lines = store.airtime().map(({ ms, ...line }) => ({ ...line, seconds: Math.round(ms / 1000) }))
    return { since: store.rotation().countedSince, lines }
  }

  /** Counting starts again from now (a new event day). */
  resetAirtime(): AirtimeReport {
    this.account()
    this.pending = undefined
    this.ports.store().resetAirtime(this.ports.clock.now())
    return this.airtime()
  }

  /**
   * Gives the time since the last look to the slots the rotation showed, on every stream that had a sponsor on air
   * then; and looks again. Called every second and whenever the desk or OBS changes.
   */
  account(): void {
    const now = this.ports.clock.now()
    const store = this.ports.store()
    const before = this.sampled
    const rotation = this.rotation()
    if (before && before.store === store && rotation && before.streams.size > 0) {
      const shares = airtimeBetween(rotation, before.at, now)
      const names = new Map(rotation.slots.map((slot) => [slot.id, slot.name]))
      for (const [streamId, stream] of before.streams)
        for (const [sponsorId, ms] of shares)
          this.count(store, { sponsorId, sponsor: names.get(sponsorId) ?? sponsorId, streamId, stream, ms })
    }
    const streams = new Map<string, string>()
    if (rotation)
      for (const showing of this.ports.showing())
        if (sponsorOnAir(showing)) streams.set(showing.streamId, showing.streamName)
    this.sampled = { at: now, store, streams }
  }

  /** Writes what was counted (to the connection it was counted for). */
  flush(): void {
    const pending = this.pending
    this.pending = undefined
    if (pending?.shares.size) pending.store.addAirtime([...pending.shares.values()])
  }

  private count(store: SponsorStore, share: AirtimeShare): void {
    if (this.pending && this.pending.store !== store) this.flush()
    this.pending ??= { store, shares: new Map() }
    const key = `${share.sponsorId}\u0000${share.streamId}`
    const kept = this.pending.shares.get(key)
    this.pending.shares.set(key, kept ? { ...share, ms: kept.ms + share.ms } : share)
  }

  /** A change of the slots: the time so far counted with the old rotation, which then starts again from now. */
  private changing(change: () => void): Sponsor[] {
    this.account()
    change()
    this.ports.store().restart(this.ports.clock.now())
    this.memo = undefined
    this.ports.changed()
    return this.list()
  }

  /** A new version of an image's address, so a browser source never shows a replaced image from its cache. */
  private version(): string {
    return `${this.ports.clock.now().toString(36)}${randomUUID().slice(0, 4)}`
  }

  private unknown(id: string): AppError {
    return new AppError('not_found', `No sponsor ${id}: it was removed meanwhile.`)
  }
}
