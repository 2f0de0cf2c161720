// Door phones for benchmarks, in a process of their own as phones on the venue Wi-Fi are: the hub's process (main)
// then does only the desk's work, and its event-loop delay is main's alone. Each round, every door scans its list of
// codes one after the other on its own keep-alive connection, all doors at once.
import { forked } from './forked'

export interface DoorPhonesJob {
  hub: string
  /** Each door's key, and per round the codes it scans. */
  doors: { key: string; rounds: string[][] }[]
}

export interface DoorRound {
  /** Each scan's time from asked to answered (ms), in the order answered. */
  acks: number[]
  outcomes: Record<string, number>
  ms: number
}

export interface DoorPhones {
  /** Runs the rounds; answers each round's figures. */
  scan(job: DoorPhonesJob): Promise<DoorRound[]>
  close(): void
}

/** Starts the phones' process and waits until it is ready, so its start is not measured with the scans. */
export async function doorPhones(): Promise<DoorPhones> {
  const worker = await forked<DoorPhonesJob, DoorRound[]>(new URL('./door-phones-process.ts', import.meta.url))
  return { scan: (job) => worker.run(job), close: () => worker.close() }
}
