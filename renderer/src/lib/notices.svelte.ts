// Short messages for the person at the desk: confirmations and errors, each gone after a few seconds.
import { subscribe } from './ipc'

export interface Notice {
  id: number
  level: 'info' | 'warning' | 'error'
  message: string
}

class Notices {
  list = $state<Notice[]>([])
  private next = 1

  show(level: Notice['level'], message: string, ms = 4000): void {
    const notice = { id: this.next++, level, message }
    this.list = [...this.list, notice]
    setTimeout(() => (this.list = this.list.filter((n) => n.id !== notice.id)), ms)
  }

  start(): () => void {
    const stopNotice = subscribe('app:notice', ({ level, message }) => this.show(level, message))
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
