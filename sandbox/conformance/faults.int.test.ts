// Faults for tests, set at start, through the returned object, or with --control over HTTP; and request stats.
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../index'
import { openSession } from '../../tests/support/sandbox-session'

let sandbox: Sandbox | undefined
afterEach(async () => {
  await sandbox?.close()
  sandbox = undefined
})

const streamUrl = (sb: Sandbox) => `${sb.organizer}/streams`

describe('faults', () => {
  it('adds latency', async () => {
    sandbox = await startSandbox({ faults: { latencyMs: 150 } })
    const s = await openSession(sandbox)
    const started = performance.now()
    await s.org('GET', '/disciplines', { range: 'disciplines=0-9' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('changes only the faults named: going offline and back keeps the latency that was set', async () => {
    sandbox = await startSandbox({ faults: { failureRate: 0.25 } })
    await sandbox.faults.update({ latencyMs: 120 })
    await sandbox.faults.setOffline(true)
    await sandbox.faults.setOffline(false)
    expect(sandbox.faults.settings).toMatchObject({ latencyMs: 120, failureRate: 0.25, offline: false })
    const s = await openSession(sandbox)
    const started = performance.now()
    await s.org('GET', '/disciplines', { range: 'disciplines=0-9' }).catch(() => undefined)
    expect(performance.now() - started).toBeGreaterThanOrEqual(110)
  })

  it('answers a share of requests 503 or 429 with Retry-After', async () => {
    sandbox = await startSandbox({ faults: { failureRate: 1, failureStatus: 429, retryAfterSeconds: 7 } })
    const answer = await fetch(`${sandbox.organizer}/disciplines`, {
      headers: { 'x-api-key': sandbox.apiKey, range: 'disciplines=0-9' },
    })
    expect(answer.status).toBe(429)
    expect(answer.headers.get('retry-after')).toBe('7')
    await sandbox.faults.update({ failureRate: 0.5, failureStatus: 503 })
    const statuses = await Promise.all(
      Array.from(
        { length: 40 },
        async () =>
          (
            await fetch(`${sandbox!.organizer}/disciplines`, {
              headers: { 'x-api-key': sandbox!.apiKey, range: 'disciplines=0-9' },
            })
          ).status,
      ),
    )
    expect(statuses).toContain(503)
    expect(statuses).toContain(206)
  })

  it('drops connections', async () => {
    sandbox = await startSandbox({ faults: { dropRate: 1 } })
    await expect(fetch(`${sandbox.organizer}/disciplines`)).rejects.toThrow()
  })

  it('commits a write but loses its response', async () => {
    sandbox = await startSandbox()
    const s = await openSession(sandbox)
    const tournament = [...sandbox.store.tournaments.keys()][0]!
    const before = sandbox.store.streamsOfTournament(tournament).length
    await sandbox.faults.update({ loseResponseRate: 1 })
    await expect(
      fetch(streamUrl(sandbox), {
        method: 'POST',
        headers: {
          'x-api-key': sandbox.apiKey,
          authorization: `Bearer ${s.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          tournament_id: tournament,
          name: 'Lost answer',
          url: 'https://twitch.tv/lost',
          language: 'en',
        }),
      }),
    ).rejects.toThrow()
    expect(sandbox.store.streamsOfTournament(tournament).map((st) => st.name)).toContain('Lost answer')
    expect(sandbox.store.streamsOfTournament(tournament).length).toBe(before + 1)
  })

  it('goes offline (connections refused) and comes back on the same address', async () => {
    sandbox = await startSandbox()
    const url = `${sandbox.participant}/disciplines`
    const headers = { 'x-api-key': sandbox.apiKey, range: 'disciplines=0-9' }
    expect((await fetch(url, { headers })).status).toBe(206)
    await sandbox.faults.setOffline(true)
    const refused = await fetch(url, { headers }).catch(
      (error: Error & { cause?: { code?: string } }) => error.cause?.code,
    )
    expect(refused).toBe('ECONNREFUSED')
    await sandbox.faults.setOffline(false)
    expect((await fetch(url, { headers })).status).toBe(206)
  })
})

describe('control routes (--control)', () => {
  it('do not exist without control', async () => {
    sandbox = await startSandbox()
    expect((await fetch(`${sandbox.origin}/_sandbox/stats`, { headers: { 'x-api-key': sandbox.apiKey } })).status).toBe(
      404,
    )
  })

  it('change faults while running, need the demo key, and go offline for a while', async () => {
    sandbox = await startSandbox({ control: true })
    const control = (body: unknown, key = sandbox!.apiKey) =>
      fetch(`${sandbox!.origin}/_sandbox/faults`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await control({ latencyMs: 5 }, 'wrong-key-123')).status).toBe(401)
    expect((await control({ latencyMs: -1 })).status).toBe(400)
    expect(await (await control({ failureRate: 1 })).json()).toMatchObject({ failureRate: 1, offline: false })
    expect(
      (
        await fetch(`${sandbox.participant}/disciplines`, {
          headers: { 'x-api-key': sandbox.apiKey, range: 'disciplines=0-9' },
        })
      ).status,
    ).toBe(503)
    await control({ failureRate: 0, offlineForMs: 300 })
    await expect(fetch(`${sandbox.origin}/_sandbox/stats`)).rejects.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect((await fetch(`${sandbox.origin}/_sandbox/stats`, { headers: { 'x-api-key': sandbox.apiKey } })).status).toBe(
      200,
    )
  })

  it('stats count requests per method and route template, and per status', async () => {
    sandbox = await startSandbox({ control: true })
    const s = await openSession(sandbox)
    await s.org('GET', '/participants', { range: 'participants=0-9' })
    await s.org('GET', '/participants', { range: 'participants=10-19' })
    await s.org('GET', '/participants/1')
    const stats = (await (
      await fetch(`${sandbox.origin}/_sandbox/stats`, { headers: { 'x-api-key': sandbox.apiKey } })
    ).json()) as {
      routes: Record<string, number>
      statuses: Record<string, number>
    }
    expect(stats.routes['GET /organizer/v2/participants']).toBe(2)
    expect(stats.routes['GET /organizer/v2/participants/:id']).toBe(1)
    expect(stats.routes['POST /oauth/v2/token']).toBe(1)
    expect(stats.statuses).toMatchObject({ '206': 2, '404': 1, '200': 1 })
    expect(sandbox.stats.count('GET', '/organizer/v2/participants')).toBe(2)
  })
  it('give a match its result as the organiser would, and say which match cannot end', async () => {
    sandbox = await startSandbox({ control: true })
    const result = (id: string) =>
      fetch(`${sandbox!.origin}/_sandbox/matches/${id}/result`, {
        method: 'POST',
        headers: { 'x-api-key': sandbox!.apiKey },
      })
    const nodes = [...sandbox.store.nodes.values()]
    const ready = nodes.find((n) => sandbox!.engine.isReady(n))!
    const answer = await result(ready.id)
    expect(answer.status).toBe(200)
    const ended = (await answer.json()) as { status: string; opponents: { result: string | null }[] }
    expect(ended.status).toBe('completed')
    expect(ended.opponents.every((o) => ['win', 'loss', 'draw'].includes(o.result!))).toBe(true)
    // The service's list says it too.
    const s = await openSession(sandbox)
    const listed = await s.org('GET', `/bracket-nodes?round_ids[]=${ready.round_id}`, {
      range: 'nodes=0-127',
    })
    const items = listed.body as { id: string; status: string }[]
    expect(items.find((n) => n.id === ready.id)?.status).toBe('completed')
    // Played once: a second result is refused, the first kept.
    const again = await result(ready.id)
    expect(again.status).toBe(409)
    expect(JSON.stringify(await again.json())).toContain('has its result already')
    const waiting = nodes.find((n) => n.status === 'pending' && !sandbox!.engine.isReady(n))!
    const refused = await result(waiting.id)
    expect(refused.status).toBe(409)
    expect(JSON.stringify(await refused.json())).toContain('no two opponents yet')
    expect((await result('no-such-match')).status).toBe(404)
  })
})
