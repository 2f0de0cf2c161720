// A page's failures sent to main's log: uncaught errors and rejections, and what a module reports, gathered for a
// moment and sent in one call through the sender the page gives (IPC for the desk's window, the hub for a device
// page). Bounded on the page too: lines cut to the contract's lengths, a budget a minute, nothing sent in a loop.
import { PAGE_LOG_LIMITS, pageLineOf, type PageLine } from '../../../shared/log/page-lines'

export type SendLines = (lines: PageLine[]) => Promise<unknown>

/** Lines this page sends a minute at most (main keeps its own budget per page as well). */
const PER_MINUTE = 30
const GATHER_MS = 500

let send: SendLines | undefined
let waiting: PageLine[] = []
let timer: ReturnType<typeof setTimeout> | undefined
let minute = { since: 0, sent: 0 }

/** Sends this page's failures with `sender` from now on; uncaught errors and rejections are reported as `module`. */
export function sendFailuresWith(module: string, sender: SendLines, target: Window = window): void {
  send = sender
  target.addEventListener('error', (event) => reportFailure(module, event.error ?? event.message, 'error'))
  target.addEventListener('unhandledrejection', (event) => reportFailure(module, event.reason, 'error'))
}

/** A failure nobody on the page is told of, written to main's log under `module` (a view, a component). */
export function reportFailure(module: string, error: unknown, level: PageLine['level'] = 'warn', what?: string): void {
  const now = Date.now()
  if (now - minute.since >= 60_000) minute = { since: now, sent: 0 }
  if (!send || minute.sent >= PER_MINUTE) return
  minute.sent++
  waiting.push(pageLineOf(module, error, level, what))
  // A full call goes at once; otherwise the lines of the next moment go together.
  if (waiting.length >= PAGE_LOG_LIMITS.lines) {
    clearTimeout(timer)
    flush()
  } else timer ??= setTimeout(flush, GATHER_MS)
}

/** A handler for a promise whose failure the page lets go: reported as "`what` failed", then let go (main's `failed`). */
export const failed =
  (module: string, what: string) =>
  (error: unknown): undefined =>
    void reportFailure(module, error, 'warn', what)

function flush(): void {
  timer = undefined
  const lines = waiting
  waiting = []
  // let go: the log itself unreachable (the desk going away): nothing to tell, and no line about it, which would loop.
  if (send && lines.length) void send(lines).catch(() => undefined)
}
