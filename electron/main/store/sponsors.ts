// The venue's sponsor slots in the profile's database: each slot's fields, place and image, when the rotation started,
// and each sponsor's time on air per stream (its name and the stream's kept with it, for the report).
import type { TableRecovery } from '../db/table-recovery'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import type { AirtimeLine, Sponsor, SponsorFields, SponsorImageType } from '../../../shared/broadcast/sponsors'

/** The producer's slots and the airtime counted: nothing reads them again from anywhere, so kept through a recovery. */
export const SPONSOR_TABLES = {
  sponsors: 'kept',
  sponsor_rotation: 'kept',
  sponsor_airtime: 'kept',
} as const satisfies TableRecovery

/** A slot as kept: what the desk lists, and the version its image's address carries. */
export type KeptSponsor = Sponsor & { version: string }

export interface KeptImage {
  type: SponsorImageType
  bytes: Buffer
  width: number
  height: number
}

/** Time on air to add: this many ms for one sponsor on one stream. */
export type AirtimeShare = Omit<AirtimeLine, 'seconds'> & { ms: number }

export class SponsorStore {
  constructor(private readonly db: Db) {}

  /** The slots in rotation order (without their images' bytes). */
  list(): KeptSponsor[] {
    return prepared(
      this.db,
      `SELECT id, name, seconds, image_type AS type, width, height, length(image) AS bytes, version
         FROM sponsors ORDER BY position`,
    ).all() as KeptSponsor[]
  }

  image(id: string): KeptImage | undefined {
    return prepared(this.db, 'SELECT image_type AS type, image AS bytes, width, height FROM sponsors WHERE id = ?').get(
      id,
    ) as KeptImage | undefined
  }

  /** A slot at the end of the rotation. */
  add(id: string, fields: SponsorFields, image: KeptImage, version: string): void {
    prepared(
      this.db,
      `INSERT INTO sponsors (id, name, seconds, position, image_type, image, width, height, version)
         VALUES (?, ?, ?, (SELECT coalesce(max(position), 0) + 1 FROM sponsors), ?, ?, ?, ?, ?)`,
    ).run(id, fields.name, fields.seconds, image.type, image.bytes, image.width, image.height, version)
  }

  /** A slot's name and seconds; its image too when one is given (with the new version of its address). */
  update(id: string, fields: SponsorFields, image?: { image: KeptImage; version: string }): boolean {
    const changed = prepared(this.db, 'UPDATE sponsors SET name = ?, seconds = ? WHERE id = ?').run(
      fields.name,
      fields.seconds,
      id,
    ).changes
    if (changed && image)
      prepared(
        this.db,
        'UPDATE sponsors SET image_type = ?, image = ?, width = ?, height = ?, version = ? WHERE id = ?',
      ).run(image.image.type, image.image.bytes, image.image.width, image.image.height, image.version, id)
    return changed > 0
  }

  /** The slots in this order (every id, each once: the desk checks). */
  reorder(ids: readonly string[]): void {
    const place = prepared(this.db, 'UPDATE sponsors SET position = ? WHERE id = ?')
    this.db.transaction(() => ids.forEach((id, index) => place.run(index + 1, id)))()
  }

  remove(id: string): boolean {
    return prepared(this.db, 'DELETE FROM sponsors WHERE id = ?').run(id).changes > 0
  }

  /** When the rotation started (epoch ms), and since when airtime is counted; nulls before any slot. */
  rotation(): { epoch: number | null; countedSince: number | null } {
    const row = prepared(
      this.db,
      'SELECT epoch, counted_since AS countedSince FROM sponsor_rotation WHERE id = 1',
    ).get()
    return (row as { epoch: number; countedSince: number | null } | undefined) ?? { epoch: null, countedSince: null }
  }

  /** The rotation starts again from its first slot at `epoch` (its slots changed). */
  restart(epoch: number): void {
    prepared(
      this.db,
      `INSERT INTO sponsor_rotation (id, epoch, counted_since) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET epoch = excluded.epoch`,
    ).run(epoch, epoch)
  }

  /** Adds time on air, all at once. */
  addAirtime(shares: readonly AirtimeShare[]): void {
    if (shares.length === 0) return
    const add = prepared(
      this.db,
      `INSERT INTO sponsor_airtime (sponsor_id, stream_id, sponsor_name, stream_name, ms) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (sponsor_id, stream_id) DO UPDATE SET
           ms = ms + excluded.ms, sponsor_name = excluded.sponsor_name, stream_name = excluded.stream_name`,
    )
    this.db.transaction(() => {
      for (const share of shares) add.run(share.sponsorId, share.streamId, share.sponsor, share.stream, share.ms)
    })()
  }

  /** Every sponsor's time on air per stream, by sponsor (in rotation order, removed ones last) then stream. */
  airtime(): AirtimeShare[] {
    return prepared(
      this.db,
      `SELECT a.sponsor_id AS sponsorId, a.sponsor_name AS sponsor, a.stream_id AS streamId, a.stream_name AS stream, a.ms
         FROM sponsor_airtime a LEFT JOIN sponsors s ON s.id = a.sponsor_id
         ORDER BY s.position IS NULL, s.position, a.sponsor_name, a.stream_name`,
    ).all() as AirtimeShare[]
  }

  /** Counting starts again from `at` (a new event day). */
  resetAirtime(at: number): void {
    this.db.transaction(() => {
      prepared(this.db, 'DELETE FROM sponsor_airtime').run()
      prepared(
        this.db,
        `INSERT INTO sponsor_rotation (id, epoch, counted_since) VALUES (1, ?, ?)
           ON CONFLICT (id) DO UPDATE SET counted_since = excluded.counted_since`,
      ).run(at, at)
    })()
  }
}
