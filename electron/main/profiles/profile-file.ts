// The non-secret parts of connection profiles, kept as JSON in the app data folder (written atomically).
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { SCOPES } from '../../../shared/api'

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

  constructor(dataDir: string) {
    this.file = join(dataDir, 'profiles.json')
  }

  /** Reads the file; a missing file is a first start, an unreadable one is kept aside and started afresh. */
  async load(): Promise<void> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch {
      return
    }
    const parsed = ProfileFile.safeParse(JSON.parse(text.trim() || '{}'))
    if (parsed.success) this.data = parsed.data
    else await rename(this.file, `${this.file}.unreadable-${Date.now()}`)
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

  private async write(): Promise<void> {
    await mkdir(join(this.file, '..'), { recursive: true })
    const temporary = `${this.file}.${process.pid}.tmp`
    await writeFile(temporary, JSON.stringify(this.data, null, 2) + '\n', { mode: 0o600 })
    await rename(temporary, this.file)
  }
}
