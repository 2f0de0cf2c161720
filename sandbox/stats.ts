// Counts of requests served per method and route template, and per status: what tests assert request counts on.
import type { FastifyReply, FastifyRequest } from 'fastify'

export interface StatsSnapshot {
  total: number
  routes: Record<string, number>
  statuses: Record<string, number>
}

export class Stats {
  private routes = new Map<string, number>()
  private statuses = new Map<string, number>()
  private total = 0

  readonly onRequest = async (request: FastifyRequest): Promise<void> => {
    this.total++
    const key = `${request.method} ${request.routeOptions.url ?? '(unknown route)'}`
    this.routes.set(key, (this.routes.get(key) ?? 0) + 1)
  }

  readonly onResponse = async (_request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = String(reply.statusCode)
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1)
  }

  count(method: string, route: string): number {
    return this.routes.get(`${method} ${route}`) ?? 0
  }

  snapshot(): StatsSnapshot {
    return { total: this.total, routes: Object.fromEntries(this.routes), statuses: Object.fromEntries(this.statuses) }
  }

  reset(): void {
    this.routes = new Map()
    this.statuses = new Map()
    this.total = 0
  }
}
