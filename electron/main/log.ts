// Main's log: one file in the data folder (`matchdesk.log`, JSON lines by pino; past 5 MB at a start the old one is
// kept as `matchdesk.log.1`), a level (MATCHDESK_LOG_LEVEL: debug, info, warn, error; info by default), and a logger per
// module, so a failure in the background (a refresh, a logo, a webhook) is written down instead of vanishing. What is
// logged before the data folder's log first opens (the start itself) is kept and written when it opens.
import { existsSync, renameSync, statSync } from 'node:fs'
import { join } from 'node:path'
import pino, { type Logger } from 'pino'

export const LOG_FILE = 'matchdesk.log'
/** Past this size at a start, the log is kept as one older generation and a new one begins. */
const KEEP_BYTES = 5 * 1024 * 1024
const LEVELS = ['debug', 'info', 'warn', 'error'] as const

const level = () => {
  const asked = process.env['MATCHDESK_LOG_LEVEL']
  return LEVELS.find((known) => known === asked) ?? 'info'
}

/**
 * Until a data folder's log is open nothing is written to a file (lines are kept for it, `early`), and after it closes
 * nothing at all: tests and tools stay quiet.
 */
let root: Logger = pino({ level: 'silent' })
let destination: ReturnType<typeof pino.destination> | undefined

type Method = 'debug' | 'info' | 'warn' | 'error'
/** Lines logged before the first log opened (the start: the data folder, the keychain), at most this many. */
const EARLY_KEPT = 200
let early: { method: Method; details: object; message: string; at: string }[] | undefined = []
let earlyDropped = 0

function write(method: Method, details: object, message: string): void {
  if (!early) return void root[method](details, message)
  if (LEVELS.indexOf(method) < LEVELS.indexOf(level())) return
  if (early.length < EARLY_KEPT) early.push({ method, details, message, at: new Date().toISOString() })
  else earlyDropped++
}

/**
 * Opens the log in the data folder; what every module logs goes there until the answered function closes it (a log
 * opened since by other services in the same process, as tests start them, is left open).
 */
export function openLog(dataDir: string): () => void {
  destination?.end()
  const file = join(dataDir, LOG_FILE)
  if (existsSync(file) && statSync(file).size > KEEP_BYTES) renameSync(file, `${file}.1`)
  // Written at once (a line is rare and small): what was logged before a crash is in the file.
  const opened = pino.destination({ dest: file, mkdir: true, sync: true, mode: 0o600 })
  destination = opened
  root = pino({ level: level(), base: undefined }, opened)
  const kept = early ?? []
  early = undefined
  for (const line of kept) root[line.method]({ ...line.details, loggedAt: line.at }, line.message)
  if (earlyDropped > 0) root.warn({ module: 'log' }, `${earlyDropped} lines logged before the log opened were not kept`)
  return () => {
    if (destination !== opened) return
    opened.end()
    destination = undefined
    root = pino({ level: 'silent' })
  }
}

export interface ModuleLog {
  debug(message: string, details?: object): void
  info(message: string, details?: object): void
  warn(message: string, details?: object): void
  error(message: string, details?: object): void
  /**
   * A handler for a promise whose failure nobody else hears of: logged, then let go. A warning by default; `debug` for
   * work that fails as a matter of course while the service is away (a live tick, a background refresh).
   */
  failed(what: string, level?: 'debug' | 'warn'): (error: unknown) => undefined
}

/** The logger of one module (its name on every line). */
export function moduleLog(module: string): ModuleLog {
  const at =
    (method: Method) =>
    (message: string, details: object = {}) =>
      write(method, { module, ...details }, message)
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    failed:
      (what, level = 'warn') =>
      (error) => {
        write(level, { module, err: error }, `${what} failed`)
        return undefined
      },
  }
}
