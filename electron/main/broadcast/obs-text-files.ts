// The text files a stream's OBS setup writes beside its text sources (for programs that read files): one queue per
// folder, each write taking the newest fields due when its turn comes, so a slow disk (a network drive) delays only the
// files — never OBS — and they end at what was shown last.
import type { ObsField } from '../../../shared/broadcast/obs'
import { SerialQueue } from '../serial-queue'
import type { StreamObs } from './obs-stream'
import { writeTextFiles } from './obs-writes'

export class ObsTextFiles {
  private readonly queues = new Map<string, SerialQueue>()

  constructor(
    /** Whether the stream's OBS is still the one kept (a link made again writes through its own). */
    private readonly isCurrent: (obs: StreamObs) => boolean,
    /** Keeps what went wrong for the column. */
    private readonly failed: (obs: StreamObs, what: string) => void,
  ) {}

  /** Queues the files' write of `fields` (the newest due is what the queued write takes). */
  writeSoon(obs: StreamObs, fields: Record<ObsField, string>): void {
    const folder = obs.settings.folder
    if (!folder) return
    const queued = obs.filesDue !== undefined
    obs.filesDue = fields
    if (queued) return
    // One queue per folder, not per link: a link made again (new settings) writes after the old one's last write.
    void this.queueOf(folder).run(async () => {
      const due = obs.filesDue
      obs.filesDue = undefined
      if (!due || !this.isCurrent(obs)) return
      await writeTextFiles(folder, obs.files, due).catch((error: unknown) =>
        this.failed(obs, `text files in ${folder} (${(error as Error).message})`),
      )
    })
  }

  /** Resolves once every write queued so far is done. */
  async idle(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.idle()))
  }

  private queueOf(folder: string): SerialQueue {
    const queue = this.queues.get(folder) ?? new SerialQueue()
    this.queues.set(folder, queue)
    return queue
  }
}
