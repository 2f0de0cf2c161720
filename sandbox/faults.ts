// Faults for tests: latency, 503/429 with Retry-After, dropped connections, lost responses, going offline.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { Rng } from './store/rng'

export const FaultSettings = z.strictObject({
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  /** Share of requests answered with `failureStatus` and a Retry-After. */
  failureRate: z.number().min(0).max(1).default(0),
  failureStatus: z.union([z.literal(503), z.literal(429)]).default(503),
  /** The methods failureRate applies to (all when absent): a test can fail the POST of a creation alone. */
  failureMethods: z.array(z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])).optional(),
  retryAfterSeconds: z.number().int().min(0).max(3600).default(1),
  /** Share of requests whose connection is cut before anything runs. */
  dropRate: z.number().min(0).max(1).default(0),
  /** Share of writes that are committed but whose response is lost. */
  loseResponseRate: z.number().min(0).max(1).default(0),
  offline: z.boolean().default(false),
})
export type FaultSettings = z.output<typeof FaultSettings>
/** A change of settings; `offlineForMs` goes offline and comes back by itself (HTTP control cannot reach an offline server). */
export const FaultUpdate = FaultSettings.partial().extend({
  offlineForMs: z.number().int().min(1).max(600_000).optional(),
})

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const LOSE = Symbol('lose-response')

export class Faults {
  settings: FaultSettings

  constructor(
    initial: Partial<FaultSettings>,
    seed: number,
    private readonly goOffline: (offline: boolean) => Promise<void>,
    private readonly rng = new Rng(seed ^ 0x5eed),
  ) {
    this.settings = FaultSettings.parse(initial)
  }

  private backOnline?: NodeJS.Timeout

  async update(input: z.input<typeof FaultUpdate>): Promise<FaultSettings> {
    const { offlineForMs, ...change } = FaultUpdate.parse(input)
    if (offlineForMs !== undefined) {
      change.offline = true
      clearTimeout(this.backOnline)
      this.backOnline = setTimeout(() => void this.update({ offline: false }), offlineForMs)
      this.backOnline.unref()
    }
    // Zod fills a partial schema's defaults in, so only the keys the caller named count as a change.
    const named = Object.fromEntries(
      Object.entries(change).filter(([key]) => key in input || (key === 'offline' && offlineForMs !== undefined)),
    )
    const next = FaultSettings.parse({ ...this.settings, ...named })
    const offlineChanged = next.offline !== this.settings.offline
    this.settings = next
    if (offlineChanged) await this.goOffline(next.offline)
    return next
  }

  setOffline(offline: boolean): Promise<FaultSettings> {
    clearTimeout(this.backOnline)
    return this.update({ offline })
  }

  dispose(): void {
    clearTimeout(this.backOnline)
  }

  /** onRequest: may delay, fail or cut the request; marks writes whose answer will be lost. */
  readonly onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const s = this.settings
    if (s.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, s.latencyMs))
    if (s.dropRate > 0 && this.rng.chance(s.dropRate)) {
      request.raw.socket.destroy()
      return reply.hijack()
    }
    const failing = !s.failureMethods || (s.failureMethods as string[]).includes(request.method)
    if (failing && s.failureRate > 0 && this.rng.chance(s.failureRate)) {
      await reply
        .code(s.failureStatus)
        .header('retry-after', String(s.retryAfterSeconds))
        .send({
          errors: [
            { message: s.failureStatus === 429 ? 'too many requests' : 'service unavailable', type: 'unavailable' },
          ],
        })
      return
    }
    if (WRITES.has(request.method) && s.loseResponseRate > 0 && this.rng.chance(s.loseResponseRate)) {
      ;(request as unknown as Record<symbol, boolean>)[LOSE] = true
    }
  }

  /** onSend: the write has been applied; cut the connection so the caller never learns it. */
  readonly onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if ((request as unknown as Record<symbol, boolean>)[LOSE] && reply.statusCode < 400) {
      request.raw.socket.destroy()
    }
    return payload
  }
}
