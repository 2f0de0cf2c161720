// The venue's devices in its record: each paired at a desk and known to every desk, when any desk last saw it, and
// revoked by the desk that paired it or a head organiser — no desk's hub lets a revoked key in.
import { SharedDevice } from '../../../shared/venue/door'
import { MAPS, type RecordCore } from './record-core'

/** How often a desk tells the venue it saw a device again (Devices says "last seen" to the minute). */
export const SEEN_SHARE_MS = 60_000

export class RecordDevices {
  /** When this desk last told the venue it saw each device (held here: its own entry may not count, if it is out). */
  private readonly seenTold = new Map<string, number>()

  constructor(private readonly core: RecordCore) {}

  /** A device paired at this desk, known to every desk of the venue from now on. */
  share(device: SharedDevice): void {
    if (!this.core.folded().devices.has(device.id))
      this.core.add('device', device.id, JSON.stringify(SharedDevice.parse(device)))
  }

  /**
   * A device of the venue came to this desk's hub: every desk's Devices says when, to the minute (this desk tells the
   * venue again at most every SEEN_SHARE_MS per device).
   */
  seen(deviceId: string): void {
    if (!this.core.isShared() || !this.core.isIn(this.core.deskId) || !this.core.folded().devices.has(deviceId)) return
    const now = this.core.now()
    if (now - (this.seenTold.get(deviceId) ?? -Infinity) < SEEN_SHARE_MS) return
    this.seenTold.set(deviceId, now)
    this.core.doc
      .getMap<string>(MAPS.seen)
      .set(`${deviceId}\u0000${this.core.deskId}`, this.core.sign('seen', [deviceId]))
  }

  /** When any desk of the venue last saw a device (undefined: none said so). */
  seenAt(deviceId: string): number | undefined {
    let at: number | undefined
    for (const entry of this.core.folded().seen.get(deviceId)?.values() ?? []) at = Math.max(at ?? 0, entry.at)
    return at
  }

  /** Whether this desk may revoke a device of the venue: it paired it, or it is head organiser. */
  mayRevoke(deviceId: string): boolean {
    const paired = this.core.folded().devices.get(deviceId)
    return (
      !paired ||
      paired.by === this.core.deskId ||
      this.core.roleOf(this.core.deskId) === 'head' ||
      !this.core.isShared()
    )
  }

  /** A device revoked at this desk: no desk's hub lets its key in from now on. */
  revoke(deviceId: string): void {
    if (!this.isOut(deviceId)) this.core.add('deviceOut', deviceId)
  }

  /** True once the device was revoked by the desk that paired it or a desk that was head organiser then. */
  isOut(deviceId: string): boolean {
    const pairedBy = this.core.folded().devices.get(deviceId)?.by
    return this.core
      .folded()
      .deviceOuts.some(
        (entry) =>
          entry.f[0] === deviceId &&
          (entry.by === pairedBy || this.core.members().roleAt(entry.by, entry.at) === 'head'),
      )
  }

  /** The device of the venue a key (hashed) belongs to, unless it was revoked. */
  byKeyHash(hash: string): (SharedDevice & { pairedBy: string }) | undefined {
    const deviceId = this.core.folded().deviceByHash.get(hash)
    const paired = deviceId === undefined ? undefined : this.core.folded().devices.get(deviceId)
    if (!paired || paired.device.keyHash !== hash || this.isOut(paired.device.id)) return undefined
    return { ...paired.device, pairedBy: paired.by }
  }

  /** Every device of the venue not revoked, with the desk it was paired at. */
  all(): (SharedDevice & { pairedBy: string })[] {
    return [...this.core.folded().devices.values()]
      .filter((paired) => this.core.folded().deviceByHash.get(paired.device.keyHash) === paired.device.id)
      .filter((paired) => !this.isOut(paired.device.id))
      .map((paired) => ({ ...paired.device, pairedBy: paired.by }))
  }
}
