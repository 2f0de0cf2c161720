// Check-ins in the venue's record: each scan at any desk's door (by its own id, so a retry or a merge never makes it
// twice), the writer the host names for each person (the first of their scans it holds), the write to the service by
// that scan's desk, and check-outs.
import type { ScanEntry } from './record-view'
import type { RecordCore } from './record-core'

export class RecordCheckins {
  constructor(private readonly core: RecordCore) {}

  /** A scan decided at this desk's door: its own id, so a retry or a merge never makes it twice. */
  scan(scanId: string, participantId: string, place: string): void {
    if (!this.core.folded().scans.has(scanId)) this.core.add('scan', scanId, participantId, place.slice(0, 100))
  }

  /**
   * The host's part: each person scanned whose writer is not named yet gets one — the first of their scans the host
   * holds. Run by the host alone, so a writer, once named, never changes.
   */
  nameWriters(): string[] {
    const writers = this.core.view().writers
    const named = [...this.core.folded().firstScans].filter(([participantId]) => !writers.has(participantId))
    if (named.length === 0) return []
    this.core.doc.transact(() => {
      for (const [participantId, scan] of named) this.core.add('writer', participantId, scan.scanId)
    })
    return named.map(([participantId]) => participantId)
  }

  /** The people this desk is to write to the service now: their writer is one of this desk's scans, not yet written. */
  toWrite(): { participantId: string; scanId: string }[] {
    const { scans, writers, written } = this.core.view()
    const due: { participantId: string; scanId: string }[] = []
    for (const [participantId, scanId] of writers)
      if (scans.get(scanId)?.by === this.core.deskId && !written.has(participantId)) due.push({ participantId, scanId })
    return due
  }

  /** This desk wrote a person's check-in to the service (its outbox took it). */
  wrote(participantId: string, scanId: string): void {
    this.core.add('written', participantId, scanId)
  }

  /** A person's first scan at any desk, unless they were checked out since. */
  checkedInScan(participantId: string): (ScanEntry & { scanId: string }) | undefined {
    const first = this.core.folded().firstScans.get(participantId)
    const out = this.core.folded().checkouts.get(participantId)
    if (!first || (out && out.at >= first.at)) return undefined
    const { scanId, place, at, by } = first
    return { scanId, participantId, place, at, by }
  }

  /** True when the person has a scan in the venue, counted or not (a check-out came after it). */
  everScanned(participantId: string): boolean {
    return this.core.folded().firstScans.has(participantId)
  }

  /** A person checked out at this desk: a scan made before no longer counts. */
  checkOut(participantId: string): void {
    if (this.core.folded().firstScans.has(participantId)) this.core.add('checkout', participantId)
  }

  /** True once a desk wrote the person's check-in to the service. */
  isWritten(participantId: string): boolean {
    return this.core.view().written.has(participantId)
  }
}
