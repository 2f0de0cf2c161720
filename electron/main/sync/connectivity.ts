// Online or offline, judged from how requests end, plus a light probe while offline that notices the way back, its
// waits doubling as `backoff.ts` has every retry's.
import { backoffCeiling, type Backoff } from '../backoff'
import type { Clock } from '../clock'
import { moduleLog } from '../log'

const log = moduleLog('connectivity')

export type ConnectionState = 'online' | 'offline'

export interface ConnectivityOptions {
  clock: Clock
  /** Any answer from the service counts as reachable; only network failures count against. */
  probe(): Promise<boolean>
  onChange(state: ConnectionState): void
  probeMinMs?: number
  probeMaxMs?: number
}

export class Connectivity {
  private current: ConnectionState = 'online'
  private timer?: NodeJS.Timeout
  /** Probes made since the service went away: the next waits `backoff.ts`'s doubling wait for that many. */
  private probes = 0
  private stopped = false
  private readonly waits: Backoff

  constructor(private readonly options: ConnectivityOptions) {
    this.waits = { baseMs: options.probeMinMs ?? 1000, capMs: options.probeMaxMs ?? 15_000 }
  }

  get state(): ConnectionState {
    return this.current
  }

  report(reachable: boolean): void {
    const next: ConnectionState = reachable ? 'online' : 'offline'
    if (next === this.current) return
    this.current = next
    if (next === 'offline') this.scheduleProbe(true)
    else this.clearProbe()
    this.options.onChange(next)
  }

  stop(): void {
    this.stopped = true
    this.clearProbe()
  }

  private clearProbe(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    this.probes = 0
  }

  private scheduleProbe(reset = false): void {
    if (this.stopped) return
    if (reset) this.probes = 0
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.runProbe(), backoffCeiling(this.waits, this.probes))
    this.timer.unref()
  }

  private async runProbe(): Promise<void> {
    const reachable = await this.options.probe().catch((error: unknown) => {
      log.debug('the service probe failed', { err: error })
      return false
    })
    if (this.stopped || this.current === 'online') return
    if (reachable) return this.report(true)
    this.probes++
    this.scheduleProbe()
  }
}
