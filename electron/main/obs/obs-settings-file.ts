// Each stream's OBS settings (never its password, which the keychain keeps), per connection profile, in obs.json in
// the data folder: written whole (a temporary file renamed over the old one, 0600), read back checked, an entry that
// no longer reads is dropped rather than trusted.
import { existsSync, readFileSync } from 'node:fs'
import writeFileAtomic from 'write-file-atomic'
import { join } from 'node:path'
import { ObsSettings } from '../../../shared/broadcast/obs'
import { moduleLog } from '../log'

const log = moduleLog('obs-settings-file')

type Stored = Record<string, Record<string, ObsSettings>>

export class ObsSettingsFile {
  private readonly file: string
  /** Maps without a prototype: any id (even "__proto__") is a key like any other. */
  private data: Stored = Object.create(null) as Stored

  constructor(dataDir: string) {
    this.file = join(dataDir, 'obs.json')
    if (!existsSync(this.file)) return
    try {
      const raw = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, Record<string, unknown>>
      for (const [profileId, streams] of Object.entries(raw)) {
        for (const [streamId, settings] of Object.entries(streams ?? {})) {
          const parsed = ObsSettings.safeParse(settings)
          if (parsed.success) this.profile(profileId)[streamId] = parsed.data
        }
      }
    } catch (error) {
      log.warn('the OBS settings file did not read: every stream starts with none', { err: error })
      this.data = Object.create(null) as Stored
    }
  }

  private profile(profileId: string): Record<string, ObsSettings> {
    return (this.data[profileId] ??= Object.create(null) as Record<string, ObsSettings>)
  }

  get(profileId: string, streamId: string): ObsSettings | undefined {
    return this.data[profileId]?.[streamId]
  }

  /** The streams of a profile that have an OBS, with their settings. */
  streams(profileId: string): [string, ObsSettings][] {
    return Object.entries(this.data[profileId] ?? {})
  }

  set(profileId: string, streamId: string, settings: ObsSettings | undefined): void {
    const streams = this.profile(profileId)
    if (settings) streams[streamId] = settings
    else delete streams[streamId]
    // Whole and synced to disk (write-file-atomic: a temporary file, fsync, rename).
    writeFileAtomic.sync(this.file, JSON.stringify(this.data, null, 2) + '\n', { mode: 0o600 })
  }
}
