// What main has to tell the person (a file moved aside, a fresh cache): kept for a renderer that opens later, and pushed.
import type { EventBus } from './event-bus'

export interface Notice {
  id: number
  level: 'info' | 'warning' | 'error'
  message: string
}

export class NoticeLog {
  private readonly kept: Notice[] = []
  private next = 1

  constructor(private readonly bus: EventBus) {}

  /** Records a notice and pushes it to every open window; `app:info` hands the kept ones to windows opened later. */
  record(level: Notice['level'], message: string): void {
    const notice = { id: this.next++, level, message }
    this.kept.push(notice)
    this.bus.publish('app:notice', notice)
  }

  list(): Notice[] {
    return [...this.kept]
  }
}
