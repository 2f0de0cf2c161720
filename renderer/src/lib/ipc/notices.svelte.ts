// Short messages for the person at the desk: confirmations and errors that fade, and main's records that stay until dismissed.
import type { EventPayload } from '../../../../shared/ipc/events'
import { subscribe } from './ipc'

export interface Notice {
  id: number
  level: 'info' | 'warning' | 'error'
  message: string
  /** Stays until the person dismisses it. */
  sticky: boolean
}

class Notices {
  list = $state<Notice[]>([])
  private next = 1
  /** Ids of main's notices already shown: one arrives both as an event and in app:info. */
  private readonly fromMain = new Set<number>()

  show(level: Notice['level'], message: string, ms = 4000): void {
    const notice = { id: this.next++, level, message, sticky: ms === 0 }
    this.list = [...this.list, notice]
    if (ms > 0) setTimeout(() => this.dismiss(notice.id), ms)
  }

  /** A notice main recorded (a damaged file moved aside): shown once, kept until dismissed. */
  showFromMain({ id, level, message }: EventPayload<'app:notice'>): void {
    if (id === undefined) return this.show(level, message)
    if (this.fromMain.has(id)) return
    this.fromMain.add(id)
    this.show(level, message, 0)
  }

  dismiss(id: number): void {
    this.list = this.list.filter((n) => n.id !== id)
  }

  start(): () => void {
    const stopNotice = subscribe('app:notice', (notice) => this.showFromMain(notice))
    const stopSession = subscribe('auth:session-ended', ({ reason }) =>
      this.show('error', `Signed out: ${reason}. Sign in again in Connect.`, 10_000),
    )
    return () => {
      stopNotice()
      stopSession()
    }
  }
}

export const notices = new Notices()
