// The Demo venue as older Matchdesk versions kept it: one JSON file written whole after each change. It is read once,
// to carry a venue over into its database; a file that cannot be read is set aside, never lost.
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { isVenueState, type VenueKey, type VenueRead } from './venue-state'

const FORMAT = 1

export class LegacyVenueFile {
  constructor(
    readonly path: string,
    private readonly key: VenueKey,
  ) {}

  /** The venue kept on disk, if there is one made with the same settings. */
  read(): VenueRead {
    if (!existsSync(this.path)) return { kind: 'none' }
    let reason: string
    try {
      const file = JSON.parse(readFileSync(this.path, 'utf8')) as { format?: unknown; key?: VenueKey; state?: unknown }
      if (file.format !== FORMAT) reason = `it is in another format (${String(file.format)})`
      else if (file.key?.seed !== this.key.seed || file.key?.size !== this.key.size)
        reason = `it was made for another venue (seed ${file.key?.seed}, size ${file.key?.size})`
      else if (!isVenueState(file.state)) reason = 'its records are incomplete'
      else return { kind: 'read', state: file.state }
    } catch (error) {
      reason = `it cannot be read (${(error as Error).message})`
    }
    const aside = `${this.path}.set-aside-${Date.now()}`
    renameSync(this.path, aside)
    return { kind: 'set-aside', path: aside, reason }
  }
}
