// The pages' lines in main's log: the desk's window (over IPC) and the hub's device pages (door, board, tablet,
// overlay) send their failures here; each source has a budget per minute, and what passes it is counted, not written.
import type { PageLine } from '../../shared/log/page-lines'
import { moduleLog, type ModuleLog } from './log'

/** Lines one source may write a minute; a page failing in a loop writes this many and a count, not a flood. */
export const PAGE_LINES_PER_MINUTE = 30
const MINUTE_MS = 60_000
/** Sources remembered at once (a venue's devices and the desk); the oldest is forgotten past this. */
const SOURCES_KEPT = 500
/** Page modules whose logger is kept (a page names its own: past this, a logger is made for each line). */
const MODULES_KEPT = 200
/** The budget's own lines are main's, under a module no page can name (pages' modules are `page:…`). */
const ownLog = moduleLog('page-log')

interface Budget {
  since: number
  written: number
  dropped: number
}

export class PageLog {
  private readonly budgets = new Map<string, Budget>()
  private readonly logs = new Map<string, ModuleLog>()

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Writes a page's lines under `page:<module>`, naming the source (the desk, a device's id, an address). Answers how
   * many were written; the rest of this minute's are counted and said with the first line of the next.
   */
  write(source: string, lines: readonly PageLine[]): number {
    const budget = this.budgetOf(source)
    let written = 0
    for (const line of lines) {
      if (budget.written >= PAGE_LINES_PER_MINUTE) {
        budget.dropped++
        continue
      }
      budget.written++
      written++
      const log = this.logOf(line.module)
      log[line.level](line.message, { source, ...(line.stack ? { stack: line.stack } : {}) })
    }
    return written
  }

  private budgetOf(source: string): Budget {
    const at = this.now()
    let budget = this.budgets.get(source)
    if (budget && at - budget.since >= MINUTE_MS) {
      if (budget.dropped > 0)
        ownLog.warn(`${budget.dropped} lines from this page passed its budget and were not written`, { source })
      budget = undefined
    }
    if (!budget) {
      budget = { since: at, written: 0, dropped: 0 }
      this.budgets.delete(source)
      this.budgets.set(source, budget)
      if (this.budgets.size > SOURCES_KEPT) this.budgets.delete(this.budgets.keys().next().value!)
    }
    return budget
  }

  private logOf(module: string): ModuleLog {
    let log = this.logs.get(module)
    if (!log) {
      log = moduleLog(`page:${module}`)
      if (this.logs.size < MODULES_KEPT) this.logs.set(module, log)
    }
    return log
  }
}
