// One IPC call: unknown channel refused, input parsed by the contract, handler run, answered once what it wrote is on
// disk, every outcome a Result.
import type { z } from 'zod'
import { contract, isChannel, type Channel, type Contract, type Output } from '../../../shared/ipc/contract'
import type { Result } from '../../../shared/ipc/result'
import { fieldErrors, summarizeIssues } from '../../../shared/api/errors'
import { AppError } from '../app-error'
import { moduleLog } from '../log'

export type Handler<C extends Channel> = (input: z.output<Contract[C]['input']>) => Promise<Output<C>> | Output<C>
export type Handlers = { [C in Channel]: Handler<C> }
/** The handlers of one channel prefix: `HandlersOf<'streams'>` serves every `streams:*` channel, and only those. */
export type HandlersOf<P extends string> = Pick<Handlers, Extract<Channel, `${P}:${string}`>>

export type Dispatch = (channel: unknown, input: unknown) => Promise<Result<unknown>>

/** Logs what went wrong without letting it cross the bridge; injected so tests stay quiet. */
export type ErrorLog = (channel: string, error: unknown) => void

/** Resolves once every write made so far is on disk (writes share a flush, so an answer waits for it). */
export type OnDisk = () => Promise<void>

const nothingWaits: OnDisk = () => Promise.resolve()

export function createDispatch(handlers: Handlers, logError: ErrorLog = defaultLog, onDisk = nothingWaits): Dispatch {
  return async (channel, input) => {
    if (!isChannel(channel)) {
      return { ok: false, error: { code: 'not_found', message: `unknown channel ${String(channel)}` } }
    }
    const parsed = contract[channel].input.safeParse(input ?? {})
    if (!parsed.success) {
      return {
        ok: false,
        error: { code: 'validation', message: summarizeIssues(parsed.error), fields: fieldErrors(parsed.error) },
      }
    }
    try {
      const handler = handlers[channel] as (input: unknown) => unknown
      const value = await handler(parsed.data)
      await onDisk()
      return { ok: true, value }
    } catch (error) {
      if (error instanceof AppError) {
        return {
          ok: false,
          error: { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) },
        }
      }
      logError(channel, error)
      return {
        ok: false,
        error: { code: 'internal', message: 'Something went wrong in Matchdesk; the details are in the log.' },
      }
    }
  }
}

const log = moduleLog('ipc')

function defaultLog(channel: string, error: unknown): void {
  log.error(`${channel} failed`, { err: error })
}
