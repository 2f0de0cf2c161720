// The Organizer client: base URLs, headers, timeouts, retries with backoff, one token refresh on 401, parsed answers.
import { FetchError, ofetch } from 'ofetch'
import type { z } from 'zod'
import { buildRange, parseContentRange, type ContentRange, type RangeUnit } from '../../../shared/api'
import { systemClock, type Clock } from '../clock'
import { ApiError, errorFromAnswer, offlineError, timeoutError } from './api-error'
import { DEFAULT_BACKOFF, retryDelay, type BackoffPolicy } from '../backoff'

import type { ServiceBases } from '../../../shared/ipc/service-bases'
import { moduleLog } from '../log'

const log = moduleLog('api-client')

export type { ServiceBases }

/** Where access tokens come from: the current one, and a refresh shared by every caller that saw `stale` fail. */
export interface TokenSource {
  current(): Promise<string>
  refresh(stale: string): Promise<string>
  /** Called when a refreshed token is refused too: the session is over. */
  sessionEnded(reason: string): void
}

export interface ClientConfig {
  bases: ServiceBases
  apiKey: () => Promise<string>
  tokens?: TokenSource
  clock?: Clock
  attemptTimeoutMs?: number
  deadlineMs?: number
  backoff?: BackoffPolicy
  /** Told after each request whether the service answered at all (drives online/offline). */
  onReachability?: (reachable: boolean) => void
}

export interface RequestSpec<T extends z.ZodType> {
  base: 'organizer' | 'participant' | 'v1'
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  /** A query string as built by toQueryString ("?a=1"), or "". */
  query?: string
  range?: { unit: RangeUnit; first: number; last: number }
  body?: unknown
  auth: 'token' | 'key' | 'none'
  headers?: Record<string, string>
  schema: T
  /** Human words for messages: "the stream list". */
  what: string
  /** Statuses answered as data instead of errors (416 for paging). */
  accept?: number[]
}

export interface Answer<T> {
  data: T
  status: number
  contentRange?: ContentRange
}

const RETRIED_METHODS = new Set(['GET', 'PUT', 'PATCH', 'DELETE'])
const RETRIED_STATUSES = new Set([429, 502, 503, 504])

export class OrganizerClient {
  private readonly clock: Clock
  private readonly backoff: BackoffPolicy

  constructor(readonly config: ClientConfig) {
    this.clock = config.clock ?? systemClock
    this.backoff = config.backoff ?? DEFAULT_BACKOFF
  }

  async request<T extends z.ZodType>(spec: RequestSpec<T>): Promise<Answer<z.output<T>>> {
    // A secret missing here (not stored on this machine) is said as such, never taken for the service being away.
    const apiKey = spec.auth !== 'none' ? await this.config.apiKey() : undefined
    let token = spec.auth === 'token' ? await this.token() : undefined
    let answer = await this.withRetries(spec, token, apiKey)
    if (answer.status === 401 && spec.auth === 'token' && token !== undefined) {
      token = await this.config.tokens!.refresh(token)
      answer = await this.withRetries(spec, token, apiKey)
      if (answer.status === 401) {
        this.config.tokens!.sessionEnded('the service refused a freshly refreshed token')
        throw new ApiError('unauthorized', 'Your session has ended: sign in again.', 401)
      }
    }
    const accepted = answer.status < 300 || spec.accept?.includes(answer.status)
    if (!accepted) throw errorFromAnswer(answer.status, answer.data, spec.what)
    const range = parseContentRange(answer.headers.get('content-range'))
    if (answer.status >= 300)
      return { data: undefined as z.output<T>, status: answer.status, ...(range && { contentRange: range }) }
    const parsed = spec.schema.safeParse(answer.status === 204 ? undefined : answer.data)
    if (!parsed.success) {
      throw new ApiError(
        'server',
        `The service answered ${spec.what} in an unexpected form: ${parsed.error.issues[0]?.message ?? ''}`,
        answer.status,
      )
    }
    return { data: parsed.data, status: answer.status, ...(range && { contentRange: range }) }
  }

  /** The light probe: any answer from the participant disciplines list means the service is there. */
  async reachable(): Promise<boolean> {
    // Any answer will do: without a stored API key the service still answers (401), so it is there.
    const apiKey = await this.config.apiKey().catch(log.failed('reading the API key for the probe'))
    try {
      await ofetch.raw(`${this.config.bases.participant}/disciplines`, {
        headers: { ...(apiKey && { 'x-api-key': apiKey }), range: buildRange('disciplines', 0, 0) },
        timeout: this.config.attemptTimeoutMs ?? 15_000,
        retry: 0,
        ignoreResponseError: true,
      })
      return true
    } catch {
      // let go: the answer is "not reachable", which the caller shows (the status bar, the connection test)
      return false
    }
  }

  private async token(): Promise<string> {
    if (!this.config.tokens)
      throw new ApiError('unauthorized', 'This connection has no sign-in: add credentials first.', undefined)
    return this.config.tokens.current()
  }

  private async withRetries(spec: RequestSpec<z.ZodType>, token: string | undefined, apiKey: string | undefined) {
    const started = this.clock.now()
    const deadline = started + (this.config.deadlineMs ?? 60_000)
    const retryable = RETRIED_METHODS.has(spec.method)
    for (let attempt = 0; ; attempt++) {
      const last = !retryable || attempt + 1 >= this.backoff.attempts
      let outcome: { status: number; data: unknown; headers: Headers } | ApiError
      try {
        outcome = await this.attempt(spec, token, apiKey)
        this.config.onReachability?.(true)
      } catch (error) {
        outcome = error instanceof ApiError ? error : offlineError(spec.what)
        this.config.onReachability?.(false)
      }
      const transient = outcome instanceof ApiError || RETRIED_STATUSES.has(outcome.status)
      if (!transient || last) {
        if (outcome instanceof ApiError) throw outcome
        return outcome
      }
      const delay = retryDelay(
        this.backoff,
        attempt,
        outcome instanceof ApiError ? undefined : outcome.headers.get('retry-after'),
        this.clock.now(),
        () => this.clock.random(),
      )
      if (this.clock.now() + delay > deadline) {
        if (outcome instanceof ApiError) throw outcome
        return outcome
      }
      await this.clock.sleep(delay)
    }
  }

  private async attempt(spec: RequestSpec<z.ZodType>, token: string | undefined, apiKey: string | undefined) {
    const headers: Record<string, string> = { accept: 'application/json', ...spec.headers }
    if (apiKey !== undefined) headers['x-api-key'] = apiKey
    if (token) headers['authorization'] = `Bearer ${token}`
    if (spec.range) headers['range'] = buildRange(spec.range.unit, spec.range.first, spec.range.last)
    try {
      const response = await ofetch.raw(`${this.config.bases[spec.base]}${spec.path}${spec.query ?? ''}`, {
        method: spec.method,
        headers,
        body: spec.body as Record<string, unknown> | undefined,
        timeout: this.config.attemptTimeoutMs ?? 15_000,
        retry: 0,
        ignoreResponseError: true,
      })
      return { status: response.status, data: response._data as unknown, headers: response.headers }
    } catch (error) {
      if (error instanceof FetchError && (error.cause as Error | undefined)?.name === 'TimeoutError')
        throw timeoutError(spec.what)
      throw offlineError(spec.what)
    }
  }
}
