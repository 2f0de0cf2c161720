// The non-secret parts of connection profiles, kept as JSON in the app data folder (written atomically).
import { randomUUID } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import writeFileAtomic from 'write-file-atomic'
import { join } from 'node:path'
import { z } from 'zod'
import { SCOPES } from '../../../shared/api'
import { SerialQueue } from '../serial-queue'
import { setAside } from '../set-aside'

export const ProfileRecord = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  clientId: z.string().min(1),
  method: z.enum(['client-credentials', 'browser']),
  scopes: z.array(z.enum(SCOPES)).min(1),
  baseUrls: z
    .object({ organizer: z.string(), participant: z.string(), v1: z.string(), auth: z.string(), account: z.string() })
    .optional(),
  demo: z.boolean().default(false),
})
export type ProfileRecord = z.infer<typeof ProfileRecord>

const ProfileFile = z.object({
  version: z.literal(1),
  activeProfileId: z.string().nullable(),
  profiles: z.array(ProfileRecord),
})
type ProfileFile = z.infer<typeof ProfileFile>

export class ProfileStore {
  private data: ProfileFile = { version: 1, activeProfileId: null, profiles: [] }
  private readonly file: string
  private readonly writes = new SerialQueue()

  constructor(dataDir: string) {
    this.file = join(dataDir, 'profiles.json')
  }

  /**
   * Reads the file; a missing file is a first start. One that cannot be read (truncated, not JSON, not a profile file)
   * is moved aside under a timestamped name, never deleted, and the start goes on afresh: the answer says so.
   */
  async load(): Promise<string | undefined> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      return this.moveAside(error instanceof Error ? error.message : String(error))
    }
    let parsed
    try {
      parsed = ProfileFile.safeParse(JSON.parse(text))
    } catch (error) {
      return this.moveAside(`it is not valid JSON (${error instanceof Error ? error.message : String(error)})`)
    }
    if (!parsed.success)
      return this.moveAside(`it does not hold connection profiles (${parsed.error.issues[0]?.message})`)
    this.data = parsed.data
    return undefined
  }

  private moveAside(reason: string): string {
    let kept: string
    try {
      kept = setAside(this.file, 'unreadable')
    } catch (error) {
      return `profiles.json could not be read (${reason}) nor moved aside (${String(error)}). Matchdesk started on the Demo venue.`
    }
    return (
      `profiles.json could not be read: ${reason}. It was kept as ${kept}, and Matchdesk started on the Demo venue: ` +
      'add your connections again in Connect.'
    )
  }

  list(): ProfileRecord[] {
    return [...this.data.profiles]
  }

  find(id: string): ProfileRecord | undefined {
    return this.data.profiles.find((profile) => profile.id === id)
  }

  get activeId(): string | null {
    return this.data.activeProfileId
  }

  async upsert(record: Omit<ProfileRecord, 'id'> & { id?: string | undefined }): Promise<ProfileRecord> {
    const saved = ProfileRecord.parse({ ...record, id: record.id ?? randomUUID() })
    const at = this.data.profiles.findIndex((profile) => profile.id === saved.id)
    if (at >= 0) this.data.profiles[at] = saved
    else this.data.profiles.push(saved)
    await this.write()
    return saved
  }

  async remove(id: string): Promise<void> {
    this.data.profiles = this.data.profiles.filter((profile) => profile.id !== id)
    if (this.data.activeProfileId === id) this.data.activeProfileId = null
    await this.write()
  }

  async setActive(id: string): Promise<void> {
    this.data.activeProfileId = id
    await this.write()
  }

  /** Writes one at a time, each whole and synced to disk (write-file-atomic: a temporary file, fsync, rename). */
  private write(): Promise<void> {
    return this.writes.run(async () => {
      await mkdir(join(this.file, '..'), { recursive: true, mode: 0o700 })
      await writeFileAtomic(this.file, JSON.stringify(this.data, null, 2) + '\n', { mode: 0o600 })
    })
  }
}
